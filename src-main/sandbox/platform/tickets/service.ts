import type {
  CheckinNotifySettings,
  DeskIssueForAppointmentRequest,
  DeskTicket,
  TicketStatus,
} from '../../../../src-shared/platform/tickets';
import type { AppointmentStatus } from '../../../../src-shared/publisher/schemas';
import { isoWithOffset, localDay } from '../../world/time';
import type { PlatformWorld, SandboxLicence } from '../../world/types';
import { CallBoard } from './calls';
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
  /** Tickets cancelled by cancelForAppointment: no later status revives them. */
  private readonly withdrawn = new Set<string>();

  constructor(
    private readonly world: PlatformWorld,
    private readonly now: () => Date,
    private readonly log: EventLog,
  ) {
    this.store = new TicketStore(world.tickets);
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
   * Call or recall. Status is untouched (the publisher owns it). A ticket already
   * called may be called again without `recall` (e.g. from another desk): `recall`
   * only tells the public display to mark the call as a repeat.
   */
  call(
    licence: SandboxLicence,
    request: { ticketId: string; kioskDeskId: number | null; deskLabel: string; recall?: boolean | undefined; expectedVersion?: number | undefined },
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
    this.store.setLastCall(ticket, { deskId: request.kioskDeskId, deskLabel: request.deskLabel, at });
    this.calls.record(ticket.officePlaceId, {
      ticketId: ticket.ticketId,
      formattedNumber: ticket.formattedNumber,
      deskId: request.kioskDeskId,
      deskLabel: request.deskLabel,
      at,
      recall: request.recall ?? false,
    });
    this.emit(ticket);
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
