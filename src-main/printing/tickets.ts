import { dayOf } from '../../src-shared/day';
import { DeskError } from '../../src-shared/errors';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import type { TicketFacts } from '../../src-shared/printing/layout';
import { linkedAppointments } from '../../src-shared/checkin/journey';
import type { Appointment } from '../../src-shared/publisher/schemas';
import type { DeskJournalPort } from '../features';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { isNotOffered } from '../platform/tickets/http';
import type { PublisherClient } from '../publisher/client';

/** A ticket the desk may print: its number as the board and the publisher know it, and what goes on paper. */
export interface VerifiedTicket {
  officePlaceId: number | null;
  formattedNumber: string;
  facts: Omit<TicketFacts, 'printedAt'>;
}

export interface TicketSources {
  publisher: Pick<PublisherClient, 'getAppointmentById'>;
  dayList: Pick<PlatformBoardClient, 'listForDay'>;
  /** The office place whose board this desk shows (the workplace). */
  officePlaceId: () => number | null;
  /** The desk's own tickets: the board's numbers when the platform offers no day list. */
  journal: Pick<DeskJournalPort, 'ticketFor' | 'recordTicket'>;
}

/**
 * Re-verifies an appointment before its ticket is reprinted: the publisher must still
 * know it and it must not be cancelled, and the number printed is the one both the
 * platform's day list (what the board shows) and the publisher hold. The two reads
 * run in parallel so the check costs one round trip.
 */
export async function verifyForReprint(sources: TicketSources, contractAppointmentId: string): Promise<VerifiedTicket> {
  const officePlaceId = sources.officePlaceId();
  const [pair, boardTicket] = await Promise.all([
    sources.publisher.getAppointmentById(contractAppointmentId),
    platformTicket(sources, officePlaceId, contractAppointmentId),
  ]);
  const { appointment } = pair;
  if (appointment.status === 'cancelled') {
    throw new DeskError('REPRINT_CANCELLED_APPOINTMENT', 'This appointment is cancelled: its ticket is not reprinted.');
  }
  const publisherNumber = appointment.ticketNumberFormatted ?? null;
  const boardNumber = boardTicket.status === 'found' ? boardTicket.ticket.formattedNumber : null;
  if (publisherNumber && boardNumber && publisherNumber !== boardNumber) {
    throw new DeskError('TICKET_NUMBER_MISMATCH', 'The medical system and the platform disagree on this ticket number.');
  }
  const formattedNumber = boardNumber ?? publisherNumber;
  if (!formattedNumber) {
    if (boardTicket.status === 'unreachable') throw new DeskError('PLATFORM_UNREACHABLE', 'The platform did not answer: the ticket number cannot be confirmed.');
    throw new DeskError('TICKET_NOT_ISSUED', 'This appointment has no ticket yet.');
  }
  return {
    officePlaceId: boardTicket.status === 'found' ? boardTicket.ticket.officePlaceId : officePlaceId,
    formattedNumber,
    facts: factsOf(appointment, formattedNumber, linkedAppointments(pair)),
  };
}

/** `linked`: the other appointments checked in under this number (journey.ts); the ticket then lists them all. */
export function factsOf(appointment: Appointment, formattedNumber: string, linked: readonly Appointment[] = []): Omit<TicketFacts, 'printedAt'> {
  const facts = {
    formattedNumber,
    examLabel: appointment.examLabel ?? null,
    appointmentAt: appointment.startDate,
    practitionerLabel: appointment.practitionerLabel ?? null,
    roomLabel: appointment.roomLabel ?? null,
    day: dayOf(appointment.startDate),
  };
  if (linked.length === 0) return facts;
  const journey = [appointment, ...linked]
    .toSorted((left, right) => Date.parse(left.startDate) - Date.parse(right.startDate))
    .map((exam) => ({ examLabel: exam.examLabel ?? null, roomLabel: exam.roomLabel ?? null, startDate: exam.startDate }));
  return { ...facts, journey };
}

type BoardTicket = { status: 'found'; ticket: DeskTicket } | { status: 'none' } | { status: 'unreachable' };

/** The live (not cancelled) ticket of the appointment in the platform's day list, as the board shows it. */
async function platformTicket(sources: TicketSources, officePlaceId: number | null, contractAppointmentId: string): Promise<BoardTicket> {
  try {
    const answer = await sources.dayList.listForDay(officePlaceId === null ? {} : { officePlaceId });
    const ticket = answer.tickets.find((candidate) => candidate.contractAppointmentId === contractAppointmentId && candidate.status !== 'cancelled');
    return ticket ? { status: 'found', ticket } : { status: 'none' };
  } catch (error) {
    // No day list on this platform: the board shows the desk's own tickets, so they are the ones to match.
    const own = isNotOffered(error) ? sources.journal.ticketFor(contractAppointmentId) : null;
    if (own) return { status: 'found', ticket: own };
    return isNotOffered(error) ? { status: 'none' } : { status: 'unreachable' };
  }
}
