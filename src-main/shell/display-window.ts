import type { BrowserWindow, Display, PowerSaveBlocker, Screen } from 'electron';
import type { DisplayWindows } from '../display/windows';
import { createHardenedWindow } from './window';

export interface DisplayWindowOptions {
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>;
  preloadPath: string;
  /** The renderer's entry URL; the display view is its `#/display` route. */
  entryUrl: string;
  devTools: boolean;
  /** Keeps the waiting room's screen awake while the display is open (Electron's powerSaveBlocker). */
  powerSave?: Pick<PowerSaveBlocker, 'start' | 'stop'>;
  /** The window must be known to IPC (sender check) and to event forwarding. */
  onCreated(window: BrowserWindow): void;
}

/** The screen asked for, else a secondary screen (the waiting room's), else the primary one. */
export function chooseDisplay(displays: readonly Display[], primaryId: number, screenId: number | null): Display | undefined {
  return displays.find((display) => display.id === screenId) ?? displays.find((display) => display.id !== primaryId) ?? displays[0];
}

/**
 * The public display: one frameless fullscreen window on a chosen screen, showing
 * the last calls. Opening it again moves it instead of stacking windows.
 */
export function createDisplayWindows(options: DisplayWindowOptions): DisplayWindows {
  let current: BrowserWindow | null = null;
  return {
    screens() {
      const primaryId = options.screen.getPrimaryDisplay().id;
      return options.screen.getAllDisplays().map((display, index) => ({
        id: display.id,
        label: display.label || `${index + 1} · ${display.size.width}×${display.size.height}`,
        primary: display.id === primaryId,
      }));
    },
    open(screenId) {
      const target = chooseDisplay(options.screen.getAllDisplays(), options.screen.getPrimaryDisplay().id, screenId);
      if (!target) return;
      if (current && !current.isDestroyed()) {
        current.setFullScreen(false);
        current.setBounds(target.bounds);
        current.setFullScreen(true);
        current.show();
        return;
      }
      const window = createDisplayWindow(options.preloadPath, options.devTools, target.bounds);
      current = window;
      options.onCreated(window);
      // The TV must not go to sleep while patients wait for their number; the PC's own settings may say otherwise.
      const awake = options.powerSave?.start('prevent-display-sleep');
      window.on('closed', () => {
        if (awake !== undefined) options.powerSave?.stop(awake);
        if (current === window) current = null;
      });
      window.once('ready-to-show', () => window.show());
      void window.loadURL(`${options.entryUrl}#/display`);
    },
  };
}

function createDisplayWindow(preloadPath: string, devTools: boolean, bounds: Display['bounds']): BrowserWindow {
  return createHardenedWindow(
    {
      title: 'Desk Console – Display',
      ...bounds,
      fullscreen: true,
      frame: false,
      show: false,
      backgroundColor: '#0d1b2a',
      autoHideMenuBar: true,
    },
    { preloadPath, devTools },
  );
}
