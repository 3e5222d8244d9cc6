import { buildDeskApi } from '../../../src-shared/ipc/api';
import type { Channel, EventName } from '../../../src-shared/ipc/channels';
import type { DeskResult } from '../../../src-shared/result';

/**
 * jsdom lacks what Vuetify measures with; and the renderer expects `window.desk`,
 * which tests answer through `deskReplies` (the real preload is tested in main).
 */
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// Vuetify's dialogs position themselves against the visual viewport, which jsdom lacks.
globalThis.visualViewport ??= Object.assign(new EventTarget(), {
  width: 1280,
  height: 800,
  offsetLeft: 0,
  offsetTop: 0,
  pageLeft: 0,
  pageTop: 0,
  scale: 1,
}) as unknown as VisualViewport;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

export const deskCalls: { channel: Channel; request: unknown }[] = [];
export const deskReplies = new Map<Channel, (request: unknown) => DeskResult<unknown>>();
const deskListeners = new Map<EventName, Set<(payload: unknown) => void>>();

/** Main's side of an event: every renderer subscriber hears `payload`. */
export function deskEmit(event: EventName, payload: unknown): void {
  for (const listener of deskListeners.get(event) ?? []) listener(payload);
}

window.desk = buildDeskApi({
  async invoke(channel, request) {
    deskCalls.push({ channel, request });
    const reply = deskReplies.get(channel);
    return reply ? reply(request) : { ok: false, error: { code: 'INTERNAL', message: 'no reply scripted' } };
  },
  subscribe(event, listener) {
    const listeners = deskListeners.get(event) ?? new Set();
    listeners.add(listener);
    deskListeners.set(event, listeners);
    return () => listeners.delete(listener);
  },
});
