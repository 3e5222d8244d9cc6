import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebBridge, type LinkState } from '../../../src-renderer/bridge/web-bridge';

/** jsdom has no EventSource: this one lets the test open, break and reopen the stream as a browser would. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(): void {}
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** The host went away for a moment: the browser says so and reconnects by itself. */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

describe('the preview bridge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when its event stream comes back after a break (pushes of the break are lost), not when it first opens', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const links: LinkState[] = [];
    const resumed = vi.fn();
    const api = createWebBridge('token', (state) => links.push(state), resumed);
    api.on.board.rows(() => undefined);
    const stream = FakeEventSource.last!;
    stream.open();
    expect(resumed).not.toHaveBeenCalled();
    stream.drop();
    expect(links.at(-1)).toBe('connecting');
    stream.open();
    expect(resumed).toHaveBeenCalledTimes(1);
    expect(links.at(-1)).toBe('up');
  });
});
