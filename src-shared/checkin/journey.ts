import { dayOf } from '../day';
import type { Appointment, AppointmentPair } from '../publisher/schemas';

/**
 * A patient's appointments checked in together share one ticket number (docs/desk-checkin.md,
 * "Every exam of the journey"): the platform holds one ticket, on the main appointment, and the
 * medical system records that number on each appointment of the journey. So the journey of a
 * ticket is read back from the medical system: the patient's other appointments of that day
 * that carry the same number and are at or past arrival. Soonest first.
 */
export function linkedAppointments(pair: Pick<AppointmentPair, 'appointment' | 'otherAppointments'>): Appointment[] {
  const { appointment } = pair;
  const number = appointment.ticketNumberFormatted;
  if (!number) return [];
  const day = dayOf(appointment.startDate);
  return pair.otherAppointments
    .filter(
      (other) =>
        other.id !== appointment.id &&
        other.ticketNumberFormatted === number &&
        other.status !== 'scheduled' &&
        other.status !== 'cancelled' &&
        dayOf(other.startDate) === day,
    )
    .toSorted((left, right) => Date.parse(left.startDate) - Date.parse(right.startDate));
}
