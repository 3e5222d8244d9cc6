import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumWire } from './net/chromium-wire';
import { useWireFactory } from './net/wire';
import { app, type BrowserWindow, crashReporter, ipcMain, powerSaveBlocker, protocol, safeStorage, screen, session, shell } from 'electron';
import { startDesk } from './desk';
import { deskWhenStarted } from './starting-desk';
import { forwardEvents, registerIpcHandlers } from './ipc/electron-ipc';
import { logger, startLogFiles, stopLogFiles } from './log';
import { keepCrashDumpsLocally } from './shell/crash-reports';
import { ExternalLinks } from './shell/external';
import { APP_ENTRY_URL, APP_ORIGIN, originOf } from './shell/origin';
import { denyAllPermissions } from './shell/permissions';
import { registerAppScheme, serveRenderer } from './shell/protocol';
import { readDeployment } from './deployment/file';
import { createDisplayWindows } from './shell/display-window';
import { applyStartWithSession, startsWithSession } from './shell/login-item';
import { WorkstationMemory } from './shell/workstation-store';
import { createMainWindow, hardenWebContents } from './shell/window';
import { RendererRecovery, type WindowRole } from './shell/crash-recovery';
import { AuditTrail } from './store/audit-trail';
import { startUpdates } from './updates/start';
import { announceIfUpdated } from './updates/whats-new';

const log = logger('main');
const here = path.dirname(fileURLToPath(import.meta.url));
/** Set only by the developer's `vite` dev server workflow; production always uses app://. */
const devServerUrl = app.isPackaged ? undefined : process.env.DESK_RENDERER_URL;
const appOrigins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl) ?? ''] : [])];
const windows = new Set<BrowserWindow>();
const links = new ExternalLinks((url) => shell.openExternal(url));
/** userData is known before ready: the trail is the desk's own (src-main/store/audit-trail.ts). */
const recovery = new RendererRecovery({ audit: new AuditTrail(app.getPath('userData')) });
/** Windows close when the desk quits (or the session ends): the display is then remembered open, not closed by hand. */
let quitting = false;

registerAppScheme(protocol);
// Before ready: every process the app starts is watched; dumps stay on this computer.
keepCrashDumpsLocally(app, crashReporter);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [first] = windows;
    if (first) {
      if (first.isMinimized()) first.restore();
      first.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appOrigins, links));
  app.on('before-quit', () => (quitting = true));
  app.on('window-all-closed', () => app.quit());
  app.whenReady().then(start, (error: unknown) => {
    log.error('start-up failed', { error: String(error) });
    app.exit(1);
  });
}

async function start(): Promise<void> {
  // A packaged desk has no console: its log is the files a technician sends.
  await startLogFiles({ dataDir: app.getPath('userData'), console: !app.isPackaged });
  denyAllPermissions(session.defaultSession);
  // Every HTTP call of main on Chromium's stack: the hospital's proxy (PAC, NTLM) and the OS certificate store.
  useWireFactory(chromiumWire(session.defaultSession));
  serveRenderer(protocol, path.join(here, '../renderer'));
  // Before the desk: a damaged workstation.json leaves its notice where the desk's start-up notices are read.
  const workstation = await WorkstationMemory.open(app.getPath('userData'));
  const deployment = await readDeployment();
  applyStartWithSession(app, startsWithSession(deployment, workstation.startWithSession));
  // Before the desk reads its notices: staff are told what is new in the version it installed by itself.
  await announceIfUpdated(app.getPath('userData'), app.getVersion());
  const displays = createDisplayWindows({
    screen,
    powerSave: powerSaveBlocker,
    memory: workstation,
    quitting: () => quitting,
    preloadPath: path.join(here, '../preload/preload.cjs'),
    entryUrl: devServerUrl ?? APP_ENTRY_URL,
    devTools: !app.isPackaged,
    onCreated: (window) => track(window, 'public display'),
  });
  const starting = startDesk({
    runtime: 'electron',
    dataDir: app.getPath('userData'),
    keystore: safeStorage,
    displays,
    workstation,
    // A technician's choice in Settings takes effect at once, not at the next start.
    loginItem: (openAtLogin) => applyStartWithSession(app, openAtLogin),
  });
  // The window opens while the desk starts (the training world, the features): its page loads meanwhile,
  // and its first questions and a sign-in wait for the desk and get its answer (src-main/starting-desk.ts).
  const early = deskWhenStarted(starting);
  registerIpcHandlers(ipcMain, early.dispatch, {
    origins: appOrigins,
    isAppContents: (contents) => [...windows].some((window) => window.webContents === contents),
  });
  forwardEvents(early.events, () => [...windows].map((window) => window.webContents));
  openMainWindow();
  const desk = await starting;
  const updates = await startUpdates({
    deployment,
    updater: async () => (await import('electron-updater')).autoUpdater,
    dataDir: app.getPath('userData'),
    events: desk.events,
  });
  app.on('will-quit', () => {
    updates?.stop();
    void desk.close().finally(() => void stopLogFiles());
  });
  displays.restore();
}

/** Every app window (main, public display) may call IPC, receives the desk's events, and comes back after a crash. */
function track(window: BrowserWindow, role: WindowRole): void {
  windows.add(window);
  recovery.watch(window, role);
  // Windows' shutdown or sign-out closes the windows without 'before-quit'.
  window.on('session-end', () => (quitting = true));
  window.on('closed', () => windows.delete(window));
}

function openMainWindow(): void {
  const window = createMainWindow(path.join(here, '../preload/preload.cjs'), !app.isPackaged);
  track(window, 'main window');
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devServerUrl ?? APP_ENTRY_URL);
}
