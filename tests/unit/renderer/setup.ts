import { buildDeskApi } from '../../../src-shared/ipc/api';
import type { Channel } from '../../../src-shared/ipc/channels';
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

window.desk = buildDeskApi({
  async invoke(channel, request) {
    deskCalls.push({ channel, request });
    const reply = deskReplies.get(channel);
    return reply ? reply(request) : { ok: false, error: { code: 'INTERNAL', message: 'no reply scripted' } };
  },
  subscribe: () => () => undefined,
});
