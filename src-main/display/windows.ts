import type { DisplayScreens } from '../../src-shared/ipc/features/display.contract';

/**
 * The public display window as the desk sees it. Electron implements it
 * (src-main/shell/display-window.ts); the browser preview has none and shows the
 * same view at `#/display` in any browser window.
 */
export interface DisplayWindows {
  screens(): DisplayScreens['screens'];
  /** Opens the display fullscreen on that screen (null: a secondary screen if any), or moves it there. */
  open(screenId: number | null): void;
}
