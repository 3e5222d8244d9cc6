import { buildDeskApi, type DeskApi, type DeskTransport } from '../../src-shared/ipc/api';
import { isEventName, type EventName } from '../../src-shared/ipc/channels';
import {
  PREVIEW_API,
  PREVIEW_EVENT,
  PREVIEW_TOKEN_HEADER,
  PREVIEW_TOKEN_PARAM,
  previewIpcBody,
  type PreviewEventFrame,
} from '../../src-shared/preview/protocol';
import { fail, type DeskResult } from '../../src-shared/result';

const TOKEN_KEY = 'desk.previewToken';

export type LinkState = 'connecting' | 'up' | 'down';

/**
 * The preview host hands its per-run token in the opened URL; keep it for reloads
 * of this tab and take it out of the address bar.
 */
export function takePreviewToken(location: Location, storage: Storage, history: History): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get(PREVIEW_TOKEN_PARAM);
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete(PREVIEW_TOKEN_PARAM);
    history.replaceState(history.state, '', url.toString());
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY);
}

/** `window.desk` over fetch + Server-Sent Events, for the browser preview host. */
export function createWebBridge(token: string | null, onLink: (state: LinkState) => void): DeskApi {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;

  function ensureStream(): void {
    if (source || !token) return;
    onLink('connecting');
    source = new EventSource(`${PREVIEW_API.events}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`);
    source.onopen = () => onLink('up');
    source.onerror = () => onLink(source?.readyState === EventSource.CLOSED ? 'down' : 'connecting');
    source.addEventListener(PREVIEW_EVENT, (message) => {
      const frame = JSON.parse((message as MessageEvent<string>).data) as PreviewEventFrame;
      if (!isEventName(frame.event)) return;
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    });
  }

  const transport: DeskTransport = {
    async invoke(channel, request): Promise<DeskResult<unknown>> {
      if (!token) return fail({ code: 'UNAUTHORIZED', message: 'Open the address printed by the preview host.' });
      try {
        const response = await fetch(`${PREVIEW_API.ipc}${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [PREVIEW_TOKEN_HEADER]: token },
          body: previewIpcBody(request),
        });
        const body = (await response.json()) as DeskResult<unknown>;
        onLink('up');
        // The failure's shape is checked when one comes: zod loads then, not with the first screen.
        if (!response.ok && !(await import('../../src-shared/error-schemas')).deskFailureSchema.safeParse(body).success) {
          return fail({ code: 'INTERNAL', message: `Preview host answered HTTP ${response.status}.` });
        }
        return body;
      } catch {
        onLink('down');
        return fail({ code: 'INTERNAL', message: 'The desk application is not running.' });
      }
    },
    subscribe(event, listener) {
      ensureStream();
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return buildDeskApi(transport);
}
