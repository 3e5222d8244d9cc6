import type { CheckinAppointment, CheckinPatient } from '../../src-shared/ipc/features/checkin.contract';
import { dayOf } from '../../src-shared/day';
import type { Appointment, Patient } from '../../src-shared/publisher/schemas';

/** The day an appointment is booked for, on the desk's calendar (whatever offset the publisher wrote). */
export function appointmentDay(appointment: Pick<Appointment, 'startDate'>): string {
  return dayOf(appointment.startDate);
}

/** Only a scheduled appointment of today can be checked in at the desk. */
export function isEligible(appointment: Appointment, today: string): boolean {
  return appointment.status === 'scheduled' && appointmentDay(appointment) === today;
}

export function appointmentView(appointment: Appointment, today: string, undone: ReadonlySet<string> = new Set()): CheckinAppointment {
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
    receptionUndone: undone.has(appointment.id) && appointment.status !== 'scheduled',
  };
}

export function displayName(patient: Pick<Patient, 'firstName' | 'lastName'>): string {
  return `${patient.firstName} ${patient.lastName}`.trim();
}

/**
 * A patient with the appointments the desk may act on: cancelled ones never (the
 * contract excludes them), others of another day neither; soonest first. `undone`:
 * the appointments whose desk reception was undone here.
 */
export function patientView(patient: Patient, appointments: readonly Appointment[], today: string, undone: ReadonlySet<string> = new Set()): CheckinPatient {
  return {
    id: patient.id,
    displayName: displayName(patient),
    birthDate: patient.birthDate,
    appointments: appointments
      .filter((appointment) => appointment.status !== 'cancelled')
      .toSorted((left, right) => Date.parse(left.startDate) - Date.parse(right.startDate))
      .map((appointment) => appointmentView(appointment, today, undone)),
  };
}
