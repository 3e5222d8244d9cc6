import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { TestKeystore } from '../helpers/test-keystore';

/**
 * The one stand-in for the `electron` module (the binary cannot run here). Tests
 * use it with `vi.mock('electron', () => import('../../mocks/electron'))` and
 * inspect what the app asked Electron to do.
 */
type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents {
  readonly listeners = new Map<string, Listener[]>();
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: { channel: string; payload: unknown }[] = [];
  destroyed = false;
  /** The page's URL, hash route included; BrowserWindow.loadURL and hash navigations change it. */
  url = '';
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.url;
  }
  /** As Electron: the renderer is killed, and render-process-gone follows with reason `killed`. */
  forcefullyCrashRenderer = vi.fn(() => {
    this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
  });
}

export class BrowserWindow {
  static created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  constructor(readonly options: Record<string, unknown>) {
    BrowserWindow.created.push(this);
  }
  readonly listeners = new Map<string, Listener[]>();
  on = vi.fn((event: string, listener: Listener) => {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  });
  once = vi.fn((event: string, listener: Listener) => {
    const wrapped: Listener = (...args) => {
      this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== wrapped));
      return listener(...args);
    };
    return this.on(event, wrapped);
  });
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** As Electron: destroyed, then 'closed'. */
  close = vi.fn(() => {
    this.destroyed = true;
    this.emit('closed');
  });
  show = vi.fn();
  hide = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  isMinimized = () => false;
  destroyed = false;
  isDestroyed = () => this.destroyed;
  setBounds = vi.fn();
  setFullScreen = vi.fn();
  readonly loads: string[] = [];
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.loads.push(url);
    this.webContents.url = url;
  }
}

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;
export const ipcMain = {
  handlers: new Map<string, IpcHandler>(),
  handle(channel: string, handler: IpcHandler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  reset() {
    this.handlers.clear();
  },
};

const appListeners = new Map<string, Listener[]>();
let readyResolve: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  readyResolve = resolve;
});
export const app = {
  isPackaged: false,
  singleInstance: true,
  requestSingleInstanceLock: vi.fn(() => app.singleInstance),
  quit: vi.fn(),
  exit: vi.fn(),
  on: vi.fn((event: string, listener: Listener) => {
    appListeners.set(event, [...(appListeners.get(event) ?? []), listener]);
  }),
  emit(event: string, ...args: unknown[]) {
    for (const listener of appListeners.get(event) ?? []) listener(...args);
  },
  whenReady: vi.fn(() => ready),
  makeReady: () => readyResolve(),
  getVersion: () => '0.0.0-test',
  userData: mkdtempSync(path.join(tmpdir(), 'desk-userdata-')),
  paths: new Map<string, string>(),
  getPath: (name: string) => {
    if (name === 'userData') return app.userData;
    const set = app.paths.get(name);
    if (set === undefined) throw new Error(`unexpected app.getPath(${name})`);
    return set;
  },
  setPath: vi.fn((name: string, value: string) => void app.paths.set(name, value)),
  getLocale: () => 'fr-FR',
  setLoginItemSettings: vi.fn((settings: { openAtLogin?: boolean }) => void settings),
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>) {
    this.handlers.set(scheme, handler);
  },
};

type PermissionRequestHandler = (wc: unknown, permission: string, callback: (granted: boolean) => void) => void;
type PermissionCheck = (...args: unknown[]) => boolean;

export interface FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null;
  permissionCheckHandler: PermissionCheck | null;
  devicePermissionHandler: PermissionCheck | null;
  setPermissionRequestHandler(handler: PermissionRequestHandler): void;
  setPermissionCheckHandler(handler: PermissionCheck): void;
  setDevicePermissionHandler(handler: PermissionCheck): void;
}

export function createFakeSession(): FakeSession {
  return {
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    devicePermissionHandler: null,
    setPermissionRequestHandler(handler) {
      this.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler) {
      this.permissionCheckHandler = handler;
    },
    setDevicePermissionHandler(handler) {
      this.devicePermissionHandler = handler;
    },
  };
}
export const session = { defaultSession: createFakeSession() };

/** safeStorage: real encryption with an in-memory key, as the OS keychain would give. */
export const safeStorage = new TestKeystore();

/** Two monitors: the desk's (primary) and the waiting room's. */
export const screen = {
  displays: [
    { id: 1, label: 'Desk', bounds: { x: 0, y: 0, width: 1920, height: 1080 }, size: { width: 1920, height: 1080 } },
    { id: 2, label: '', bounds: { x: 1920, y: 0, width: 1280, height: 720 }, size: { width: 1280, height: 720 } },
  ],
  getAllDisplays() {
    return this.displays;
  },
  getPrimaryDisplay() {
    return this.displays[0]!;
  },
  listeners: new Map<string, Listener[]>(),
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  },
  /** As Electron when a screen is plugged or unplugged: `displays` is changed first by the test. */
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener({}, ...args);
  },
};

export const powerSaveBlocker = { start: vi.fn(() => 1), stop: vi.fn() };
/** Crashpad as the desk starts it: the options are what the shell tests read. */
export const crashReporter = { start: vi.fn((options: Electron.CrashReporterStartOptions) => void options) };

export const shell = { openExternal: vi.fn(async () => undefined) };

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown) {
    this.exposed.set(key, api);
  },
};

export const ipcRenderer = {
  invoke: vi.fn(async (channel: string, request: unknown) => ({ ok: true, value: { channel, request } })),
  listeners: new Map<string, Listener[]>(),
  on(channel: string, listener: Listener) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  },
  removeListener(channel: string, listener: Listener) {
    this.listeners.set(channel, (this.listeners.get(channel) ?? []).filter((l) => l !== listener));
  },
  emit(channel: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(channel) ?? []) listener(...args);
  },
};

export default { app, crashReporter, BrowserWindow, ipcMain, powerSaveBlocker, protocol, safeStorage, screen, session, shell, contextBridge, ipcRenderer };
