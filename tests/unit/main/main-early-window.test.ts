import { afterAll, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, ipcMain } from '../../mocks/electron';
import { DeskEvents } from '../../../src-main/events/bus';
import type { RunningDesk } from '../../../src-main/desk';

vi.mock('electron', () => import('../../mocks/electron'));
const desk = vi.hoisted(() => {
  let start: (running: RunningDesk) => void = () => undefined;
  const starting = new Promise<RunningDesk>((resolve) => (start = resolve));
  return { starting, start: (running: RunningDesk) => start(running) };
});
vi.mock('../../../src-main/desk', () => ({ startDesk: vi.fn(() => desk.starting) }));

describe('main process start-up while the desk is still starting', () => {
  afterAll(() => {
    app.emit('will-quit');
  });

  it('opens the window before the training world is ready; the page’s first question waits for the desk and gets its answer', async () => {
    await import('../../../src-main/main');
    app.makeReady();
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1), { timeout: 10_000 });
    const [window] = BrowserWindow.created;
    await vi.waitFor(() => expect(window!.loadedUrl).toBe('app://desk/index.html'));

    let answer: unknown = null;
    const asking = Promise.resolve(
      ipcMain.handlers.get('app/info')!({ sender: window!.webContents, senderFrame: { url: 'app://desk/index.html', parent: null } }, undefined),
    ).then((result) => (answer = result));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer).toBeNull();

    desk.start({ dispatch: async (channel) => ({ ok: true, value: { channel } }), events: new DeskEvents(), close: async () => undefined });
    await asking;
    expect(answer).toEqual({ ok: true, value: { channel: 'app/info' } });
  });
});
