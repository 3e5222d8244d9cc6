import type { DisplayCall, DisplayCalls } from '../../src-shared/ipc/features/display.contract';
import { isDeskError } from '../../src-shared/errors';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import { logger } from '../log';
import type { DeskJournalPort } from '../features';
import type { TicketStreamFactory } from '../infrastructure';
import { withLocalCalls } from '../journal/desk-journal';
import { keepFirst } from '../keep-first';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { isNotOffered } from '../platform/tickets/http';
import { LiveDay } from '../platform/tickets/live-day';

const log = logger('display');

/** Calls a waiting-room screen shows at once. */
export const CALLS_SHOWN = 6;
/**
 * Called tickets the live display keeps, newest calls first: the screen shows six, and a ticket further
 * back shows again only once called again (its event brings it back). The margin covers calls
 * cancelled or undone among the newest. Keeping the whole day held some 2,000 tickets in desk 1's main
 * by evening, and each event went through all of them (full day, 29 Nov 2026).
 */
export const CALLS_KEPT = 60;
/** Every display window polls; one platform read serves them all within this time. */
export const FEED_FRESH_MS = 1_000;
/** A platform without the day list is asked again this rarely: its answer will not change soon. */
export const NOT_OFFERED_RETRY_MS = 60_000;

/** What the screen reads of a ticket: kept all day for every ticket, so nothing more (no name, no history). */
type CalledTicket = Pick<DeskTicket, 'ticketId' | 'formattedNumber' | 'status' | 'lastCall'>;

function calledOf({ ticketId, formattedNumber, status, lastCall }: DeskTicket): CalledTicket {
  return { ticketId, formattedNumber, status, lastCall };
}

/**
 * The tickets' last calls, newest first (the first given first among equals): number and desk only,
 * never a patient name. One pass keeping the newest few: by evening the day's called tickets are in the
 * thousands, the screen shows six, and each platform event asks again.
 */
export function lastCalls(tickets: readonly CalledTicket[], limit = CALLS_SHOWN): DisplayCall[] {
  const newest: { ticket: CalledTicket; at: number }[] = [];
  for (const ticket of tickets) {
    if (!ticket.lastCall || ticket.status === 'cancelled') continue;
    keepFirst(newest, { ticket, at: Date.parse(ticket.lastCall.at) }, limit, (a, b) => a.at > b.at);
  }
  return newest.map(({ ticket }) => {
    const call = ticket.lastCall!;
    return { ticketId: ticket.ticketId, formattedNumber: ticket.formattedNumber, deskLabel: call.deskLabel, at: call.at, ...(call.room ? { room: call.room } : {}) };
  });
}

export interface DisplayFeedDeps {
  platform: Pick<PlatformBoardClient, 'listForDay' | 'answers'>;
  /** The platform's live ticket events: offered, the display follows them instead of polling the day list. */
  openStream?: TicketStreamFactory;
  officePlaceId: () => number | null;
  /** Told when the calls on screen change while the feed is live (the display chimes at once). */
  changed?: (calls: DisplayCalls) => void;
  /** Calls this desk recorded itself (the platform has no call route or no day list): shown too. */
  journal?: Pick<DeskJournalPort, 'tickets' | 'subscribe'>;
  now?: () => number;
}

/** One office place's day followed live: its tickets, kept current by the event stream. */
interface FollowedDay {
  officePlaceId: number;
  day: LiveDay;
  /** The day's latest calls as the screen reads them (CALLS_KEPT): a desk's main also keeps the board's day, whole. */
  tickets: ReadonlyMap<string, CalledTicket>;
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
  /** The state's revision: the clock's milliseconds, or one more when two states share one, so it grows across restarts too. */
  private revision = 0;
  /** Since when the screen's calls are no longer known to be current (epoch ms), null while live. */
  private offlineSince: number | null = null;
  private pending: Promise<DisplayCalls> | null = null;
  private followed: FollowedDay | null = null;
  /** The platform answered that it offers no day list: the journal's calls are the screen's. */
  private listMissingAt = Number.NEGATIVE_INFINITY;
  /** The platform tickets of the last read, so a call recorded here merges with them. */
  private listed: readonly CalledTicket[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: DisplayFeedDeps) {
    this.unsubscribe = deps.journal?.subscribe((ticket) => this.localCall(ticket)) ?? (() => undefined);
  }

  calls(): Promise<DisplayCalls> {
    const officePlaceId = this.deps.officePlaceId();
    this.follow(officePlaceId);
    if (this.followed?.live) return Promise.resolve(this.answer());
    if (this.now() - this.last.at < FEED_FRESH_MS) return Promise.resolve(this.answer());
    this.pending ??= this.read(officePlaceId).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  close(): void {
    this.stopFollowing();
  }

  /** Stops the feed for good (the desk closes). */
  dispose(): void {
    this.stopFollowing();
    this.unsubscribe();
  }

  private stopFollowing(): void {
    this.followed?.day.stop();
    this.followed = null;
  }

  /** The platform's tickets with this desk's own calls on top, reduced to what the screen shows. */
  private callsOf(tickets: readonly CalledTicket[], officePlaceId: number | null): DisplayCall[] {
    const journal = officePlaceId === null ? [] : (this.deps.journal?.tickets(officePlaceId) ?? []);
    const known = new Set(tickets.map((ticket) => ticket.ticketId));
    return lastCalls([...withLocalCalls(tickets, journal), ...journal.filter((ticket) => !known.has(ticket.ticketId))]);
  }

  /** A call recorded here reaches the screen at once, as a platform event would. */
  private localCall(ticket: DeskTicket): void {
    const officePlaceId = this.deps.officePlaceId();
    if (!ticket.lastCall || ticket.officePlaceId !== officePlaceId) return;
    const tickets = this.followed?.live ? [...this.followed.tickets.values()] : this.listed;
    this.publish(this.callsOf(tickets, officePlaceId), this.followed?.live === true || this.last.live);
  }

  private publish(calls: DisplayCall[], live: boolean): void {
    const same = live === this.last.live && calls.length === this.last.calls.length && calls.every((call, index) => sameCall(call, this.last.calls[index]!));
    this.remember({ calls, at: this.now(), live });
    if (!same) this.deps.changed?.(this.answer());
  }

  /** A new state of the feed: its calls, a newer revision, and whether (since when not) it is live. */
  private remember(last: DisplayFeed['last']): void {
    this.last = last;
    this.revision = Math.max(this.revision + 1, Math.floor(this.now()));
    this.noteLive(last.live);
  }

  /** Live, or since when not: the first moment the feed was found not current. */
  private noteLive(live: boolean): void {
    if (live) this.offlineSince = null;
    else this.offlineSince ??= this.now();
  }

  /** What the screen is told: the calls, whether they are current, and if not since when. */
  private answer(): DisplayCalls {
    const { calls, live } = this.last;
    const { revision } = this;
    return live || this.offlineSince === null ? { revision, calls, live } : { revision, calls, live, offlineSince: new Date(this.offlineSince).toISOString() };
  }

  /** Opens (or moves) the live day on the display's office place; the day list answers until it is live. */
  private follow(officePlaceId: number | null): void {
    if (!this.deps.openStream || this.followed?.officePlaceId === officePlaceId) return;
    this.stopFollowing();
    if (officePlaceId === null) return;
    const tickets = new Map<string, CalledTicket>();
    const keep = (ticket: DeskTicket) => {
      if (!ticket.lastCall || ticket.status === 'cancelled') tickets.delete(ticket.ticketId);
      else tickets.set(ticket.ticketId, calledOf(ticket));
      if (tickets.size >= 2 * CALLS_KEPT) keepLatest(tickets);
    };
    // The callbacks run once the day has started, when `followed` is set.
    const day: LiveDay = new LiveDay({
      platform: this.deps.platform,
      openStream: this.deps.openStream,
      officePlaceId,
      loaded: (list) => {
        tickets.clear();
        for (const ticket of list) keep(ticket);
        // The last polled list (an outage's) is superseded: kept, it held that day's every ticket, the next day too.
        this.listed = [...tickets.values()];
        this.show(followed);
      },
      changed: (ticket) => {
        keep(ticket);
        this.show(followed);
      },
      live: (live) => {
        followed.live = live.state === 'live';
        // Lost: the screen is told at once that its calls are no longer current (then polls the day list).
        if (!followed.live && this.followed === followed && this.last.live) this.publish(this.last.calls, false);
        this.show(followed);
      },
    });
    const followed: FollowedDay = { officePlaceId, day, tickets, live: false };
    this.followed = followed;
    void followed.day.start();
  }

  private show(followed: FollowedDay): void {
    if (this.followed !== followed || !followed.live) return;
    this.publish(this.callsOf([...followed.tickets.values()], followed.officePlaceId), true);
  }

  private async read(officePlaceId: number | null): Promise<DisplayCalls> {
    // No day list on this platform: the calls made at this desk are all there is, and they are current.
    if (this.now() - this.listMissingAt < NOT_OFFERED_RETRY_MS) {
      this.remember({ calls: this.callsOf([], officePlaceId), at: this.now(), live: true });
      return this.answer();
    }
    try {
      const answer = await this.deps.platform.listForDay(officePlaceId === null ? {} : { officePlaceId });
      this.listed = answer.tickets.map(calledOf);
      this.remember({ calls: this.callsOf(answer.tickets, officePlaceId), at: this.now(), live: true });
    } catch (error) {
      log.warn('display feed not refreshed', { code: isDeskError(error) ? error.code : 'INTERNAL' });
      const notOffered = this.deps.journal !== undefined && isNotOffered(error);
      if (notOffered) {
        this.listMissingAt = this.now();
        this.listed = [];
      }
      this.remember(notOffered ? { calls: this.callsOf([], officePlaceId), at: this.now(), live: true } : { ...this.last, at: this.now(), live: false });
    }
    return this.answer();
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

/** Drops all but the CALLS_KEPT latest calls (amortised: done once the map holds twice that many). */
function keepLatest(tickets: Map<string, CalledTicket>): void {
  const latest = new Set(lastCalls([...tickets.values()], CALLS_KEPT).map((call) => call.ticketId));
  for (const ticketId of tickets.keys()) if (!latest.has(ticketId)) tickets.delete(ticketId);
}

function sameCall(a: DisplayCall, b: DisplayCall): boolean {
  return a.ticketId === b.ticketId && a.at === b.at && a.deskLabel === b.deskLabel;
}
