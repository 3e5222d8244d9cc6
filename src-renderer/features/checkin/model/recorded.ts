import type { CheckinAppointment } from '../../../../src-shared/ipc/features/checkin.contract';

/** An arrival already recorded, under one ticket (a journey's appointments share it). */
export interface RecordedTicket {
  /** The earliest appointment of the ticket: the one a reprint and the board are asked for. */
  appointmentId: string;
  ticket: string;
  /** When the ticket was issued, as the board shows it; null when the desk does not know. */
  at: string | null;
}

/** Patients still in their visit: a closed one has left, an undone reception has no live ticket. */
const RECORDED: ReadonlySet<CheckinAppointment['status']> = new Set(['checkedIn', 'inCare', 'done']);

/** The tickets of the arrivals already recorded among a patient's appointments (soonest first). */
export function recordedTickets(appointments: readonly CheckinAppointment[]): RecordedTicket[] {
  const byNumber = new Map<string, RecordedTicket>();
  for (const appointment of appointments) {
    const ticket = appointment.ticketNumberFormatted;
    if (!ticket || appointment.receptionUndone || !RECORDED.has(appointment.status)) continue;
    const known = byNumber.get(ticket);
    if (!known) byNumber.set(ticket, { appointmentId: appointment.id, ticket, at: appointment.checkedInAt });
    else known.at ??= appointment.checkedInAt;
  }
  return [...byNumber.values()];
}
