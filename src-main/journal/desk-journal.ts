import { z } from 'zod';
import { statusRank } from '../../src-shared/board/rows';
import { localDay } from '../../src-shared/day';
import { contractDateSchema } from '../../src-shared/publisher/schemas';
import { deskTicketSchema, type DeskTicket } from '../../src-shared/platform/tickets';
import type { DeskJournalPort, JournalCall, JournalEntry } from '../features';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

/** One day only: yesterday's patients have no business on disk nor on the board. */
const journalFileSchema = z.object({ day: contractDateSchema, tickets: z.array(deskTicketSchema) });
type JournalFile = z.infer<typeof journalFileSchema>;

/** What the board shows for a received patient whose appointment carries no ticket number. */
export const NO_TICKET_NUMBER = '—';

/** Journal tickets are the desk's own: their ids can never collide with a platform's. */
const ID_PREFIX = 'desk-journal:';

export function journalTicketId(contractAppointmentId: string): string {
  return `${ID_PREFIX}${contractAppointmentId}`;
}

/** The digits of a formatted number (`I012` → 12), so the board sorts journal tickets like the platform's. */
function numberOf(formattedNumber: string): number {
  const digits = /(\d+)\s*$/.exec(formattedNumber)?.[1];
  return digits ? Number.parseInt(digits, 10) : 0;
}

/**
 * The desk's own day, kept in `desk-journal.json` (atomic writes): the tickets issued or
 * reprinted here, the patients identified or scanned here who are checked in or further,
 * and the calls made here when the platform does not take them. On a platform without
 * the desk extensions (no day list, no live events, no call route) it is what the board,
 * the display and the reprint fall back on (DESIGN.md §3). Every change is on disk before
 * the caller is answered, so a restart keeps the day.
 */
export class DeskJournal implements DeskJournalPort {
  private readonly listeners = new Set<(ticket: DeskTicket) => void>();

  private constructor(
    private readonly file: AtomicJsonFile<typeof journalFileSchema>,
    private data: JournalFile,
    private readonly now: () => Date,
  ) {}

  static async open(dataDir: string, now: () => Date = () => new Date()): Promise<DeskJournal> {
    // A damaged file is kept aside and told to staff; the desk starts the day empty rather than not at all.
    const { file, value } = await openDurable(dataDir, 'desk-journal.json', journalFileSchema);
    const today = localDay(now());
    const data = value?.day === today ? value : { day: today, tickets: [] };
    // Yesterday's patient names leave the disk at the next start, not only at the first change of the day.
    if (value && value.day !== today) await file.write(data);
    return new DeskJournal(file, data, now);
  }

  tickets(officePlaceId: number): DeskTicket[] {
    return this.today().filter((ticket) => ticket.officePlaceId === officePlaceId);
  }

  ticketFor(contractAppointmentId: string): DeskTicket | null {
    return this.today().find((ticket) => ticket.contractAppointmentId === contractAppointmentId && ticket.status !== 'cancelled') ?? null;
  }

  async recordTicket(entry: JournalEntry): Promise<DeskTicket> {
    const at = this.now().toISOString();
    const ticketId = journalTicketId(entry.contractAppointmentId);
    // A journey's appointments share one ticket (one number, one call): the first one recorded stands for it.
    const journey = this.today().find(
      (ticket) =>
        ticket.ticketId !== ticketId &&
        ticket.formattedNumber === entry.formattedNumber &&
        entry.formattedNumber !== NO_TICKET_NUMBER &&
        ticket.officePlaceId === entry.officePlaceId &&
        ticket.status !== 'cancelled',
    );
    if (journey) return journey;
    const before = this.today().find((ticket) => ticket.ticketId === ticketId);
    const same = before && before.formattedNumber === entry.formattedNumber ? before : null;
    // An undone reception stays undone (the publisher keeps the arrival): only a redo, with its new number, replaces it.
    if (same?.status === 'cancelled') return same;
    const ticket: DeskTicket = {
      ...same,
      ticketId,
      number: numberOf(entry.formattedNumber),
      formattedNumber: entry.formattedNumber,
      day: localDay(this.now()),
      officePlaceId: entry.officePlaceId,
      contractAppointmentId: entry.contractAppointmentId,
      // The furthest state wins: a search that read the patient earlier never moves the ticket back.
      status: same && statusRank(same.status) >= statusRank(entry.status) ? same.status : entry.status,
      patientDisplayName: entry.patientDisplayName ?? before?.patientDisplayName ?? null,
      examLabel: entry.examLabel ?? before?.examLabel ?? null,
      source: 'desk',
      issuedAt: same?.issuedAt ?? at,
      updatedAt: at,
    };
    if (same && sameTicket(same, ticket)) return same;
    await this.save(ticket);
    return ticket;
  }

  async recordCall(ticket: DeskTicket, call: JournalCall): Promise<DeskTicket> {
    const at = this.now().toISOString();
    const called: DeskTicket = { ...ticket, lastCall: { deskId: call.deskId, deskLabel: call.deskLabel, at }, updatedAt: at };
    await this.save(called);
    return called;
  }

  async recordCancelled(contractAppointmentId: string): Promise<void> {
    const ticket = this.ticketFor(contractAppointmentId);
    if (ticket) await this.save({ ...ticket, status: 'cancelled', updatedAt: this.now().toISOString() });
  }

  subscribe(listener: (ticket: DeskTicket) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Today's tickets; the first change of a new day drops the previous one. */
  private today(): DeskTicket[] {
    return this.data.day === localDay(this.now()) ? this.data.tickets : [];
  }

  private async save(ticket: DeskTicket): Promise<void> {
    const day = localDay(this.now());
    const kept = this.today().filter((candidate) => candidate.ticketId !== ticket.ticketId);
    // Memory first, in one synchronous step: two records at once both land, each write carrying the other.
    this.data = { day, tickets: [...kept, ticket] };
    await this.file.write(this.data);
    for (const listener of this.listeners) listener(ticket);
  }
}

function sameTicket(a: DeskTicket, b: DeskTicket): boolean {
  return a.status === b.status && a.patientDisplayName === b.patientDisplayName && a.examLabel === b.examLabel && a.officePlaceId === b.officePlaceId;
}

/**
 * The platform's tickets with the calls this desk recorded itself when the platform has no
 * call route: the newer call of the two is kept, so a day list read again does not forget them.
 */
export function withLocalCalls(tickets: readonly DeskTicket[], journal: readonly DeskTicket[]): DeskTicket[] {
  const calls = new Map(journal.flatMap((ticket) => (ticket.lastCall ? [[ticket.ticketId, ticket.lastCall] as const] : [])));
  if (calls.size === 0) return [...tickets];
  return tickets.map((ticket) => {
    const local = calls.get(ticket.ticketId);
    return local && (!ticket.lastCall || Date.parse(local.at) > Date.parse(ticket.lastCall.at)) ? { ...ticket, lastCall: local } : ticket;
  });
}
