import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDisplayWindows } from '../../../../src-main/shell/display-window';
import { serialisedWrite } from '../../../../src-main/store/atomic-file';
import { WorkstationMemory, type DisplayMemory } from '../../../../src-main/shell/workstation-store';
import { BrowserWindow, screen } from '../../../mocks/electron';

vi.mock('electron', () => import('../../../mocks/electron'));

describe('public display window', () => {
  const created: unknown[] = [];
  const displays = () =>
    createDisplayWindows({ screen: screen as never, preloadPath: '/app/preload.cjs', entryUrl: 'app://desk/index.html', devTools: false, onCreated: (window) => created.push(window) });

  const plugged = [...screen.displays];
  beforeEach(() => {
    BrowserWindow.created.length = 0;
    created.length = 0;
    screen.listeners.clear();
    screen.displays = [...plugged];
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

describe('a public display that comes back', () => {
  const desk = { id: 1, label: 'Desk', bounds: { x: 0, y: 0, width: 1920, height: 1080 }, size: { width: 1920, height: 1080 } };
  const tv = { id: 2, label: '', bounds: { x: 1920, y: 0, width: 1280, height: 720 }, size: { width: 1280, height: 720 } };
  const hall = { id: 3, label: 'Hall', bounds: { x: -1920, y: 0, width: 1920, height: 1080 }, size: { width: 1920, height: 1080 } };
  let quitting = false;

  function memoryOf(display: DisplayMemory) {
    const memory = { display, rememberDisplay: vi.fn(async (next: DisplayMemory) => void (memory.display = next)) };
    return memory;
  }
  function displays(memory?: { display: DisplayMemory; rememberDisplay(next: DisplayMemory): Promise<void> }) {
    return createDisplayWindows({
      screen: screen as never,
      memory,
      quitting: () => quitting,
      preloadPath: '/app/preload.cjs',
      entryUrl: 'app://desk/index.html',
      devTools: false,
      onCreated: () => undefined,
    });
  }
  const unplug = (id: number) => {
    const gone = screen.displays.find((display) => display.id === id)!;
    screen.displays = screen.displays.filter((display) => display !== gone);
    screen.emit('display-removed', gone);
  };
  const plug = (display: (typeof screen.displays)[number]) => {
    screen.displays = [...screen.displays, display];
    screen.emit('display-added', display);
  };

  beforeEach(() => {
    BrowserWindow.created.length = 0;
    screen.listeners.clear();
    screen.displays = [desk, tv];
    quitting = false;
  });
  afterEach(() => {
    screen.displays = [desk, tv];
  });

  it('reopens at start on the screen it was on when the desk quit, remembered in the data folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-workstation-'));
    const first = await WorkstationMemory.open(dir);
    screen.displays = [desk, tv, hall];
    displays(first).open(3);
    await vi.waitFor(async () => expect((await WorkstationMemory.open(dir)).display.open).toBe(true));
    quitting = true;
    BrowserWindow.created[0]!.close();
    // Queued behind any write the closing asked for.
    await serialisedWrite(path.join(dir, 'workstation.json'), async () => undefined);
    BrowserWindow.created.length = 0;

    const next = await WorkstationMemory.open(dir);
    displays(next).restore();
    expect(BrowserWindow.created).toHaveLength(1);
    expect(BrowserWindow.created[0]!.options).toMatchObject({ x: -1920, y: 0, width: 1920, height: 1080, fullscreen: true });
  });

  it('stays closed at start when staff closed it by hand', async () => {
    const memory = memoryOf({ open: false, screen: null });
    displays(memory).open(2);
    BrowserWindow.created[0]!.close();
    expect(memory.display).toEqual({ open: false, screen: { id: 2, label: '', bounds: tv.bounds } });
    BrowserWindow.created.length = 0;
    displays(memory).restore();
    expect(BrowserWindow.created).toHaveLength(0);
  });

  it('finds its screen again when the TV came back with another id, by its place on the desktop or by its name', () => {
    screen.displays = [desk, { ...tv, id: 9 }];
    displays(memoryOf({ open: true, screen: { id: 2, label: '', bounds: tv.bounds } })).restore();
    expect(BrowserWindow.created[0]!.options).toMatchObject({ x: 1920, width: 1280 });

    BrowserWindow.created.length = 0;
    screen.listeners.clear();
    screen.displays = [desk, { ...hall, id: 12, bounds: { x: 1920, y: 0, width: 1920, height: 1080 } }];
    displays(memoryOf({ open: true, screen: { id: 3, label: 'Hall', bounds: hall.bounds } })).restore();
    expect(BrowserWindow.created[0]!.options).toMatchObject({ x: 1920, width: 1920 });
  });

  it('unplugged, it hides rather than cover the desk screen; plugged back, it is fullscreen there again', () => {
    displays(memoryOf({ open: false, screen: null })).open(2);
    const [window] = BrowserWindow.created;
    unplug(2);
    expect(window!.hide).toHaveBeenCalled();
    expect(window!.setBounds).not.toHaveBeenCalledWith(desk.bounds);
    // Windows gives the TV a new id when it comes back.
    plug({ ...tv, id: 5 });
    expect(window!.setBounds).toHaveBeenLastCalledWith(tv.bounds);
    expect(window!.setFullScreen).toHaveBeenLastCalledWith(true);
    expect(window!.show).toHaveBeenCalled();
    expect(BrowserWindow.created).toHaveLength(1);
  });

  it('unplugged while another waiting-room screen is plugged, it moves there', () => {
    screen.displays = [desk, tv, hall];
    displays(memoryOf({ open: false, screen: null })).open(2);
    const [window] = BrowserWindow.created;
    unplug(2);
    expect(window!.setBounds).toHaveBeenLastCalledWith(hall.bounds);
    expect(window!.setFullScreen).toHaveBeenLastCalledWith(true);
    expect(window!.hide).not.toHaveBeenCalled();
  });

  it('another screen plugged or unplugged leaves it where it is', () => {
    screen.displays = [desk, tv];
    displays(memoryOf({ open: false, screen: null })).open(2);
    const [window] = BrowserWindow.created;
    plug(hall);
    unplug(3);
    expect(window!.setBounds).not.toHaveBeenCalled();
    expect(window!.hide).not.toHaveBeenCalled();
  });

  it('with its TV off at start, it opens as soon as the TV is plugged, never on the desk screen meanwhile', () => {
    screen.displays = [desk];
    displays(memoryOf({ open: true, screen: { id: 2, label: '', bounds: tv.bounds } })).restore();
    expect(BrowserWindow.created).toHaveLength(0);
    plug(tv);
    expect(BrowserWindow.created).toHaveLength(1);
    expect(BrowserWindow.created[0]!.options).toMatchObject({ x: 1920, width: 1280, fullscreen: true });
  });

  it('a damaged memory file is kept aside with a notice, and the display waits to be opened by hand', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-workstation-'));
    writeFileSync(path.join(dir, 'workstation.json'), '{ "version": 1, "display": ');
    const memory = await WorkstationMemory.open(dir);
    displays(memory).restore();
    expect(BrowserWindow.created).toHaveLength(0);
    expect(existsSync(path.join(dir, 'workstation.json.corrupt'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'notices.json'), 'utf8')).notices).toEqual([
      expect.objectContaining({ kind: 'file-damaged', file: 'workstation.json', keptAs: 'workstation.json.corrupt' }),
    ]);
  });
});
