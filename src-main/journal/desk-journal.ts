import { z } from 'zod';
import { statusRank } from '../../src-shared/board/rows';
import { localDay } from '../../src-shared/day';
import { contractDateSchema } from '../../src-shared/publisher/schemas';
import { deskTicketSchema, type DeskTicket } from '../../src-shared/platform/tickets';
import type { DeskJournalPort, JournalCall, JournalEntry } from '../features';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';
import type { Keystore } from '../store/secrets';

/**
 * One day only: yesterday's patients have no business on disk nor on the board. On disk a
 * ticket's patient name is only ever sealed by the OS keychain (`sealedName`); where there
 * is none (the browser preview) names stay in memory and a restart shows rows without them.
 */
const storedTicketSchema = deskTicketSchema.extend({ sealedName: z.string().min(1).optional() });
const journalFileSchema = z.object({ day: contractDateSchema, tickets: z.array(storedTicketSchema) });
type JournalFile = { day: string; tickets: DeskTicket[] };
type StoredFile = z.infer<typeof journalFileSchema>;

/** Seals patient names with the OS keychain (safeStorage), one ciphertext per name reused across writes. */
class NameSeal {
  private readonly sealed = new Map<string, string>();
  constructor(private readonly keystore: Keystore | null) {}

  private async usable(): Promise<Keystore | null> {
    return (await this.keystore?.isAsyncEncryptionAvailable()) ? this.keystore : null;
  }

  async seal(name: string): Promise<string | null> {
    const keystore = await this.usable();
    if (!keystore) return null;
    let sealed = this.sealed.get(name);
    if (sealed === undefined) {
      sealed = (await keystore.encryptStringAsync(name)).toString('base64');
      this.sealed.set(name, sealed);
    }
    return sealed;
  }

  /** Null when this computer's keychain cannot open it (another machine, a reset keychain): the ticket stays, nameless. */
  async open(sealed: string): Promise<string | null> {
    const keystore = await this.usable();
    if (!keystore) return null;
    try {
      const { result, shouldReEncrypt } = await keystore.decryptStringAsync(Buffer.from(sealed, 'base64'));
      // A rotated key: the next write seals the name again.
      if (!shouldReEncrypt) this.sealed.set(result, sealed);
      return result;
    } catch {
      return null;
    }
  }

  async toDisk(data: JournalFile): Promise<StoredFile> {
    return {
      day: data.day,
      tickets: await Promise.all(
        data.tickets.map(async (ticket) => {
          const sealedName = ticket.patientDisplayName === null ? null : await this.seal(ticket.patientDisplayName);
          return { ...ticket, patientDisplayName: null, ...(sealedName ? { sealedName } : {}) };
        }),
      ),
    };
  }

  async fromDisk(stored: StoredFile): Promise<JournalFile> {
    return {
      day: stored.day,
      tickets: await Promise.all(
        stored.tickets.map(async ({ sealedName, ...ticket }) => ({
          ...ticket,
          patientDisplayName: ticket.patientDisplayName ?? (sealedName ? await this.open(sealedName) : null),
        })),
      ),
    };
  }
}

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
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: AtomicJsonFile<typeof journalFileSchema>,
    private data: JournalFile,
    private readonly now: () => Date,
    private readonly names: NameSeal,
  ) {}

  /** `keystore`: what seals patient names on disk (Electron's safeStorage); none keeps them in memory only. */
  static async open(dataDir: string, now: () => Date = () => new Date(), keystore: Keystore | null = null): Promise<DeskJournal> {
    // A damaged file is kept aside and told to staff; the desk starts the day empty rather than not at all.
    const { file, value } = await openDurable(dataDir, 'desk-journal.json', journalFileSchema);
    const names = new NameSeal(keystore);
    const today = localDay(now());
    const data = value?.day === today ? await names.fromDisk(value) : { day: today, tickets: [] };
    // Yesterday's patients, and any name an older desk wrote in clear, leave the disk at this start.
    const clear = value?.tickets.some((ticket) => ticket.patientDisplayName !== null) ?? false;
    if (value && (value.day !== today || clear)) await file.write(await names.toDisk(data));
    return new DeskJournal(file, data, now, names);
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
    await this.persist();
    for (const listener of this.listeners) listener(ticket);
  }

  /**
   * Writes one after the other, each of the day as it is when its turn comes: sealing names
   * is asynchronous, and an older picture written last would lose a newer ticket.
   */
  private async persist(): Promise<void> {
    const run = this.writing.then(async () => this.file.write(await this.names.toDisk(this.data)));
    this.writing = run.catch(() => undefined);
    await run;
  }
}

function sameTicket(a: DeskTicket, b: DeskTicket): boolean {
  return a.status === b.status && a.patientDisplayName === b.patientDisplayName && a.examLabel === b.examLabel && a.officePlaceId === b.officePlaceId;
}

/**
 * The platform's tickets with the calls this desk recorded itself when the platform has no
 * call route: the newer call of the two is kept, so a day list read again does not forget them.
 */
export function withLocalCalls<T extends Pick<DeskTicket, 'ticketId' | 'lastCall'>>(tickets: readonly T[], journal: readonly DeskTicket[]): T[] {
  const calls = new Map(journal.flatMap((ticket) => (ticket.lastCall ? [[ticket.ticketId, ticket.lastCall] as const] : [])));
  if (calls.size === 0) return [...tickets];
  return tickets.map((ticket) => {
    const local = calls.get(ticket.ticketId);
    return local && (!ticket.lastCall || Date.parse(local.at) > Date.parse(ticket.lastCall.at)) ? { ...ticket, lastCall: local } : ticket;
  });
}
