import {
  appointmentStatusChangedResponseSchema,
  callTicketResponseSchema,
  listForDayResponseSchema,
  TICKET_SERVICE_PATHS,
  type DeskTicket,
} from '../../../src-shared/platform/tickets';
import { maybe } from '../../../src-shared/publisher/tolerant';
import { z } from 'zod';
import type { PlatformHttp } from './http';

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
}

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

  async callTicket(request: CallRequest): Promise<DeskTicket> {
    const answer = await this.http.post(TICKET_SERVICE_PATHS.callTicket, { ...request }, callTicketResponseSchema);
    return answer.ticket;
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
