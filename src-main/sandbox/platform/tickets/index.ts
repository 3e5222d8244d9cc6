import type { FastifyInstance } from 'fastify';
import {
  DESK_DISPLAY_PATHS,
  DESK_VERIFICATION_PATHS,
  TICKET_HEARTBEAT_MS,
  TICKET_SERVICE_PATHS,
  type DeskTicket,
  type DisplayedCall,
} from '../../../../src-shared/platform/tickets';
import { DESK_GONE_MS, DESK_PRESENCE_PATHS } from '../../../../src-shared/platform/desks';
import { logger } from '../../../log';
import type { PlatformWorld } from '../../world/types';
import type { DeskPresenceTuning } from './desks';
import { DEFAULT_EVENT_LOG_CAPACITY, defaultFirstEventId, EventLog, type LoggedEvent } from './event-log';
import { installErrorHandler } from './http';
import type { PrintJob } from './printing';
import { registerTicketRoutes } from './routes';
import { ownsPlace, TicketDesk } from './service';
import { EventStream } from './sse';

export type { PrintJob } from './printing';
export { TicketServiceError } from './service';

const log = logger('sandbox-tickets');

export interface TicketServiceOptions {
  world: PlatformWorld;
  now: () => Date;
  /** Heartbeat comment period of the event streams (tests shorten it). */
  heartbeatMs?: number;
  /** Events kept for `Last-Event-ID` resumes (default 10,000). */
  eventLogCapacity?: number;
  /** Id of the first event of this run (default: start time in µs, see event-log.ts). */
  firstEventId?: number;
  /** A stream client with more unread bytes than this is cut off and resumes from the log. */
  maxBufferedBytes?: number;
  /**
   * Whether this project's desk extensions are served, read on every request (tests flip it):
   * off, their routes answer 404 as on a platform that never had them.
   */
  deskExtensions?: { offered: boolean };
  /** How long a silent desk stays present (read live: tests shorten it so a crash shows in a moment). */
  deskPresence?: DeskPresenceTuning;
}

/** The routes that are this project's extensions, not the platform's contract (DESIGN.md §3). */
const EXTENSION_PATHS: ReadonlySet<string> = new Set([
  TICKET_SERVICE_PATHS.listForDay,
  TICKET_SERVICE_PATHS.events,
  TICKET_SERVICE_PATHS.callTicket,
  DESK_DISPLAY_PATHS.lastCalls,
  DESK_VERIFICATION_PATHS.reportVerifiedStatus,
  DESK_PRESENCE_PATHS.desks,
  `${DESK_PRESENCE_PATHS.desks}/:deskId`,
  DESK_PRESENCE_PATHS.transferTicket,
  DESK_PRESENCE_PATHS.markAbsent,
  DESK_PRESENCE_PATHS.dismissAbsent,
]);

export interface TicketService {
  /** Ends open event streams so the server can close. */
  close(): void;
  /** The ticket of that id, as the services see it (live object: read only). */
  ticket(ticketId: string): DeskTicket | undefined;
  /** Print jobs `printTicket` accepted or refused, oldest first (for tests and the training UI). */
  printJobs(): PrintJob[];
  /** The public display feed of an office place, newest first. */
  lastCalls(officePlaceId: number, limit?: number): DisplayedCall[];
  /** Id of the newest ticket event. */
  lastEventId(): number;
  /** Every ticket or desk event as it is logged, before any stream sends it (the soak times events from here). */
  onEvent(listener: (event: LoggedEvent) => void): () => void;
  /** Event streams currently open. */
  openStreams(): number;
}

// Above a full 10,000-event replay (~5 MB), so a resuming client is never cut by its own replay.
const DEFAULT_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * The platform's ticket services `/api/kioskTicket/*` and this project's desk
 * extensions (listForDay, events, callTicket, lastCalls). Routes live in their own
 * Fastify context, so their `{message}` error handler does not reach the admin
 * service or the relay.
 */
export function registerTicketServices(app: FastifyInstance, options: TicketServiceOptions): TicketService {
  const events = new EventLog(options.eventLogCapacity ?? DEFAULT_EVENT_LOG_CAPACITY, options.firstEventId ?? defaultFirstEventId());
  const desk = new TicketDesk(options.world, options.now, events, options.deskPresence ?? { goneMs: DESK_GONE_MS });
  const streams = new Set<EventStream>();
  // A desk that crashed says nothing: the platform notices its silence by itself.
  const presenceSweep = setInterval(() => desk.desks.sweep(), 250);
  presenceSweep.unref();
  const closeStreams = () => {
    clearInterval(presenceSweep);
    for (const stream of [...streams]) stream.close();
  };

  void app.register(async (scope) => {
    installErrorHandler(scope, log);
    // JSON only, as the platform documents: a text/plain body is 415, not a string
    // that would then fail authentication.
    scope.removeContentTypeParser('text/plain');
    // A platform without the extensions: the same answer Fastify gives for a route it does not have.
    scope.addHook('onRequest', async (request, reply) => {
      if (options.deskExtensions?.offered !== false || !EXTENSION_PATHS.has(request.routeOptions.url ?? '')) return;
      await reply.code(404).send({ message: `Route ${request.method}:${request.url.split('?')[0]} not found`, error: 'Not Found', statusCode: 404 });
    });
    // One line per call, so a technician sees a publisher's pushes arrive: route and answer code only.
    scope.addHook('onResponse', async (request, reply) => {
      log.debug('ticket service call', { route: request.routeOptions.url ?? 'unknown', status: reply.statusCode });
    });
    registerTicketRoutes(scope, {
      desk,
      licences: options.world.licences,
      log: events,
      openStream: (_request, reply, licence, resumeFrom) => {
        reply.hijack();
        const stream = new EventStream(
          reply.raw,
          {
            log: events,
            owns: (officePlaceId) => ownsPlace(licence, officePlaceId),
            resumeFrom,
            heartbeatMs: options.heartbeatMs ?? TICKET_HEARTBEAT_MS,
            maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
            logger: log,
          },
          (closed) => streams.delete(closed),
        );
        streams.add(stream);
        stream.open();
      },
    });
    // Open streams would keep app.close() waiting for ever: end them first.
    scope.addHook('preClose', async () => closeStreams());
  });

  return {
    close: closeStreams,
    ticket: (ticketId) => desk.store.get(ticketId),
    printJobs: () => desk.prints.list(),
    lastCalls: (officePlaceId, limit) => desk.calls.latest(officePlaceId, limit),
    lastEventId: () => events.lastId,
    onEvent: (listener) => events.subscribe(listener),
    openStreams: () => streams.size,
  };
}
