import { BrowserWindow, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { logger } from '../log';
import type { ExternalLinks } from './external';
import { isSameOrigin } from './origin';

const log = logger('window');

/** What differs between the app's windows; everything security-relevant is createHardenedWindow's. */
export type WindowLook = Omit<BrowserWindowConstructorOptions, 'webPreferences'>;

export interface WindowContents {
  preloadPath: string;
  devTools: boolean;
}

/**
 * Every window of the app (main, public display) is made here. Every security-relevant
 * flag is written out, defaults included, as a literal right at `new BrowserWindow` so
 * both a reviewer and electronegativity (which reads only such literals) see them.
 */
export function createHardenedWindow(look: WindowLook, contents: WindowContents): BrowserWindow {
  return new BrowserWindow({
    ...look,
    webPreferences: {
      preload: contents.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: false,
      devTools: contents.devTools,
      // Electron's default, written out: the public display chimes on each call with nobody touching it.
      autoplayPolicy: 'no-user-gesture-required',
    },
  });
}

/** The desk's window. */
export function createMainWindow(preloadPath: string, devTools: boolean): BrowserWindow {
  return createHardenedWindow(
    {
      title: 'Desk Console',
      width: 1366,
      height: 860,
      minWidth: 1024,
      minHeight: 680,
      show: false,
      backgroundColor: '#f4f5f7',
      autoHideMenuBar: true,
    },
    { preloadPath, devTools },
  );
}

/**
 * Denies navigation away from the app, new windows, webviews and redirects. A
 * window.open to an allowlisted https page goes to the system browser instead.
 */
export function hardenWebContents(contents: WebContents, appOrigins: readonly string[], links: ExternalLinks): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!isSameOrigin(url, appOrigins)) {
      event.preventDefault();
      log.warn('blocked navigation away from the app');
    }
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void links.openSafely(url);
    return { action: 'deny' };
  });
}
