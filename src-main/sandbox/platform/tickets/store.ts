import type { DeskTicket, TicketHistoryEntry, TicketStatus } from '../../../../src-shared/platform/tickets';
import { TicketNumbering } from './numbering';

/**
 * The platform's tickets, indexed for the calls the desk makes all day long:
 * by id (call, recall), by day (listForDay) and by (day, appointment) (status
 * mirror, cancel). A day of ~5,000 tickets costs a few maps, no scans.
 *
 * The array handed in is the world's live `tickets` list: new tickets are pushed
 * onto it and changes are made on its objects, so the admin dashboard (which
 * counts `world.tickets`) sees the same day as the ticket services.
 */
export class TicketStore {
  readonly numbering = new TicketNumbering();
  private readonly byId = new Map<string, DeskTicket>();
  private readonly byDay = new Map<string, DeskTicket[]>();
  /** `${day}|${contractAppointmentId}` → that appointment's tickets of the day, in issue order. */
  private readonly byAppointment = new Map<string, DeskTicket[]>();
  /** `${licenceId}|${requestUid}` → ticketId: the idempotency of issueForAppointment. */
  private readonly byRequest = new Map<string, string>();
  /** Highest `tkt-YYYYMMDD-NNNN` suffix per day, so new ids never collide with seeded ones. */
  private readonly idSequence = new Map<string, number>();

  constructor(private readonly tickets: DeskTicket[]) {
    // Issue order = issuedAt order for the seeded day (seeded in journey order, not time order).
    const seeded = [...tickets].sort((a, b) => Date.parse(a.issuedAt) - Date.parse(b.issuedAt));
    for (const ticket of seeded) this.index(ticket);
  }

  get(ticketId: string): DeskTicket | undefined {
    return this.byId.get(ticketId);
  }

  /** The day's tickets in issue order. The array is the index itself: callers must not mutate it. */
  forDay(day: string): readonly DeskTicket[] {
    return this.byDay.get(day) ?? [];
  }

  ofAppointment(day: string, contractAppointmentId: string): readonly DeskTicket[] {
    return this.byAppointment.get(`${day}|${contractAppointmentId}`) ?? [];
  }

  findByRequest(licenceId: number, requestUid: string): DeskTicket | undefined {
    const ticketId = this.byRequest.get(`${licenceId}|${requestUid}`);
    return ticketId === undefined ? undefined : this.byId.get(ticketId);
  }

  /** A fresh ticket id of the day, after every id already held. */
  nextTicketId(day: string): string {
    const compact = day.replaceAll('-', '');
    const sequence = (this.idSequence.get(compact) ?? 0) + 1;
    this.idSequence.set(compact, sequence);
    return `tkt-${compact}-${String(sequence).padStart(4, '0')}`;
  }

  add(ticket: DeskTicket, request: { licenceId: number; requestUid: string }): void {
    record(ticket, { at: ticket.issuedAt, event: 'issued' });
    this.tickets.push(ticket);
    this.index(ticket);
    this.byRequest.set(`${request.licenceId}|${request.requestUid}`, ticket.ticketId);
  }

  /** Sets the status; false (and nothing touched) when it already was that status. */
  setStatus(ticket: DeskTicket, status: TicketStatus, at: string): boolean {
    if (ticket.status === status) return false;
    ticket.status = status;
    ticket.updatedAt = at;
    ticket.version = (ticket.version ?? 0) + 1;
    record(ticket, { at, event: status });
    return true;
  }

  setLastCall(ticket: DeskTicket, call: NonNullable<DeskTicket['lastCall']>): void {
    ticket.lastCall = call;
    // A new call ends a hand-on or an absence: the patient is this desk's now.
    delete ticket.handoff;
    delete ticket.absent;
    ticket.updatedAt = call.at;
    ticket.version = (ticket.version ?? 0) + 1;
    record(ticket, { at: call.at, event: 'called', ...(call.deskId === null ? {} : { deskId: call.deskId }), deskLabel: call.deskLabel });
  }

  /** A platform-side change that leaves the status alone (transfer, absence): versioned and in the history. */
  change(ticket: DeskTicket, at: string, apply: (ticket: DeskTicket) => void, entry?: TicketHistoryEntry): void {
    apply(ticket);
    ticket.updatedAt = at;
    ticket.version = (ticket.version ?? 0) + 1;
    if (entry) record(ticket, entry);
  }

  private index(ticket: DeskTicket): void {
    ticket.version ??= 1;
    this.byId.set(ticket.ticketId, ticket);
    push(this.byDay, ticket.day, ticket);
    if (ticket.contractAppointmentId !== null) push(this.byAppointment, `${ticket.day}|${ticket.contractAppointmentId}`, ticket);
    this.numbering.observe(ticket);
    const match = /^tkt-(\d{8})-(\d+)$/.exec(ticket.ticketId);
    if (match) this.idSequence.set(match[1]!, Math.max(this.idSequence.get(match[1]!) ?? 0, Number(match[2])));
  }
}

/** Every change the platform makes is a transition of the ticket's history (desk extension). */
function record(ticket: DeskTicket, entry: TicketHistoryEntry): void {
  (ticket.history ??= []).push(entry);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
