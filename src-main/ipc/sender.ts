import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { isSameOrigin } from '../shell/origin';

export interface SenderPolicy {
  /** Origins the app's own pages load from (app://desk, or the dev server). */
  origins: readonly string[];
  /** True for webContents of windows this app created. */
  isAppContents: (contents: WebContents) => boolean;
}

/**
 * An IPC message is served only when it comes from the top frame of one of the
 * app's own windows, loaded from the app's own origin. A subframe or a page that
 * navigated elsewhere is refused even inside an app window.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>, policy: SenderPolicy): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  if (!policy.isAppContents(event.sender)) return false;
  return isSameOrigin(frame.url, policy.origins);
}
