import { defineStore } from 'pinia';
import type { DisplayCalls, DisplayScreens } from '../../../../src-shared/ipc/features/display.contract';
import { desk, unwrap } from '../../../bridge/desk';

/** The waiting room's display: the calls it shows, and where the desk can open it. */
export const useDisplayStore = defineStore('display', () => {
  const calls = () => unwrap(desk.display.calls());
  /** Calls pushed by main while it follows the platform's live events; returns the unsubscribe. */
  const onCalls = (listener: (calls: DisplayCalls) => void) => desk.on.display.callsChanged(listener);
  /** Without a display window (the browser preview), no screen to offer: the display opens in a tab. */
  const screens = (): Promise<DisplayScreens> => unwrap(desk.display.screens()).catch(() => ({ windowAvailable: false, screens: [] }));
  const openOn = async (screenId: number): Promise<void> => {
    await unwrap(desk.display.open({ screenId }));
  };

  return { calls, onCalls, screens, openOn };
});
