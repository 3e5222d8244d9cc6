import type { DisplayCall, DisplayCalls } from '../../src-shared/ipc/features/display.contract';
import { isDeskError } from '../../src-shared/errors';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import { logger } from '../log';
import type { TicketStreamFactory } from '../infrastructure';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { LiveDay } from '../platform/tickets/live-day';

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

export interface DisplayFeedDeps {
  platform: Pick<PlatformBoardClient, 'listForDay'>;
  /** The platform's live ticket events: offered, the display follows them instead of polling the day list. */
  openStream?: TicketStreamFactory;
  officePlaceId: () => number | null;
  /** Told when the calls on screen change while the feed is live (the display chimes at once). */
  changed?: (calls: DisplayCalls) => void;
  now?: () => number;
}

/** One office place's day followed live: its tickets, kept current by the event stream. */
interface FollowedDay {
  officePlaceId: number;
  day: LiveDay;
  tickets: ReadonlyMap<string, DeskTicket>;
  live: boolean;
}

/**
 * The public display's feed: the office place's tickets of the day (listForDay and the
 * live events, desk extensions) reduced to their last calls. Where the events are not
 * offered it reads the day list when asked, at most once a second. A failed read keeps
 * the last known calls on screen and says the feed is not live, rather than blanking the room.
 */
export class DisplayFeed {
  private last: { calls: DisplayCall[]; at: number; live: boolean } = { calls: [], at: Number.NEGATIVE_INFINITY, live: false };
  private pending: Promise<DisplayCalls> | null = null;
  private followed: FollowedDay | null = null;

  constructor(private readonly deps: DisplayFeedDeps) {}

  calls(): Promise<DisplayCalls> {
    const officePlaceId = this.deps.officePlaceId();
    this.follow(officePlaceId);
    if (this.followed?.live) return Promise.resolve({ calls: this.last.calls, live: true });
    if (this.now() - this.last.at < FEED_FRESH_MS) return Promise.resolve({ calls: this.last.calls, live: this.last.live });
    this.pending ??= this.read(officePlaceId).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  close(): void {
    this.followed?.day.stop();
    this.followed = null;
  }

  /** Opens (or moves) the live day on the display's office place; the day list answers until it is live. */
  private follow(officePlaceId: number | null): void {
    if (!this.deps.openStream || this.followed?.officePlaceId === officePlaceId) return;
    this.close();
    if (officePlaceId === null) return;
    const tickets = new Map<string, DeskTicket>();
    // The callbacks run once the day has started, when `followed` is set.
    const day: LiveDay = new LiveDay({
      platform: this.deps.platform,
      openStream: this.deps.openStream,
      officePlaceId,
      loaded: (list) => {
        tickets.clear();
        for (const ticket of list) tickets.set(ticket.ticketId, ticket);
        this.show(followed);
      },
      changed: (ticket) => {
        tickets.set(ticket.ticketId, ticket);
        this.show(followed);
      },
      live: (live) => {
        followed.live = live.state === 'live';
        this.show(followed);
      },
    });
    const followed: FollowedDay = { officePlaceId, day, tickets, live: false };
    this.followed = followed;
    void followed.day.start();
  }

  private show(followed: FollowedDay): void {
    if (this.followed !== followed || !followed.live) return;
    const calls = lastCalls([...followed.tickets.values()]);
    const same = calls.length === this.last.calls.length && calls.every((call, index) => sameCall(call, this.last.calls[index]!));
    this.last = { calls, at: this.now(), live: true };
    if (!same) this.deps.changed?.({ calls, live: true });
  }

  private async read(officePlaceId: number | null): Promise<DisplayCalls> {
    try {
      const answer = await this.deps.platform.listForDay(officePlaceId === null ? {} : { officePlaceId });
      this.last = { calls: lastCalls(answer.tickets), at: this.now(), live: true };
    } catch (error) {
      log.warn('display feed not refreshed', { code: isDeskError(error) ? error.code : 'INTERNAL' });
      this.last = { ...this.last, at: this.now(), live: false };
    }
    return { calls: this.last.calls, live: this.last.live };
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

function sameCall(a: DisplayCall, b: DisplayCall): boolean {
  return a.ticketId === b.ticketId && a.at === b.at && a.deskLabel === b.deskLabel;
}
