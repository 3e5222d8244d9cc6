import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, crashReporter, ipcMain, protocol, session } from '../../mocks/electron';
import { CHANNELS } from '../../../src-shared/ipc/channels';

vi.mock('electron', () => import('../../mocks/electron'));

describe('main process start-up', () => {
  afterAll(() => {
    app.emit('will-quit');
  });

  it('takes the single-instance lock, hardens the session and opens the app on app://', async () => {
    await import('../../../src-main/main');
    expect(app.requestSingleInstanceLock).toHaveBeenCalled();
    // Crashpad watches every process from the start, and keeps its dumps here.
    expect(crashReporter.start).toHaveBeenCalledWith(expect.objectContaining({ uploadToServer: false }));
    expect(protocol.privileged).toContainEqual(expect.objectContaining({ scheme: 'app' }));
    app.makeReady();
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1), { timeout: 10_000 });
    // No deployment file, nothing chosen at this desk: it does not start with the session.
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: false });
    const [window] = BrowserWindow.created;
    await vi.waitFor(() => expect(window!.loadedUrl).toBe('app://desk/index.html'));
    expect(window!.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(String((window!.options.webPreferences as { preload: string }).preload)).toMatch(/preload\.cjs$/);
    expect(session.defaultSession.permissionRequestHandler).not.toBeNull();
    expect(protocol.handlers.has('app')).toBe(true);
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    // Settings live in userData; the Training profile needs no file until something is saved.
    const info = await ipcMain.handlers.get('app/info')!(
      { sender: window!.webContents, senderFrame: { url: 'app://desk/index.html', parent: null } },
      undefined,
    );
    expect(info).toMatchObject({ ok: true, value: { runtime: 'electron', training: true } });
    // The desk's log goes to logs/ in the data folder.
    await vi.waitFor(() => expect(readdirSync(path.join(app.userData, 'logs')).some((name) => /^desk\.\d{4}-\d{2}-\d{2}\.\d+\.log$/.test(name))).toBe(true));
  });

  it('registers the desk with the session at once when a technician turns it on in Settings, and keeps it in workstation.json', async () => {
    const [window] = BrowserWindow.created;
    const call = (channel: string, request?: unknown) =>
      ipcMain.handlers.get(channel)!({ sender: window!.webContents, senderFrame: { url: 'app://desk/index.html', parent: null } }, request);
    expect(await call('technician/open', { with: 'pin', pin: '1234' })).toMatchObject({ ok: true });
    app.setLoginItemSettings.mockClear();
    expect(await call('workstation/setStartWithSession', { startWithSession: true })).toMatchObject({ ok: true, value: { startWithSession: true, appliedHere: true } });
    expect(app.setLoginItemSettings).toHaveBeenCalledExactlyOnceWith({ openAtLogin: true });
    expect(JSON.parse(readFileSync(path.join(app.userData, 'workstation.json'), 'utf8'))).toMatchObject({ startWithSession: true });
  });

  it('reloads the desk window onto its screen after its page crashed, and writes it in the audit trail', async () => {
    const [window] = BrowserWindow.created;
    window!.webContents.url = 'app://desk/index.html#/board';
    window!.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
    expect(window!.loads.at(-1)).toBe('app://desk/index.html#/board');
    await vi.waitFor(() => expect(readFileSync(path.join(app.userData, 'board-audit.jsonl'), 'utf8')).toContain('main window: oom (exit 0), reloaded on #/board'));
  });
});
