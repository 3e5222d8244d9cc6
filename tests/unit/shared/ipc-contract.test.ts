import { describe, expect, it, vi } from 'vitest';
import { buildDeskApi } from '../../../src-shared/ipc/api';
import { CHANNELS, EVENTS } from '../../../src-shared/ipc/channels';
import { eventContract, ipcContract } from '../../../src-shared/ipc/contract';

describe('IPC contract', () => {
  it('declares a schema pair for every channel and a payload for every event, nothing more', () => {
    expect(Object.keys(ipcContract).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(eventContract).sort()).toEqual([...EVENTS].sort());
    for (const name of [...CHANNELS, ...EVENTS]) expect(name).toMatch(/^[a-z]+\/[a-zA-Z]+$/);
  });

  it('builds window.desk with named functions that reach their own channel', async () => {
    const invoke = vi.fn(async () => ({ ok: true as const, value: null }));
    const api = buildDeskApi({ invoke, subscribe: () => () => undefined });
    await api.staff.signOut();
    await api.staff.signIn({ login: 'l', password: 'p' });
    expect(invoke.mock.calls).toEqual([
      ['staff/signOut', undefined],
      ['staff/signIn', { login: 'l', password: 'p' }],
    ]);
  });
});
