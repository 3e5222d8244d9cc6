import type { Channel } from '../src-shared/ipc/channels';
import type { PrintOutcome } from '../src-shared/ipc/features/printing.contract';
import type { PRINTING_CHANNELS } from '../src-shared/ipc/features/printing.names';
import type { ConnectionProfile } from '../src-shared/profile';
import type { Appointment } from '../src-shared/publisher/schemas';
import type { ConnectionMonitor } from './connection/monitor';
import type { DeskEvents } from './events/bus';
import type { Handler } from './ipc/dispatch';
import type { PublisherClient } from './publisher/client';
import type { RunningSandbox } from './sandbox/start';
import type { StaffSessionService } from './staff/session';

/** What every feature of the desk is built from; created once per desk start. */
export interface DeskContext {
  runtime: 'electron' | 'web';
  /** Folder of the desk's own files (settings, secrets, outbox, print queue). */
  dataDir: string;
  profile: ConnectionProfile;
  /** The active profile's account key: main only, never in a response or a log. */
  accountKey: string;
  publisher: PublisherClient;
  events: DeskEvents;
  connection: ConnectionMonitor;
  staff: StaffSessionService;
  /** The training sandbox when the desk runs on the Training profile. */
  sandbox: RunningSandbox | null;
}

/** The handlers of exactly the channels a feature declares in src-shared/ipc/features/<name>.names.ts. */
export type FeatureHandlers<Names extends readonly Channel[]> = { [C in Names[number]]: Handler<C> };

/** A feature as the desk composes it: its slice of the handler table and what to stop on close. */
export interface DeskFeature<Names extends readonly Channel[]> {
  handlers: FeatureHandlers<Names>;
  close?(): Promise<void>;
}

/** A ticket just issued at the desk, as check-in hands it to the printer. */
export interface IssuedTicket {
  contractAppointmentId: string;
  formattedNumber: string;
  officePlaceId: number;
  /** The issueForAppointment requestUid: printing the same issued ticket twice is one job. */
  requestUid: string;
  /** The appointment as check-in just read it (exam, practitioner, room); absent: the printer reads it. */
  appointment?: Appointment;
}

/**
 * The desk printer as check-in sees it (the printing feature implements it). The board
 * reprints through the printing feature's own channel, which re-verifies first.
 */
export interface TicketPrinter {
  printIssuedTicket(ticket: IssuedTicket): Promise<PrintOutcome>;
}

/** What the printing feature gives the features composed after it. */
export interface PrintingFeature extends DeskFeature<typeof PRINTING_CHANNELS> {
  printer: TicketPrinter;
}
