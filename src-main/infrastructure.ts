import type { ConnectionProfile } from '../src-shared/profile';
import { ConnectionMonitor } from './connection/monitor';
import { PlatformClockWatch } from './connection/platform-clock';
import { keepOutOfLogs } from './logging/redact';
import { DeskEvents } from './events/bus';
import type { DeskJournalPort, TrainingPort } from './features';
import { AdminClient } from './platform/admin/client';
import { TicketEventStream, type TicketStreamListener, type TicketStreamOptions } from './platform/events/ticket-stream';
import { PlatformBoardClient } from './platform/tickets/board';
import { PlatformHttp } from './platform/tickets/http';
import { ReceptionClient } from './platform/tickets/reception';
import { PublisherClient } from './publisher/client';
import { AuditTrail } from './store/audit-trail';

/** Timing knobs of a stream (tests shorten them); where and who are the infrastructure's. */
export type TicketStreamTuning = Omit<TicketStreamOptions, 'platformUrl' | 'licenceUuid' | 'accountKey'>;
export type TicketStreamFactory = (listener: TicketStreamListener, tuning?: TicketStreamTuning) => TicketEventStream;

export interface InfrastructureInput {
  runtime: 'electron' | 'web';
  /** Folder of the desk's own files (settings, secrets, outbox, print queue). */
  dataDir: string;
  profile: ConnectionProfile;
  /** The profile's account key: it goes into the clients here and nowhere else. */
  accountKey: string;
  training: TrainingPort | null;
  /** The desk's own day, read from its file before the desk composes (DeskJournal.open). */
  journal: DeskJournalPort;
}

/**
 * The desk's infrastructure, built once per start: the event bus, the connection
 * monitor and one client per remote service. Features take the few members they
 * use (structural typing picks them), never the whole of it nor the account key.
 */
export interface Infrastructure {
  runtime: 'electron' | 'web';
  dataDir: string;
  profile: ConnectionProfile;
  events: DeskEvents;
  connection: ConnectionMonitor;
  /** The gap between this desk's clock and the platform's (waits count on platform time; diagnostics: clockDiagnostics). */
  clock: PlatformClockWatch;
  /** The Kiosk Integration Contract client (direct or relay, encryption, the contract's retry policy). */
  publisher: PublisherClient;
  /** The platform's ticket services transport (kiosk prints go through it). */
  platform: PlatformHttp;
  /** Day list, call and status mirror (desk extensions + appointmentStatusChanged). */
  board: PlatformBoardClient;
  /** Ticket issue, cancellation and notify settings for desk check-in. */
  reception: ReceptionClient;
  /** The platform administration service (JWT held inside). */
  admin: AdminClient;
  /** Opens the live ticket events (a feed opens one per office place); the key stays in here. */
  ticketStream: TicketStreamFactory;
  /** The desk's own tickets, patients and calls of the day: the fallback when the platform lacks the desk extensions. */
  journal: DeskJournalPort;
  /** Who did what at this desk (`board-audit.jsonl`): every feature records its staff actions there. */
  audit: AuditTrail;
  training: TrainingPort | null;
}

export function createInfrastructure(input: InfrastructureInput): Infrastructure {
  const { profile, accountKey } = input;
  // Whatever shape it has, the key never reaches a log line (src-main/logging/redact.ts).
  keepOutOfLogs(accountKey);
  const events = new DeskEvents();
  const connection = new ConnectionMonitor(events);
  const publisher = new PublisherClient({ profile, accountKey, onReachability: (reachable) => connection.reportPublisher(reachable) });
  const clock = new PlatformClockWatch({ changed: (reading) => connection.reportClock(reading) });
  const platform = new PlatformHttp({
    platformUrl: profile.platformUrl,
    licenceUuid: profile.licenceUuid,
    accountKey,
    onAnswer: (answer, sentAt, receivedAt) => clock.observeDate(answer.header('date'), sentAt, receivedAt),
  });
  return {
    runtime: input.runtime,
    dataDir: input.dataDir,
    profile,
    events,
    connection,
    clock,
    publisher,
    platform,
    board: new PlatformBoardClient(platform),
    reception: new ReceptionClient(platform),
    admin: new AdminClient({ platformUrl: profile.platformUrl }),
    ticketStream: (listener, tuning) =>
      new TicketEventStream(
        { ...tuning, platformUrl: profile.platformUrl, licenceUuid: profile.licenceUuid, accountKey, onDate: (date, sentAt, receivedAt) => clock.observeDate(date, sentAt, receivedAt) },
        timed(listener, clock),
      ),
    journal: input.journal,
    audit: new AuditTrail(input.dataDir),
    training: input.training,
  };
}

/** The listener, with each ticket event's time read against the desk's clock first. */
function timed(listener: TicketStreamListener, clock: PlatformClockWatch): TicketStreamListener {
  return {
    ticket: (ticket, eventId) => {
      clock.observeEvent(ticket.updatedAt, Date.now());
      listener.ticket(ticket, eventId);
    },
    reset: () => listener.reset(),
    state: (state, reason) => listener.state(state, reason),
    desks: (office) => listener.desks?.(office),
  };
}
