import type { BoardLive, DeskExtension } from '../../../src-shared/ipc/features/board.contract';
import type { OfficeDesks } from '../../../src-shared/platform/desks';
import type { DeskTicket } from '../../../src-shared/platform/tickets';
import { logger } from '../../log';
import type { TicketEventStream } from '../events/ticket-stream';
import type { TicketStreamFactory, TicketStreamTuning } from '../../infrastructure';
import type { PlatformBoardClient } from './board';
import { isTransientPlatformError } from '../transient';
import { DeskError } from '../../../src-shared/errors';

const log = logger('live-day');

export interface LiveDayOptions {
  /** `answers`, where given, checks a quiet stream (a platform that does not answer is not live). */
  platform: Pick<PlatformBoardClient, 'listForDay'> & Partial<Pick<PlatformBoardClient, 'answers'>>;
  openStream: TicketStreamFactory;
  streamTuning?: TicketStreamTuning;
  officePlaceId: number;
  /** The whole day, after the first load and after every reset. */
  loaded: (tickets: DeskTicket[]) => void;
  changed: (ticket: DeskTicket) => void;
  live: (live: BoardLive) => void;
  /** The office place's desks as the stream pushes them (desk presence); the board's only. */
  desks?: (office: OfficeDesks) => void;
  /** Delay before trying listForDay again when the platform cannot be reached. */
  reloadRetryMs?: number;
  /** Pace of listForDay reads standing in for live events a platform does not offer. */
  pollMs?: number;
}

/** A desk waits at most this long between two tries of the stream: back within seconds of the platform. */
export const STREAM_BACKOFF_MAX_MS = 5_000;

/** Calm: a day list read every 20 s keeps a board current enough without live events. */
export const DAY_POLL_MS = 20_000;

/**
 * The day's tickets of one office place kept live: listForDay, then the event
 * stream from the list's position (nothing missed in between), a reload on the
 * server's `reset`, and the live state pushed as it changes. The board and the
 * public display each keep one.
 */
export class LiveDay {
  private readonly stream: TicketEventStream;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private day: string | null = null;
  private state: BoardLive = { state: 'connecting', reason: null };
  private dayReload: Promise<void> | null = null;
  private midnight: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  /** Desk extensions found missing, told with the live state so the board can say so. */
  private readonly missing = new Set<DeskExtension>();

  constructor(private readonly options: LiveDayOptions) {
    // A quiet stream is checked with a cheap read of this office place; the way back is never longer than a few seconds.
    const answers = options.platform.answers?.bind(options.platform);
    const tuning = { backoffMaxMs: STREAM_BACKOFF_MAX_MS, ...(answers ? { probe: () => answers(options.officePlaceId) } : {}), ...options.streamTuning };
    this.stream = options.openStream(
      {
        ticket: (ticket) => this.ticket(ticket),
        reset: () => void this.reload(false),
        state: (state, reason) => this.streamState({ state, reason: reason ?? null }),
        desks: (office) => {
          if (office.officePlaceId === options.officePlaceId) options.desks?.(office);
        },
      },
      tuning,
    );
  }

  current(): BoardLive {
    return this.state;
  }

  /** The day of the list it keeps live (the platform's), null before the first list. */
  listDay(): string | null {
    return this.day;
  }

  /** Resolves after the first load attempt (the board then has rows, or says offline). */
  start(): Promise<void> {
    return this.reload(true);
  }

  stop(): void {
    this.stopped = true;
    this.stream.stop();
    if (this.retry) clearTimeout(this.retry);
    if (this.midnight) clearTimeout(this.midnight);
    if (this.poll) clearInterval(this.poll);
  }

  /** Without live events (route not offered) the day list is read again at a calm pace instead. */
  private streamState(live: BoardLive): void {
    const notOffered = live.state === 'offline' && live.reason === 'notOffered';
    if (notOffered) this.missing.add('liveEvents');
    else if (live.state === 'live') this.missing.delete('liveEvents');
    if (notOffered && !this.poll && !this.stopped) {
      this.poll = setInterval(() => void this.reload(false), this.options.pollMs ?? DAY_POLL_MS);
      this.poll.unref();
    } else if (!notOffered && this.poll) {
      clearInterval(this.poll);
      this.poll = null;
    }
    this.setLive(live);
  }

  private ticket(ticket: DeskTicket): void {
    if (ticket.officePlaceId !== this.options.officePlaceId) return;
    if (this.day !== null && ticket.day !== this.day) {
      // A desk left open overnight: the platform numbers a new day, so the board starts it.
      if (ticket.day > this.day) void this.newDay();
      return;
    }
    this.options.changed(ticket);
  }

  /** One reload however many events of the new day arrive before it answers. */
  private newDay(): Promise<void> {
    this.dayReload ??= this.reload(false).finally(() => (this.dayReload = null));
    return this.dayReload;
  }

  /** Yesterday's waiting tickets leave the board at midnight even when nobody arrives. */
  private scheduleMidnight(): void {
    if (this.midnight) clearTimeout(this.midnight);
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5);
    this.midnight = setTimeout(() => void this.newDay(), next.getTime() - now.getTime());
    this.midnight.unref();
  }

  private async reload(openStream: boolean): Promise<void> {
    if (this.stopped) return;
    try {
      const list = await this.options.platform.listForDay({ officePlaceId: this.options.officePlaceId });
      if (this.stopped) return;
      this.day = list.day;
      this.missing.delete('dayList');
      this.options.loaded(list.tickets);
      this.scheduleMidnight();
      // Polling stands in for the events: once a read succeeds again, the board is as current as it gets.
      if (this.poll && this.state.reason !== 'notOffered') this.setLive({ state: 'offline', reason: 'notOffered' });
      if (openStream) this.stream.start(list.lastEventId);
    } catch (error) {
      // A refusal (key, route not offered) will not fix itself soon: ask again rarely, never hammer.
      const reason = isTransientPlatformError(error) ? 'unreachable' : error instanceof DeskError && error.code === 'PLATFORM_KEY_REFUSED' ? 'keyRefused' : 'notOffered';
      log.warn('day list unavailable, retrying', { reason });
      if (reason === 'notOffered') this.missing.add('dayList');
      this.setLive({ state: 'offline', reason });
      const delay = reason === 'unreachable' ? (this.options.reloadRetryMs ?? 5_000) : 60_000;
      // One retry pending at a time, however many reads failed (the poll's included).
      if (this.retry) clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.reload(openStream), delay);
      this.retry.unref();
    }
  }

  private setLive(live: BoardLive): void {
    const base: BoardLive = { state: live.state, reason: live.reason };
    // Not live: since when nothing came, for the badge (a stream never opened has nothing to tell).
    const heard = this.stream.lastHeardAt;
    if (live.state !== 'live' && typeof heard === 'number') base.lastEventAt = new Date(heard).toISOString();
    this.state = this.missing.size > 0 ? { ...base, missing: [...this.missing] } : base;
    this.options.live(this.state);
  }
}
