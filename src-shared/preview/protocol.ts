/**
 * What the browser preview host (src-main/web) and the renderer's web bridge agree
 * on. Kept free of zod and of anything else: the bridge ships it to the browser, and
 * the e2e page objects speak the same protocol from Node.
 */

/** Paths the bridge calls; everything else the host serves is the built renderer. */
export const PREVIEW_API = { ipc: '/__desk/ipc/', events: '/__desk/events' } as const;

/** The per-run token: in the opened URL and on the event stream, as this query parameter. */
export const PREVIEW_TOKEN_PARAM = 'token';

/** The per-run token on every IPC call (lower case: Node hands header names that way). */
export const PREVIEW_TOKEN_HEADER = 'x-desk-token';

/** The name of the Server-Sent Event that carries a `PreviewEventFrame`. */
export const PREVIEW_EVENT = 'desk';

/** One desk event on the stream. */
export interface PreviewEventFrame {
  event: unknown;
  payload: unknown;
}

/** The JSON body of an IPC call: `{}` for a channel that takes no request. */
export function previewIpcBody(request: unknown): string {
  return JSON.stringify(request === undefined ? {} : { request });
}
