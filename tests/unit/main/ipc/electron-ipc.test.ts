import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../../../src-shared/ipc/channels';
import { DeskEvents } from '../../../../src-main/events/bus';
import { forwardEvents, registerIpcHandlers } from '../../../../src-main/ipc/electron-ipc';
import { FakeWebContents, ipcMain } from '../../../mocks/electron';

vi.mock('electron', () => import('../../../mocks/electron'));

const appContents = new FakeWebContents();
const policy = { origins: ['app://desk'], isAppContents: (contents: unknown) => contents === appContents };

function event(url: string, options: { sender?: unknown; parent?: unknown } = {}) {
  return { sender: options.sender ?? appContents, senderFrame: { url, parent: options.parent ?? null } };
}

describe('Electron IPC registration', () => {
  const dispatch = vi.fn(async (channel: unknown) => ({ ok: true as const, value: channel }));
  beforeEach(() => {
    ipcMain.reset();
    dispatch.mockClear();
    registerIpcHandlers(ipcMain as never, dispatch, policy as never);
  });

  it('registers exactly the contract channels, no generic one', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it("serves the app's own window on app://desk", async () => {
    const handler = ipcMain.handlers.get('staff/session')!;
    await expect(Promise.resolve(handler(event('app://desk/index.html#/board'), undefined))).resolves.toEqual({ ok: true, value: 'staff/session' });
  });

  it('rejects a message from a foreign frame URL', async () => {
    const handler = ipcMain.handlers.get('staff/signIn')!;
    const result = await handler(event('https://evil.example/phish'), { login: 'a', password: 'b' });
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('rejects a subframe even on the app origin', async () => {
    const handler = ipcMain.handlers.get('staff/session')!;
    const result = await handler(event('app://desk/index.html', { parent: {} }), undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('rejects a window the app did not create', async () => {
    const handler = ipcMain.handlers.get('staff/session')!;
    const result = await handler(event('app://desk/index.html', { sender: new FakeWebContents() }), undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('rejects file:// and look-alike hosts', async () => {
    const handler = ipcMain.handlers.get('staff/session')!;
    for (const url of ['file:///tmp/index.html', 'app://desk.evil/index.html', 'app://evil/index.html']) {
      await expect(Promise.resolve(handler(event(url), undefined))).resolves.toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });

  it('forwards events to live app windows only', () => {
    const events = new DeskEvents();
    const dead = new FakeWebContents();
    dead.destroyed = true;
    forwardEvents(events, () => [appContents, dead] as never);
    events.emit('connection/changed', { publisher: 'online', checkedAt: '2026-11-23T08:00:00.000Z' });
    expect(appContents.sent).toEqual([
      { channel: 'connection/changed', payload: { publisher: 'online', checkedAt: '2026-11-23T08:00:00.000Z' } },
    ]);
    expect(dead.sent).toEqual([]);
  });
});
