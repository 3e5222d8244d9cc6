import type { DisplayedCall } from '../../../../src-shared/platform/tickets';

/**
 * The public display feed: the latest calls per office place, newest first. It
 * holds numbers and desk labels only — a waiting-room screen never shows a
 * patient's name.
 */
export const CALLS_KEPT_PER_PLACE = 50;
export const DEFAULT_CALLS_SHOWN = 10;

export class CallBoard {
  private readonly byPlace = new Map<number, DisplayedCall[]>();

  record(officePlaceId: number, call: DisplayedCall): void {
    const calls = this.byPlace.get(officePlaceId) ?? [];
    calls.unshift(call);
    if (calls.length > CALLS_KEPT_PER_PLACE) calls.length = CALLS_KEPT_PER_PLACE;
    this.byPlace.set(officePlaceId, calls);
  }

  latest(officePlaceId: number, limit: number = DEFAULT_CALLS_SHOWN): DisplayedCall[] {
    return (this.byPlace.get(officePlaceId) ?? []).slice(0, limit);
  }
}
