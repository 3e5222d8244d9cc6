import type { BrowserWindow, Display, PowerSaveBlocker, Screen } from 'electron';
import type { DisplayWindows } from '../display/windows';
import { logger } from '../log';
import type { DisplayMemory, RememberedScreen } from './workstation-store';
import { createHardenedWindow } from './window';

const log = logger('display');

export interface DisplayWindowOptions {
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'> & { on?: Screen['on'] };
  preloadPath: string;
  /** The renderer's entry URL; the display view is its `#/display` route. */
  entryUrl: string;
  devTools: boolean;
  /** Keeps the waiting room's screen awake while the display is open (Electron's powerSaveBlocker). */
  powerSave?: Pick<PowerSaveBlocker, 'start' | 'stop'>;
  /** This workstation's memory of the display (src-main/shell/workstation-store.ts). */
  memory?: { readonly display: DisplayMemory; rememberDisplay(display: DisplayMemory): Promise<void> };
  /** True once the app is quitting: its windows close then, and the display must stay remembered as open. */
  quitting?: () => boolean;
  /** The window must be known to IPC (sender check) and to event forwarding. */
  onCreated(window: BrowserWindow): void;
}

export interface ShellDisplayWindows extends DisplayWindows {
  /** At start: reopens the display if it was open when the desk quit, on its screen, or as soon as that screen is plugged. */
  restore(): void;
}

/** The screen asked for, else a secondary screen (the waiting room's), else the primary one. */
export function chooseDisplay(displays: readonly Display[], primaryId: number, screenId: number | null): Display | undefined {
  return displays.find((display) => display.id === screenId) ?? displays.find((display) => display.id !== primaryId) ?? displays[0];
}

/** The remembered screen among those plugged: by id, else by the same place on the desktop, else by its name. */
export function findRemembered(displays: readonly Display[], remembered: RememberedScreen): Display | undefined {
  const { bounds } = remembered;
  return (
    displays.find((display) => display.id === remembered.id) ??
    displays.find((display) => display.bounds.x === bounds.x && display.bounds.y === bounds.y && display.bounds.width === bounds.width && display.bounds.height === bounds.height) ??
    (remembered.label ? displays.find((display) => display.label === remembered.label) : undefined)
  );
}

function describe(display: Display): RememberedScreen {
  return { id: display.id, label: display.label, bounds: { ...display.bounds } };
}

/**
 * The public display: one frameless fullscreen window on a chosen screen, showing
 * the last calls. Opening it again moves it instead of stacking windows. It follows
 * its TV: unplugged, it moves to another secondary screen or hides (never over the
 * desk's own screen); plugged back, it returns there fullscreen.
 */
export function createDisplayWindows(options: DisplayWindowOptions): ShellDisplayWindows {
  let current: BrowserWindow | null = null;
  /** The screen the staff chose, kept while its TV is unplugged. */
  let chosen: RememberedScreen | null = options.memory?.display.screen ?? null;
  /** The screen the window is on now; null while hidden for want of a screen. */
  let shownOn: number | null = null;
  /** Restored at start while its screen was not plugged: opened when it is. */
  let waiting = false;
  const primaryId = () => options.screen.getPrimaryDisplay().id;
  const alive = () => (current && !current.isDestroyed() ? current : null);

  const remember = (open: boolean) => {
    if (!options.memory) return;
    options.memory.rememberDisplay({ open, screen: chosen }).catch((error: unknown) => {
      log.warn('display screen not remembered', { error: error instanceof Error ? error.name : 'unknown' });
    });
  };

  const place = (window: BrowserWindow, target: Display) => {
    window.setFullScreen(false);
    window.setBounds(target.bounds);
    window.setFullScreen(true);
    window.show();
    shownOn = target.id;
  };

  const show = (target: Display) => {
    const existing = alive();
    if (existing) {
      place(existing, target);
      return;
    }
    const window = createDisplayWindow(options.preloadPath, options.devTools, target.bounds);
    current = window;
    shownOn = target.id;
    options.onCreated(window);
    // The TV must not go to sleep while patients wait for their number; the PC's own settings may say otherwise.
    const awake = options.powerSave?.start('prevent-display-sleep');
    window.on('closed', () => {
      if (awake !== undefined) options.powerSave?.stop(awake);
      if (current !== window) return;
      current = null;
      shownOn = null;
      // Closed by hand: not reopened at the next start. Closed because the desk quits: reopened.
      if (!options.quitting?.()) remember(false);
    });
    window.once('ready-to-show', () => window.show());
    void window.loadURL(`${options.entryUrl}#/display`);
  };

  options.screen.on?.('display-removed', (_event, removed) => {
    const window = alive();
    if (!window || removed.id !== shownOn) return;
    const other = options.screen.getAllDisplays().find((display) => display.id !== primaryId() && display.id !== removed.id);
    if (other) {
      log.info('display screen unplugged: moved to another screen');
      place(window, other);
      return;
    }
    // Over the desk's own screen the display would hide the board: out of sight until its TV is back.
    log.info('display screen unplugged: hidden until it is back');
    window.hide();
    shownOn = null;
  });

  options.screen.on?.('display-added', (_event, added) => {
    if (!chosen || (!alive() && !waiting) || findRemembered([added], chosen) === undefined) return;
    log.info('display screen plugged back: display shown there');
    waiting = false;
    // Its new id, so that it is found at once next time.
    chosen = describe(added);
    show(added);
    remember(true);
  });

  return {
    screens() {
      const primary = primaryId();
      return options.screen.getAllDisplays().map((display, index) => ({
        id: display.id,
        label: display.label || `${index + 1} · ${display.size.width}×${display.size.height}`,
        primary: display.id === primary,
      }));
    },
    open(screenId) {
      const target = chooseDisplay(options.screen.getAllDisplays(), primaryId(), screenId);
      if (!target) return;
      waiting = false;
      chosen = describe(target);
      show(target);
      remember(true);
    },
    restore() {
      const memory = options.memory?.display;
      if (!memory?.open || !memory.screen) return;
      const target = findRemembered(options.screen.getAllDisplays(), memory.screen);
      if (!target) {
        log.info('display screen not plugged at start: the display opens when it is');
        waiting = true;
        return;
      }
      chosen = describe(target);
      show(target);
      remember(true);
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
