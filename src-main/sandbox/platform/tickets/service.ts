import { statusRank } from '../../../../src-shared/board/rows';
import type {
  CheckinNotifySettings,
  DeskIssueForAppointmentRequest,
  DeskTicket,
  TicketStatus,
  VerifiedStatus,
} from '../../../../src-shared/platform/tickets';
import type { AppointmentStatus } from '../../../../src-shared/publisher/schemas';
import { isoWithOffset, localDay } from '../../world/time';
import type { PlatformWorld, SandboxLicence } from '../../world/types';
import { DESK_EVENT, RECEIVING_DESK_ABSENT, type DeskAnnounceRequest, type DeskPresence, type TransferTicketRequest } from '../../../../src-shared/platform/desks';
import { CallBoard } from './calls';
import { DeskRegistry, type DeskPresenceTuning } from './desks';
import type { EventLog } from './event-log';
import { computePrefix } from './numbering';
import { chooseKiosk, PrintQueue } from './printing';
import { TicketStore } from './store';

/** A refusal the routes turn into `{message}` with this status (Fastify reads `statusCode`). */
export class TicketServiceError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409,
    message: string,
    /** Sent beside the message: the ticket as it is now, for a compare-and-set call that lost. */
    readonly ticket?: DeskTicket,
    /** Sent beside the message: why, when a client must tell this refusal apart (RECEIVING_DESK_ABSENT). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'TicketServiceError';
  }
}

/**
 * What a contract status means for the platform's tickets. The platform mirrors
 * the publisher's truth, backward moves included; `scheduled` (reception undone
 * on the publisher) puts the number back to `issued`: reserved, arrival not
 * confirmed.
 */
const STATUS_OF: Record<AppointmentStatus, TicketStatus> = {
  scheduled: 'issued',
  checkedIn: 'checkedIn',
  inCare: 'inCare',
  done: 'done',
  closed: 'closed',
  cancelled: 'cancelled',
};

/** Still the calling desk's patient: called and not handed on nor absent, or in care. */
function servedAtCall(ticket: DeskTicket): boolean {
  if (ticket.status === 'inCare') return true;
  return ticket.status === 'checkedIn' && !ticket.handoff && !ticket.absent;
}

export function ownsPlace(licence: SandboxLicence, officePlaceId: number): boolean {
  return licence.officePlaceIds.includes(officePlaceId);
}

/**
 * The ticket services' rules, independent of HTTP. Every change is appended to the
 * event log exactly once, as the whole ticket after the change; a call that
 * changes nothing (same status again, second cancel) appends nothing.
 */
export class TicketDesk {
  readonly store: TicketStore;
  readonly calls = new CallBoard();
  readonly prints = new PrintQueue();
  readonly desks: DeskRegistry;
  /** Tickets cancelled by cancelForAppointment: no later status revives them. */
  private readonly withdrawn = new Set<string>();

  constructor(
    private readonly world: PlatformWorld,
    private readonly now: () => Date,
    private readonly log: EventLog,
    presence: DeskPresenceTuning = { goneMs: 5_000 },
  ) {
    this.store = new TicketStore(world.tickets);
    this.desks = new DeskRegistry(
      now,
      presence,
      (desk) => this.returnCalledBy(desk),
      (licenceId, officePlaceId) => this.log.append(officePlaceId, JSON.stringify({ officePlaceId, desks: this.desksOf(licenceId, officePlaceId) }), DESK_EVENT),
      (desk) => this.reclaimBy(desk),
    );
  }

  today(): string {
    return localDay(this.now());
  }

  issue(licence: SandboxLicence, body: DeskIssueForAppointmentRequest): DeskTicket {
    // Idempotency first: a replay returns the first answer whatever its body says now.
    const existing = this.store.findByRequest(licence.id, body.requestUid);
    if (existing) return existing;
    this.requirePlace(licence, body.officePlaceId);
    const at = isoWithOffset(this.now());
    const day = this.today();
    const prefix = computePrefix(body.prefix, body.examTypeId);
    const { number, formattedNumber } = this.store.numbering.next(day, body.officePlaceId, prefix);
    const ticket: DeskTicket = {
      ticketId: this.store.nextTicketId(day),
      number,
      formattedNumber,
      day,
      officePlaceId: body.officePlaceId,
      contractAppointmentId: body.contractAppointmentId ?? null,
      status: 'issued',
      patientDisplayName: body.patientDisplayName ?? null,
      examLabel: body.examLabel ?? null,
      source: body.source ?? 'publisher',
      // The desk and the kiosks send the exam type's id only: it stands for its label then.
      ...(body.examTypeLabel || body.examTypeId ? { examTypeLabel: body.examTypeLabel || body.examTypeId || '' } : {}),
      issuedAt: at,
      updatedAt: at,
    };
    this.store.add(ticket, { licenceId: licence.id, requestUid: body.requestUid });
    this.emit(ticket);
    return ticket;
  }

  /**
   * Mirrors a status onto the appointment's live tickets of today and answers how
   * many that is (0: no ticket today). "Live": never a ticket withdrawn by
   * cancelForAppointment (an undone reception stays undone whatever status the
   * publisher pushes next, or a re-arrival would show the patient twice), and of
   * the tickets the publisher cancelled, only the latest (it may move back).
   */
  statusChanged(licence: SandboxLicence, contractAppointmentId: string, status: AppointmentStatus): number {
    const tickets = this.owned(licence, this.store.ofAppointment(this.today(), contractAppointmentId)).filter(
      (ticket) => !this.withdrawn.has(ticket.ticketId),
    );
    const latest = tickets.at(-1);
    const live = tickets.filter((ticket) => ticket === latest || ticket.status !== 'cancelled');
    const at = isoWithOffset(this.now());
    for (const ticket of live) if (this.store.setStatus(ticket, STATUS_OF[status], at)) this.emit(ticket);
    return live.length;
  }

  /** Cancels the appointment's tickets of today for good; answers how many changed (a repeat → 0). */
  cancel(licence: SandboxLicence, contractAppointmentId: string): number {
    const at = isoWithOffset(this.now());
    let cancelled = 0;
    for (const ticket of this.owned(licence, this.store.ofAppointment(this.today(), contractAppointmentId))) {
      this.withdrawn.add(ticket.ticketId);
      if (!this.store.setStatus(ticket, 'cancelled', at)) continue;
      cancelled += 1;
      this.emit(ticket);
    }
    return cancelled;
  }

  /**
   * A status a desk read from the medical system (desk extension `reportVerifiedStatus`), so the
   * office's other desks need not ask it again. Any desk of the licence may report, for a ticket
   * of today with an appointment. Forward only and idempotent: at or behind the ticket's status,
   * nothing changes and no event is sent. A ticket cancelled (by cancelForAppointment or the
   * publisher) is never revived: an undone reception stays undone whatever the medical system keeps.
   */
  reportVerified(
    licence: SandboxLicence,
    request: { ticketId: string; status: VerifiedStatus; deskId: number | null; deskLabel: string },
  ): { ticket: DeskTicket; applied: boolean } {
    const ticket = this.ownedTicket(licence, request.ticketId);
    if (ticket.contractAppointmentId === null) throw new TicketServiceError(409, 'ticketId: the ticket has no appointment to verify');
    const revivable = !this.withdrawn.has(ticket.ticketId) && ticket.status !== 'cancelled' && ticket.day === this.today();
    if (!revivable || statusRank(request.status) <= statusRank(ticket.status)) return { ticket, applied: false };
    const at = isoWithOffset(this.now());
    const desk = request.deskId === null ? {} : { deskId: request.deskId };
    this.store.change(
      ticket,
      at,
      (changed) => {
        changed.status = request.status;
        changed.verified = { status: request.status, at, deskId: request.deskId, deskLabel: request.deskLabel };
      },
      { at, event: request.status, ...desk, deskLabel: request.deskLabel },
    );
    this.emit(ticket);
    return { ticket, applied: true };
  }

  /**
   * Call or recall. Status is untouched (the publisher owns it). A ticket already
   * called may be called again without `recall` (e.g. from another desk): `recall`
   * only tells the public display to mark the call as a repeat.
   */
  call(
    licence: SandboxLicence,
    request: {
      ticketId: string;
      kioskDeskId: number | null;
      deskLabel: string;
      recall?: boolean | undefined;
      expectedVersion?: number | undefined;
      room?: string | undefined;
    },
  ): DeskTicket {
    const ticket = this.store.get(request.ticketId);
    if (!ticket || !ownsPlace(licence, ticket.officePlaceId)) throw new TicketServiceError(404, 'ticketId: unknown ticket');
    if (ticket.status === 'cancelled' || ticket.status === 'closed') {
      throw new TicketServiceError(409, `ticketId: a ${ticket.status} ticket cannot be called`);
    }
    // Compare-and-set: two desks pressing "call next" at once never both get the same patient.
    if (request.expectedVersion !== undefined && request.expectedVersion !== ticket.version) {
      throw new TicketServiceError(409, 'expectedVersion: the ticket changed since it was read', ticket);
    }
    const at = isoWithOffset(this.now());
    const room = request.room ? { room: request.room } : {};
    this.store.setLastCall(ticket, { deskId: request.kioskDeskId, deskLabel: request.deskLabel, at, ...room });
    this.calls.record(ticket.officePlaceId, {
      ticketId: ticket.ticketId,
      formattedNumber: ticket.formattedNumber,
      deskId: request.kioskDeskId,
      deskLabel: request.deskLabel,
      at,
      recall: request.recall ?? false,
      ...room,
    });
    this.emit(ticket);
    return ticket;
  }

  // ── desks that see each other (desk extension) ──
  announce(licence: SandboxLicence, deskId: number, body: DeskAnnounceRequest): DeskPresence[] {
    this.requirePlace(licence, body.officePlaceId);
    this.desks.announce(licence.id, deskId, body);
    return this.officeDesks(licence, body.officePlaceId);
  }

  /** The place's desks, each with the patient it serves now (its last call still called or in care). */
  officeDesks(licence: SandboxLicence, officePlaceId: number): DeskPresence[] {
    this.requirePlace(licence, officePlaceId);
    return this.desksOf(licence.id, officePlaceId);
  }

  private desksOf(licenceId: number, officePlaceId: number): DeskPresence[] {
    const serving = new Map<number, DeskTicket>();
    for (const ticket of this.store.forDay(this.today())) {
      const deskId = ticket.lastCall?.deskId;
      if (ticket.officePlaceId !== officePlaceId || deskId === undefined || deskId === null || !servedAtCall(ticket)) continue;
      const known = serving.get(deskId);
      if (!known || known.lastCall!.at < ticket.lastCall!.at) serving.set(deskId, ticket);
    }
    return this.desks.ofPlace(licenceId, officePlaceId).map((desk) => {
      const ticket = serving.get(desk.deskId);
      return { ...desk, serving: ticket ? { ticketId: ticket.ticketId, formattedNumber: ticket.formattedNumber } : null };
    });
  }

  /**
   * A called patient goes to another desk or back to the waiting line (with a note); an
   * in-care patient only to another desk (the publisher keeps them in care). The status is
   * the publisher's and stays as it is.
   */
  transfer(licence: SandboxLicence, request: TransferTicketRequest): DeskTicket {
    const ticket = this.ownedTicket(licence, request.ticketId);
    const called = ticket.status === 'checkedIn' && ticket.lastCall !== undefined && !ticket.handoff && !ticket.absent;
    if (!called && ticket.status !== 'inCare') throw new TicketServiceError(409, 'ticketId: only a called or in-care patient can be transferred', ticket);
    if (ticket.status === 'inCare' && request.toDeskId === null) {
      throw new TicketServiceError(409, 'toDeskId: a patient in care can only go to another desk', ticket);
    }
    // A desk that cannot call the patient (stopped, cut off, closed, never seen) would strand them.
    if (request.toDeskId !== null && !this.desks.present(licence.id, ticket.officePlaceId, request.toDeskId)) {
      throw new TicketServiceError(409, 'toDeskId: that desk has not announced itself lately (stopped, cut off or closed)', undefined, RECEIVING_DESK_ABSENT);
    }
    const at = isoWithOffset(this.now());
    const to = request.toDeskId === null ? {} : { deskId: request.toDeskId, deskLabel: request.toDeskLabel ?? '' };
    this.store.change(
      ticket,
      at,
      (changed) => {
        changed.handoff = {
          at,
          reason: 'transfer',
          fromDeskId: request.fromDeskId,
          fromDeskLabel: request.fromDeskLabel,
          toDeskId: request.toDeskId,
          toDeskLabel: request.toDeskLabel,
          note: request.note,
        };
        // In care, the receiving desk serves the patient from now on (no call: they are already with staff).
        if (changed.status === 'inCare' && request.toDeskId !== null) changed.lastCall = { deskId: request.toDeskId, deskLabel: request.toDeskLabel ?? '', at };
      },
      { at, event: 'transfer', ...to },
    );
    this.emit(ticket);
    return ticket;
  }

  /** Called, did not come: set aside with the calls made so far. */
  markAbsent(licence: SandboxLicence, request: { ticketId: string; deskId: number | null; deskLabel: string }): DeskTicket {
    const ticket = this.ownedTicket(licence, request.ticketId);
    if (!calledAndWaiting(ticket) || ticket.absent) throw new TicketServiceError(409, 'ticketId: only a called patient can be marked absent', ticket);
    const at = isoWithOffset(this.now());
    const calls = ticket.history?.filter((entry) => entry.event === 'called').length || 1;
    this.store.change(
      ticket,
      at,
      (changed) => {
        changed.absent = { at, calls, deskLabel: request.deskLabel, dismissed: false };
        delete changed.handoff;
      },
      { at, event: 'absent', deskLabel: request.deskLabel, ...(request.deskId === null ? {} : { deskId: request.deskId }) },
    );
    this.emit(ticket);
    return ticket;
  }

  /** An absent patient let go (end of the day): off every board, the publisher's status unchanged. */
  dismissAbsent(licence: SandboxLicence, ticketId: string): DeskTicket {
    const ticket = this.ownedTicket(licence, ticketId);
    if (!ticket.absent) throw new TicketServiceError(409, 'ticketId: the patient is not marked absent', ticket);
    if (ticket.absent.dismissed) return ticket;
    const absent = ticket.absent;
    this.store.change(ticket, isoWithOffset(this.now()), (changed) => {
      changed.absent = { ...absent, dismissed: true };
    });
    this.emit(ticket);
    return ticket;
  }

  /**
   * A desk that closed or stopped announcing: the patients it called and is not serving yet, and
   * those transferred to it that it has not called, wait for the others again ("returned from").
   */
  private returnCalledBy(desk: Omit<DeskPresence, 'serving'>): void {
    const at = isoWithOffset(this.now());
    for (const ticket of this.store.forDay(this.today())) {
      if (ticket.officePlaceId !== desk.officePlaceId || ticket.status !== 'checkedIn' || ticket.absent) continue;
      const calledHere = ticket.lastCall?.deskId === desk.deskId && !ticket.handoff;
      const sentHere = ticket.handoff?.reason === 'transfer' && ticket.handoff.toDeskId === desk.deskId;
      if (!calledHere && !sentHere) continue;
      this.store.change(ticket, at, (changed) => {
        changed.handoff = { at, reason: 'deskGone', fromDeskId: desk.deskId, fromDeskLabel: desk.label, toDeskId: null, toDeskLabel: null, note: null };
      });
      this.emit(ticket);
    }
  }

  /** A desk back after a silence: the patients it called, returned meanwhile and called by nobody since, are its own again. */
  private reclaimBy(desk: Omit<DeskPresence, 'serving'>): void {
    const at = isoWithOffset(this.now());
    for (const ticket of this.store.forDay(this.today())) {
      const handoff = ticket.handoff;
      if (ticket.officePlaceId !== desk.officePlaceId || handoff?.reason !== 'deskGone' || handoff.fromDeskId !== desk.deskId) continue;
      if (ticket.status !== 'checkedIn' || ticket.absent || ticket.lastCall?.deskId !== desk.deskId) continue;
      this.store.change(ticket, at, (changed) => {
        delete changed.handoff;
      });
      this.emit(ticket);
    }
  }

  private ownedTicket(licence: SandboxLicence, ticketId: string): DeskTicket {
    const ticket = this.store.get(ticketId);
    if (!ticket || !ownsPlace(licence, ticket.officePlaceId)) throw new TicketServiceError(404, 'ticketId: unknown ticket');
    return ticket;
  }

  list(licence: SandboxLicence, day: string, officePlaceId: number | undefined): DeskTicket[] {
    if (officePlaceId !== undefined) this.requirePlace(licence, officePlaceId);
    return this.store
      .forDay(day)
      .filter((ticket) => (officePlaceId === undefined ? ownsPlace(licence, ticket.officePlaceId) : ticket.officePlaceId === officePlaceId));
  }

  /** Global settings and those of the licence's own office places. */
  notifySettings(licence: SandboxLicence): CheckinNotifySettings {
    const settings = this.world.checkinNotifySettings.filter(
      (setting) => setting.officePlaceId === null || ownsPlace(licence, setting.officePlaceId),
    );
    return { settings: settings.map((setting) => ({ ...setting, excludedAnomalyCodes: [...setting.excludedAnomalyCodes] })), features: {} };
  }

  print(
    licence: SandboxLicence,
    request: { officePlaceId: number; kioskDeskId: number | null; data: Record<string, unknown> },
  ): { printed: boolean; deviceExternalId: string | null } {
    this.requirePlace(licence, request.officePlaceId);
    const kiosk = chooseKiosk(this.world.kiosks, request.officePlaceId, request.kioskDeskId);
    const answer = { printed: kiosk !== null, deviceExternalId: kiosk?.externalId ?? null };
    this.prints.record({
      at: isoWithOffset(this.now()),
      licenceId: licence.id,
      officePlaceId: request.officePlaceId,
      kioskDeskId: request.kioskDeskId,
      data: request.data,
      ...answer,
    });
    return answer;
  }

  requirePlace(licence: SandboxLicence, officePlaceId: number): void {
    if (!ownsPlace(licence, officePlaceId)) {
      throw new TicketServiceError(400, 'officePlaceId: not an office place of this licence');
    }
  }

  private owned(licence: SandboxLicence, tickets: readonly DeskTicket[]): DeskTicket[] {
    return tickets.filter((ticket) => ownsPlace(licence, ticket.officePlaceId));
  }

  private emit(ticket: DeskTicket): void {
    this.log.append(ticket.officePlaceId, JSON.stringify(ticket));
  }
}

/**
 * Called and not come yet: a checked-in ticket with a call, or one called again since its last status
 * (a patient of several exams, their first done, called for the next: the medical system pushed the
 * ticket's own appointment done, and the desk's call is for the next team).
 */
function calledAndWaiting(ticket: DeskTicket): boolean {
  if (!ticket.lastCall) return false;
  if (ticket.status === 'checkedIn') return true;
  if (ticket.status !== 'inCare' && ticket.status !== 'done') return false;
  const last = ticket.history?.findLast((entry) => entry.event === 'called' || entry.event === ticket.status);
  return last?.event === 'called';
}
