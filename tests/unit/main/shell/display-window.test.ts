import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDisplayWindows } from '../../../../src-main/shell/display-window';
import { BrowserWindow, screen } from '../../../mocks/electron';

vi.mock('electron', () => import('../../../mocks/electron'));

describe('public display window', () => {
  const created: unknown[] = [];
  const displays = () =>
    createDisplayWindows({ screen: screen as never, preloadPath: '/app/preload.cjs', entryUrl: 'app://desk/index.html', devTools: false, onCreated: (window) => created.push(window) });

  beforeEach(() => {
    BrowserWindow.created.length = 0;
    created.length = 0;
  });

  it('lists the screens, naming the unnamed ones by their size', () => {
    expect(displays().screens()).toEqual([
      { id: 1, label: 'Desk', primary: true },
      { id: 2, label: '2 · 1280×720', primary: false },
    ]);
  });

  it('opens fullscreen on the waiting-room screen by default, with the main window security flags, at #/display', () => {
    displays().open(null);
    const [window] = BrowserWindow.created;
    expect(window!.options).toMatchObject({ x: 1920, y: 0, width: 1280, height: 720, fullscreen: true, frame: false, show: false });
    expect(window!.options.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      devTools: false,
    });
    expect(window!.loadedUrl).toBe('app://desk/index.html#/display');
    // Known to IPC and events like the main window.
    expect(created).toEqual([window]);
  });

  it('opening again moves the one display window to the chosen screen', () => {
    const windows = displays();
    windows.open(2);
    windows.open(1);
    expect(BrowserWindow.created).toHaveLength(1);
    const [window] = BrowserWindow.created;
    expect(window!.setBounds).toHaveBeenLastCalledWith({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(window!.setFullScreen).toHaveBeenLastCalledWith(true);
  });

  it('keeps the screen awake while the display is open, and lets it sleep once closed', () => {
    const powerSave = { start: vi.fn(() => 7), stop: vi.fn() };
    const windows = createDisplayWindows({ screen: screen as never, powerSave, preloadPath: '/app/preload.cjs', entryUrl: 'app://desk/index.html', devTools: false, onCreated: () => undefined });
    windows.open(null);
    windows.open(2);
    expect(powerSave.start).toHaveBeenCalledTimes(1);
    expect(powerSave.start).toHaveBeenCalledWith('prevent-display-sleep');
    expect(powerSave.stop).not.toHaveBeenCalled();
    BrowserWindow.created[0]!.close();
    expect(powerSave.stop).toHaveBeenCalledWith(7);
  });
});
