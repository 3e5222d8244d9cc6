import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  deskTicketSchema,
  TICKET_EVENT,
  TICKET_HEARTBEAT_MS,
  TICKET_READY_EVENT,
  TICKET_RESET_EVENT,
  TICKET_SERVICE_PATHS,
  ticketStreamControlSchema,
  type DeskTicket,
} from '../../../src-shared/platform/tickets';
import { DESK_EVENT, officeDesksResponseSchema, type OfficeDesks } from '../../../src-shared/platform/desks';
import { logger } from '../../log';
import { exponentialCeiling } from '../../net/retry';
import { answeredUsably, openStream } from '../../net/transport';
import { within } from '../../net/within';
import { ticketServiceHeaders, ticketServiceUrl, type TicketServiceAccess } from '../tickets/endpoint';

const log = logger('ticket-events');

/** live: stream open and caught up; reconnecting: cut, trying again; offline: given up or refused. */
export type StreamState = 'live' | 'reconnecting' | 'offline';
/** Why the stream is offline: refused key (never retried), route not offered, or repeated failures. */
export type OfflineReason = 'keyRefused' | 'notOffered' | 'unreachable';

export interface TicketStreamListener {
  ticket(ticket: DeskTicket, eventId: number): void;
  /** The server could not resume from our position: reload the day, keep the stream. */
  reset(): void;
  state(state: StreamState, reason?: OfflineReason): void;
  /** The office place's desks changed (desk presence, docs/desk-extensions.md); optional. */
  desks?(office: OfficeDesks): void;
}

export interface TicketStreamOptions extends TicketServiceAccess {
  /** No byte (event or heartbeat) for this long → the connection is treated as dead. Default 2.5 heartbeats. */
  heartbeatTimeoutMs?: number;
  /** Reconnect delays: exponential from base to max, with jitter. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Consecutive failed attempts after which the state says offline (reconnecting continues). */
  offlineAfterFailures?: number;
  random?: () => number;
  /** Told after every connection attempt whether the platform answered usably (as the ticket services tell it). */
  onReachability?: (reachable: boolean) => void;
  /** The `Date` header of the stream's answer, with when it was asked and answered (the platform's clock). */
  onDate?: (header: string | null, sentAt: number, receivedAt: number) => void;
  /**
   * A cheap question to the platform (true: it answered). A dead connection gives no error and a
   * heartbeat may come only every 15 s: after `quietMs` without a byte the desk asks, and no answer
   * within `probeTimeoutMs` means the stream is not live. Without a probe only the heartbeat decides.
   */
  probe?: () => Promise<boolean>;
  quietMs?: number;
  probeTimeoutMs?: number;
  now?: () => number;
}

/** A quiet stream is checked after this long, and the check waits this long: lost within 5 s. */
export const STREAM_QUIET_MS = 2_000;
export const STREAM_PROBE_TIMEOUT_MS = 2_500;

/**
 * The wait before reconnection attempt `failures` (1-based): the capped exponential
 * ceiling, half of it fixed and half jitter, so desks cut together do not come back
 * in one burst and a long outage never waits more than `backoffMaxMs`.
 */
export function reconnectDelay(failures: number, options: Pick<TicketStreamOptions, 'backoffBaseMs' | 'backoffMaxMs' | 'random'> = {}): number {
  const ceiling = exponentialCeiling(options.backoffBaseMs ?? 500, options.backoffMaxMs ?? 30_000, failures - 1);
  return Math.round(ceiling / 2 + (options.random ?? Math.random)() * (ceiling / 2));
}

/**
 * Consumer of `GET /api/kioskTicket/events` (docs/desk-extensions.md): resumes with
 * `Last-Event-ID` after any cut so no change is lost, reconnects with capped
 * exponential backoff, treats a silent connection (no heartbeat) as cut, and stops
 * on 401/403/404 instead of hammering the platform with a key it refuses. Frames
 * are read by `eventsource-parser`; where, as whom and the reachability rule are the
 * ticket services' own (endpoint.ts, net/transport.ts).
 */
export class TicketEventStream {
  /** Ends the open connection (its fetch and body). */
  private request: AbortController | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private quiet: NodeJS.Timeout | null = null;
  private heardAt: number | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = true;
  private position: number | null = null;
  private current: StreamState | null = null;
  /** Bumped per connection: late events of a connection already dropped are ignored. */
  private generation = 0;

  constructor(
    private readonly options: TicketStreamOptions,
    private readonly listener: TicketStreamListener,
  ) {}

  /** Id of the last frame seen: where a reconnect resumes. */
  get lastEventId(): number | null {
    return this.position;
  }

  /** When the platform last sent anything on the stream (epoch ms), null before the first byte. */
  get lastHeardAt(): number | null {
    return this.heardAt;
  }

  /** Opens the stream from `from` (the `lastEventId` of listForDay), or live only when null. */
  start(from: number | null): void {
    this.stop();
    this.stopped = false;
    this.position = from;
    this.failures = 0;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.clearTimers();
    this.request?.abort();
    this.request = null;
  }

  private connect(): void {
    if (this.stopped) return;
    const url = ticketServiceUrl(this.options, TICKET_SERVICE_PATHS.events, {});
    const headers: Record<string, string> = { ...ticketServiceHeaders(this.options), Accept: 'text/event-stream' };
    if (this.position !== null) headers['Last-Event-ID'] = String(this.position);
    const generation = ++this.generation;
    const sentAt = Date.now();
    const lost = (cause: string) => {
      if (generation === this.generation) this.lost(cause);
    };
    const request = new AbortController();
    this.request = request;
    // Armed before any answer too: a platform that accepts and never answers is as dead as a silent one.
    this.armWatchdog();
    // The same wire as every other call of the desk: through the hospital's proxy, with its CAs.
    void openStream(url, headers, request.signal).then(
      async (response) => {
        if (generation !== this.generation) return;
        this.options.onReachability?.(answeredUsably(response.status));
        this.options.onDate?.(response.header('date'), sentAt, Date.now());
        if (response.status === 401 || response.status === 403 || response.status === 404) {
          request.abort();
          this.giveUp(response.status === 404 ? 'notOffered' : 'keyRefused');
          return;
        }
        if (response.status !== 200) {
          request.abort();
          lost(`HTTP ${response.status}`);
          return;
        }
        const parser = createParser({ onEvent: (message) => this.frame(message) });
        const decoder = new TextDecoder();
        this.armWatchdog();
        this.armQuiet(generation);
        try {
          for await (const chunk of response.body) {
            if (generation !== this.generation) return;
            this.heardAt = this.now();
            this.armWatchdog();
            this.armQuiet(generation);
            parser.feed(decoder.decode(chunk, { stream: true }));
          }
          lost('ended');
        } catch {
          lost('error');
        }
      },
      () => {
        if (generation === this.generation) this.options.onReachability?.(false);
        lost('network');
      },
    );
  }

  private frame(frame: EventSourceMessage): void {
    const id = frame.id !== undefined && /^\d+$/.test(frame.id) ? Number(frame.id) : null;
    try {
      if (frame.event === TICKET_EVENT) {
        const ticket = deskTicketSchema.safeParse(JSON.parse(frame.data));
        if (ticket.success && id !== null) this.listener.ticket(ticket.data, id);
        else log.warn('ticket event in an unexpected form skipped');
      } else if (frame.event === TICKET_RESET_EVENT) {
        ticketStreamControlSchema.parse(JSON.parse(frame.data));
        this.listener.reset();
      } else if (frame.event === DESK_EVENT) {
        this.listener.desks?.(officeDesksResponseSchema.parse(JSON.parse(frame.data)));
      } else if (frame.event === TICKET_READY_EVENT) {
        this.failures = 0;
        this.setState('live');
      }
    } catch {
      log.warn('event frame in an unexpected form skipped', { event: frame.event ?? 'message' });
    }
    if (id !== null) this.position = id;
  }

  private armWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      log.info('no heartbeat from the platform: reconnecting');
      this.lost('silent');
    }, this.options.heartbeatTimeoutMs ?? TICKET_HEARTBEAT_MS * 2.5);
    this.watchdog.unref();
  }

  /**
   * Silence is normal between events, so it is checked rather than trusted: the probe runs
   * after each quiet spell, and a platform that does not answer it ends the stream's claim to be live.
   */
  private armQuiet(generation: number): void {
    const probe = this.options.probe;
    if (!probe) return;
    if (this.quiet) clearTimeout(this.quiet);
    this.quiet = setTimeout(() => {
      this.quiet = null;
      void within(probe().catch(() => false), this.options.probeTimeoutMs ?? STREAM_PROBE_TIMEOUT_MS, false).then((answered) => {
        if (generation !== this.generation) return;
        if (!answered) this.lost('probe');
        else if (!this.quiet) this.armQuiet(generation);
      });
    }, this.options.quietMs ?? STREAM_QUIET_MS);
    this.quiet.unref();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private lost(cause: string): void {
    if (this.stopped || this.retryTimer) return;
    this.clearTimers();
    this.generation += 1;
    this.request?.abort();
    this.request = null;
    this.failures += 1;
    this.setState(this.failures >= (this.options.offlineAfterFailures ?? 4) ? 'offline' : 'reconnecting', 'unreachable');
    const delay = reconnectDelay(this.failures, this.options);
    log.info('event stream lost', { cause, retryInMs: delay });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private giveUp(reason: OfflineReason): void {
    log.warn('event stream refused by the platform', { reason });
    this.stop();
    this.setState('offline', reason);
  }

  private setState(state: StreamState, reason?: OfflineReason): void {
    if (state === this.current && state !== 'offline') return;
    this.current = state;
    this.listener.state(state, state === 'offline' ? reason : undefined);
  }

  private clearTimers(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    if (this.quiet) clearTimeout(this.quiet);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.watchdog = null;
    this.quiet = null;
    this.retryTimer = null;
  }
}
