import type { CheckinAppointment, CheckinPatient } from '../../src-shared/ipc/features/checkin.contract';
import { dayOf } from '../../src-shared/day';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import type { Appointment, Patient } from '../../src-shared/publisher/schemas';

/** The day an appointment is booked for, on the desk's calendar (whatever offset the publisher wrote). */
export function appointmentDay(appointment: Pick<Appointment, 'startDate'>): string {
  return dayOf(appointment.startDate);
}

/** Only a scheduled appointment of today can be checked in at the desk. */
export function isEligible(appointment: Appointment, today: string): boolean {
  return appointment.status === 'scheduled' && appointmentDay(appointment) === today;
}

export function appointmentView(appointment: Appointment, today: string, undone: ReadonlySet<string> = new Set(), arrivals: ReadonlyMap<string, string> = new Map()): CheckinAppointment {
  const receptionUndone = undone.has(appointment.id) && appointment.status !== 'scheduled';
  return {
    id: appointment.id,
    startDate: appointment.startDate,
    status: appointment.status,
    examLabel: appointment.examLabel ?? null,
    examTypeId: appointment.examTypeId ?? null,
    locationId: appointment.locationId ?? null,
    locationLabel: appointment.locationLabel ?? null,
    practitionerLabel: appointment.practitionerLabel ?? null,
    roomLabel: appointment.roomLabel ?? null,
    ticketNumberFormatted: appointment.ticketNumberFormatted ?? null,
    eligible: isEligible(appointment, today),
    receptionUndone,
    checkedInAt: appointment.status === 'scheduled' || receptionUndone ? null : (arrivals.get(appointment.id) ?? null),
  };
}

export function displayName(patient: Pick<Patient, 'firstName' | 'lastName'>): string {
  return `${patient.firstName} ${patient.lastName}`.trim();
}

/**
 * When each appointment's arrival was recorded, as the board shows it: the issue time of its live
 * ticket in `tickets` (the platform's day list, else the desk's own journal). A journey's other
 * appointments share the main one's ticket, found by its number.
 */
export function arrivalTimes(appointments: readonly Appointment[], tickets: readonly DeskTicket[]): Map<string, string> {
  const live = tickets.filter((ticket) => ticket.status !== 'cancelled');
  const arrivals = new Map<string, string>();
  for (const appointment of appointments) {
    const number = appointment.ticketNumberFormatted;
    const ticket =
      live.find((candidate) => candidate.contractAppointmentId === appointment.id) ??
      (number ? live.find((candidate) => candidate.formattedNumber === number) : undefined);
    if (ticket) arrivals.set(appointment.id, ticket.issuedAt);
  }
  return arrivals;
}

/**
 * A patient with the appointments the desk may act on: cancelled ones never (the
 * contract excludes them), others of another day neither; soonest first. `undone`:
 * the appointments whose desk reception was undone here.
 */
export function patientView(
  patient: Patient,
  appointments: readonly Appointment[],
  today: string,
  undone: ReadonlySet<string> = new Set(),
  arrivals: ReadonlyMap<string, string> = new Map(),
): CheckinPatient {
  return {
    id: patient.id,
    displayName: displayName(patient),
    birthDate: patient.birthDate,
    appointments: appointments
      .filter((appointment) => appointment.status !== 'cancelled')
      .toSorted((left, right) => Date.parse(left.startDate) - Date.parse(right.startDate))
      .map((appointment) => appointmentView(appointment, today, undone, arrivals)),
  };
}
