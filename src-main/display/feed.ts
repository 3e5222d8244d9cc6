import type { DisplayCall, DisplayCalls } from '../../src-shared/ipc/features/display.contract';
import { isDeskError } from '../../src-shared/errors';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import { logger } from '../log';
import type { PlatformBoardClient } from '../platform/tickets/board';

const log = logger('display');

/** Calls a waiting-room screen shows at once. */
export const CALLS_SHOWN = 6;
/** Every display window polls; one platform read serves them all within this time. */
export const FEED_FRESH_MS = 1_000;

/** The tickets' last calls, newest first: number and desk only, never a patient name. */
export function lastCalls(tickets: readonly DeskTicket[], limit = CALLS_SHOWN): DisplayCall[] {
  return tickets
    .flatMap((ticket) =>
      ticket.lastCall && ticket.status !== 'cancelled'
        ? [{ ticketId: ticket.ticketId, formattedNumber: ticket.formattedNumber, deskLabel: ticket.lastCall.deskLabel, at: ticket.lastCall.at }]
        : [],
    )
    .toSorted((left, right) => Date.parse(right.at) - Date.parse(left.at))
    .slice(0, limit);
}

/**
 * The public display's feed: the office place's tickets of the day (listForDay, a
 * desk extension) reduced to their last calls. A failed read keeps the last known
 * calls on screen and says the feed is not live, rather than blanking the room.
 */
export class DisplayFeed {
  private last: { calls: DisplayCall[]; at: number; live: boolean } = { calls: [], at: Number.NEGATIVE_INFINITY, live: false };
  private pending: Promise<DisplayCalls> | null = null;

  constructor(
    private readonly platform: Pick<PlatformBoardClient, 'listForDay'>,
    private readonly officePlaceId: () => number | null,
    private readonly now: () => number = Date.now,
  ) {}

  calls(): Promise<DisplayCalls> {
    if (this.now() - this.last.at < FEED_FRESH_MS) return Promise.resolve({ calls: this.last.calls, live: this.last.live });
    this.pending ??= this.read().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async read(): Promise<DisplayCalls> {
    const officePlaceId = this.officePlaceId();
    try {
      const answer = await this.platform.listForDay(officePlaceId === null ? {} : { officePlaceId });
      this.last = { calls: lastCalls(answer.tickets), at: this.now(), live: true };
    } catch (error) {
      log.warn('display feed not refreshed', { code: isDeskError(error) ? error.code : 'INTERNAL' });
      this.last = { ...this.last, at: this.now(), live: false };
    }
    return { calls: this.last.calls, live: this.last.live };
  }
}
