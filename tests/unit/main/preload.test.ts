import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENTS } from '../../../src-shared/ipc/channels';
import { contextBridge, ipcRenderer } from '../../mocks/electron';

vi.mock('electron', () => import('../../mocks/electron'));

describe('preload', () => {
  it('exposes window.desk with one named function per channel and nothing generic', async () => {
    await import('../../../src-main/preload');
    expect([...contextBridge.exposed.keys()]).toEqual(['desk']);
    const desk = contextBridge.exposed.get('desk') as Record<string, Record<string, unknown>>;
    for (const channel of CHANNELS) {
      const [domain, action] = channel.split('/') as [string, string];
      expect(typeof desk[domain]?.[action]).toBe('function');
    }
    expect(desk).not.toHaveProperty('invoke');
    expect(desk).not.toHaveProperty('ipcRenderer');
    expect(Object.keys(desk).sort()).toEqual([...new Set([...CHANNELS.map((c) => c.split('/')[0]), 'on'])].sort());
  });

  it('routes a call to its own channel and hands listeners the payload only', async () => {
    await import('../../../src-main/preload');
    const desk = contextBridge.exposed.get('desk') as {
      staff: { signIn(request: unknown): Promise<unknown> };
      on: Record<string, Record<string, (listener: (payload: unknown) => void) => () => void>>;
    };
    await desk.staff.signIn({ login: 'accueil', password: 'formation' });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('staff/signIn', { login: 'accueil', password: 'formation' });

    const received: unknown[][] = [];
    const [domain, action] = EVENTS[0].split('/') as [string, string];
    const stop = desk.on[domain]![action]!((...args) => received.push(args));
    ipcRenderer.emit(EVENTS[0], { sender: 'electron-event-object' }, { publisher: 'online' });
    stop();
    ipcRenderer.emit(EVENTS[0], {}, { publisher: 'offline' });
    expect(received).toEqual([[{ publisher: 'online' }]]);
  });
});
