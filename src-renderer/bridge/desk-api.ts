import { DeskError } from '../../src-shared/errors';
import type { DeskApi } from '../../src-shared/ipc/api';
import type { DeskResult } from '../../src-shared/result';
import { createWebBridge, takePreviewToken, type LinkState } from './web-bridge';

/**
 * The page's way to main, without Vue: the boot screen asks its first questions through it
 * before the app's code has loaded (src-renderer/boot). `desk.ts` adds the Vue side.
 */
let linkState: LinkState = 'up';
const linkListeners = new Set<(state: LinkState) => void>();

function resolveDesk(): DeskApi {
  if (window.desk) return window.desk;
  const token = takePreviewToken(window.location, window.sessionStorage, window.history);
  return createWebBridge(token, (state) => {
    linkState = state;
    for (const listener of linkListeners) listener(state);
  });
}

export const desk: DeskApi = resolveDesk();

/** Whether the renderer can reach main: always up under Electron, tracked in the preview. */
export function watchLink(listener: (state: LinkState) => void): LinkState {
  linkListeners.add(listener);
  return linkState;
}

/** Turns a result into its value, or throws the typed error for the caller to show. */
export async function unwrap<T>(pending: Promise<DeskResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw DeskError.from(result.error);
}
