import type { Channel } from '../src-shared/ipc/channels';
import type { PrintingOverview, PrintOutcome } from '../src-shared/ipc/features/printing.contract';
import type { PRINTING_CHANNELS } from '../src-shared/ipc/features/printing.names';
import type { DeskTicket, TicketStatus } from '../src-shared/platform/tickets';
import type { ConnectionProfile } from '../src-shared/profile';
import type { Appointment } from '../src-shared/publisher/schemas';
import type { Handler } from './ipc/dispatch';

/**
 * What product features may know of the training world (the sandbox itself stays
 * behind the connection code): null when the desk runs on a real profile.
 */
export interface TrainingPort {
  /** The training profile, as the profiles page lists it. */
  profile: ConnectionProfile;
  /** The training world's office places, so tickets print their names (platform id → name, visible id). */
  officePlaces: readonly { platformId: number; name: string; visibleId: string }[];
  /** Desk sign-in accounts shown on the sign-in screen in training. */
  accounts: readonly { login: string; password: string; role: string }[];
  /** The trainer's action on the medical system's side: an arrival reverted as a RIS agenda does (appointment back to scheduled). */
  revertArrival(appointmentId: string): Promise<void>;
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
  /** The other appointments checked in with it under this number: the ticket lists every exam. */
  linked?: readonly Appointment[];
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
  /** Printer, status and queue as the Printers page shows them (the diagnostics archive counts the queue). */
  overview(): PrintingOverview;
}

/** A ticket this desk issued, reprinted or saw (identified or scanned patient), as the journal records it. */
export interface JournalEntry {
  contractAppointmentId: string;
  formattedNumber: string;
  officePlaceId: number;
  patientDisplayName: string | null;
  examLabel: string | null;
  status: TicketStatus;
}

/** Which desk called, as the public display shows it. */
export interface JournalCall {
  deskId: number | null;
  deskLabel: string;
}

/**
 * The desk's own day, kept durably on this workstation (src-main/journal/): what the
 * board, the display and the reprint fall back on when the platform does not offer the
 * desk extensions (day list, live events, call). Check-in and printing write to it.
 */
export interface DeskJournalPort {
  /** Today's tickets of the office place held here. */
  tickets(officePlaceId: number): DeskTicket[];
  /** Today's ticket of the appointment held here, unless cancelled. */
  ticketFor(contractAppointmentId: string): DeskTicket | null;
  /** On disk before it resolves; a cancelled ticket is replaced only by a new number (a redo). */
  recordTicket(entry: JournalEntry): Promise<DeskTicket>;
  /** A call the platform does not take: shown at this desk and on its display window. */
  recordCall(ticket: DeskTicket, call: JournalCall): Promise<DeskTicket>;
  /** An undone reception. */
  recordCancelled(contractAppointmentId: string): Promise<void>;
  /** Told after every change is on disk. */
  subscribe(listener: (ticket: DeskTicket) => void): () => void;
}
