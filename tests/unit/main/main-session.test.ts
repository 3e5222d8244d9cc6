import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow } from '../../mocks/electron';
import { DEPLOYMENT_FILE_ENV } from '../../../src-main/deployment/file';
import { serialisedWrite } from '../../../src-main/store/atomic-file';

vi.mock('electron', () => import('../../mocks/electron'));
const updater = vi.hoisted(() => ({
  setFeedURL: vi.fn(),
  checkForUpdates: vi.fn(async () => ({ isUpdateAvailable: false })),
  downloadUpdate: vi.fn(async () => []),
  quitAndInstall: vi.fn(),
}));
vi.mock('electron-updater', () => ({ autoUpdater: updater }));

/** The desk as a clinic leaves it: started with the session by IT, its display left open on the TV last evening. */
describe('main process start-up of an unattended desk', () => {
  const deploymentFile = path.join(mkdtempSync(path.join(tmpdir(), 'desk-deployment-')), 'deployment.json');
  const workstation = path.join(app.userData, 'workstation.json');

  afterAll(() => {
    app.emit('will-quit');
    delete process.env[DEPLOYMENT_FILE_ENV];
  });

  it('starts with the session when the deployment file says so, and reopens the display on its TV', async () => {
    writeFileSync(deploymentFile, JSON.stringify({ version: 1, startWithSession: true, updates: { url: 'https://updates.example/desk' } }));
    // The version downloaded yesterday is the one now running.
    writeFileSync(path.join(app.userData, 'updates.json'), JSON.stringify({ version: 1, downloaded: { version: app.getVersion(), notes: 'Nouveautés' } }));
    process.env[DEPLOYMENT_FILE_ENV] = deploymentFile;
    const tv = { id: 2, label: '', bounds: { x: 1920, y: 0, width: 1280, height: 720 } };
    writeFileSync(workstation, JSON.stringify({ version: 1, display: { open: true, screen: tv }, startWithSession: false }));
    await import('../../../src-main/main');
    app.makeReady();
    await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(2), { timeout: 10_000 });
    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    const display = BrowserWindow.created.find((window) => window.loadedUrl?.endsWith('#/display'));
    expect(display?.options).toMatchObject({ x: 1920, y: 0, width: 1280, height: 720, fullscreen: true });
  });

  it('asks the update server the deployment file names, and tells staff what is new in the version it installed', () => {
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example/desk' });
    expect(updater.checkForUpdates).toHaveBeenCalled();
    const notices = JSON.parse(readFileSync(path.join(app.userData, 'notices.json'), 'utf8')).notices;
    expect(notices).toContainEqual(expect.objectContaining({ kind: 'app-updated', version: app.getVersion(), notes: 'Nouveautés' }));
  });

  it('remembers the display open when the desk quits with it, so that it is back tomorrow', async () => {
    const display = BrowserWindow.created.find((window) => window.loadedUrl?.endsWith('#/display'))!;
    app.emit('before-quit');
    display.close();
    // Queued behind any write the closing asked for: a wrong rule would have written `open: false`.
    await serialisedWrite(workstation, async () => undefined);
    expect(JSON.parse(readFileSync(workstation, 'utf8')).display.open).toBe(true);
  });
});
