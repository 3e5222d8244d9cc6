import {
  appointmentStatusChangedResponseSchema,
  callTicketResponseSchema,
  DESK_VERIFICATION_PATHS,
  listForDayResponseSchema,
  reportVerifiedStatusResponseSchema,
  TICKET_SERVICE_PATHS,
  type DeskTicket,
  type VerifiedStatus,
} from '../../../src-shared/platform/tickets';
import {
  DESK_PRESENCE_PATHS,
  deskTicketResponseSchema,
  officeDesksResponseSchema,
  type DeskAnnounceRequest,
  type DeskPresence,
  type TransferTicketRequest,
} from '../../../src-shared/platform/desks';
import { maybe } from '../../../src-shared/publisher/tolerant';
import type { RetryPolicy } from '../../net/retry';
import { z } from 'zod';
import type { PlatformHttp } from './http';
import { isTransientPlatformError } from '../transient';

/** `listForDay` with the optional resume cursor the sandbox (and any faithful platform) answers. */
const dayListSchema = listForDayResponseSchema.extend({ lastEventId: maybe(z.number().int()) });

export interface DayList {
  day: string;
  tickets: DeskTicket[];
  /** Event id the list is current at; open `events` from it to miss nothing. Null when the platform gives none. */
  lastEventId: number | null;
}

export interface CallRequest {
  ticketId: string;
  kioskDeskId: number | null;
  deskLabel: string;
  recall?: boolean;
  /** Desk extension: compare-and-set on the ticket's version (409 TicketConflict when it moved). */
  expectedVersion?: number;
  /** Desk extension: the appointment's room, for the public display. */
  room?: string;
}

/** A heartbeat is never retried: the next one, a second later, is the retry. */
const ONCE: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 };

/**
 * The board's platform calls (desk extensions listForDay/callTicket, DESIGN.md §3,
 * and the contract's appointmentStatusChanged) over the shared ticket transport.
 */
export class PlatformBoardClient {
  constructor(private readonly http: PlatformHttp) {}

  async listForDay(query: { officePlaceId?: number; day?: string } = {}): Promise<DayList> {
    const answer = await this.http.post(TICKET_SERVICE_PATHS.listForDay, { ...query }, dayListSchema);
    return { day: answer.day, tickets: answer.tickets, lastEventId: answer.lastEventId ?? null };
  }

  async callTicket(request: CallRequest, retry?: RetryPolicy): Promise<DeskTicket> {
    const answer = await this.http.post(TICKET_SERVICE_PATHS.callTicket, { ...request }, callTicketResponseSchema, retry);
    return answer.ticket;
  }

  /** Announces this desk (and is its heartbeat); answers the office place's desks. */
  async announceDesk(deskId: number, announce: Omit<DeskAnnounceRequest, 'licenceUuid'>): Promise<DeskPresence[]> {
    const path = `${DESK_PRESENCE_PATHS.desks}/${deskId}`;
    return (await this.http.put(path, 'desks', { ...announce }, officeDesksResponseSchema, ONCE)).desks;
  }

  async officeDesks(officePlaceId: number): Promise<DeskPresence[]> {
    return (await this.http.get(DESK_PRESENCE_PATHS.desks, { officePlaceId }, officeDesksResponseSchema, ONCE)).desks;
  }

  /**
   * Whether the platform answers at all, with the cheapest read there is (the office's desks, one
   * attempt, a short wait): any answer but a 5xx counts, even "no such route". The live stream uses it
   * to tell a quiet moment from a dead connection.
   */
  async answers(officePlaceId: number, timeoutMs = 2_000): Promise<boolean> {
    try {
      await this.http.get(DESK_PRESENCE_PATHS.desks, { officePlaceId }, officeDesksResponseSchema, ONCE, timeoutMs);
      return true;
    } catch (error) {
      return !isTransientPlatformError(error);
    }
  }

  async transferTicket(request: Omit<TransferTicketRequest, 'licenceUuid'>): Promise<DeskTicket> {
    return (await this.http.post(DESK_PRESENCE_PATHS.transferTicket, { ...request }, deskTicketResponseSchema)).ticket;
  }

  async markAbsent(request: { ticketId: string; deskId: number | null; deskLabel: string }): Promise<DeskTicket> {
    return (await this.http.post(DESK_PRESENCE_PATHS.markAbsent, { ...request }, deskTicketResponseSchema)).ticket;
  }

  async dismissAbsent(ticketId: string): Promise<DeskTicket> {
    return (await this.http.post(DESK_PRESENCE_PATHS.dismissAbsent, { ticketId }, deskTicketResponseSchema)).ticket;
  }

  /**
   * Desk extension: what this desk read from the medical system, for the office's other desks
   * (forward only, idempotent, never on a cancelled ticket). One attempt: the next check reports again.
   */
  async reportVerifiedStatus(request: { ticketId: string; status: VerifiedStatus; deskId: number | null; deskLabel: string }): Promise<{ ticket: DeskTicket; applied: boolean }> {
    return this.http.post(DESK_VERIFICATION_PATHS.reportVerifiedStatus, { ...request }, reportVerifiedStatusResponseSchema, ONCE);
  }

  /** How many of the appointment's tickets of the day took the status (0: none that day). */
  async appointmentStatusChanged(contractAppointmentId: string, status: string): Promise<number> {
    const answer = await this.http.post(
      TICKET_SERVICE_PATHS.appointmentStatusChanged,
      { contractAppointmentId, status },
      appointmentStatusChangedResponseSchema,
    );
    return answer.updated;
  }
}
