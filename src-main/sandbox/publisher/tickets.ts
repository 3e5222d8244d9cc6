import type { PublisherWorld, SandboxAppointment } from '../world/types';

/**
 * The publisher's own call-queue numbering, used when a check-in arrives without
 * a `proposedTicket`: one sequence per office place and exam-type prefix (the
 * seeded day numbers the same way), continuing after the highest number already
 * held, whoever issued it.
 */
export interface Ticket {
  number: number;
  formattedNumber: string;
}

export function formatTicket(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(3, '0')}`;
}

/** `I012` → {prefix: 'I', number: 12}; raw `12` → {prefix: '', number: 12}. */
export function parseTicket(text: string): { prefix: string; number: number } | null {
  const match = /^([A-Za-z]*)[\s-]*0*(\d{1,9})$/.exec(text.trim());
  if (!match) return null;
  return { prefix: match[1]!.toUpperCase(), number: Number(match[2]) };
}

export function ticketPrefixOf(world: PublisherWorld, appointment: SandboxAppointment): string {
  return world.examTypes.find((type) => type.id === appointment.examTypeId)?.ticketPrefix ?? '';
}

export function nextTicket(world: PublisherWorld, appointment: SandboxAppointment): Ticket {
  const prefix = ticketPrefixOf(world, appointment);
  let highest = 0;
  for (const other of world.appointments) {
    if (other.locationId !== appointment.locationId || other.ticketNumber === null || other.ticketNumber === undefined) continue;
    const parsed = other.ticketNumberFormatted ? parseTicket(other.ticketNumberFormatted) : null;
    if ((parsed?.prefix ?? '') !== prefix.toUpperCase()) continue;
    highest = Math.max(highest, other.ticketNumber);
  }
  const number = highest + 1;
  return { number, formattedNumber: formatTicket(prefix, number) };
}

/**
 * by-ticket: the appointments of an office place carrying a ticket, matched on
 * the raw number (any prefix) or on the formatted form (prefix must agree).
 */
export function appointmentsWithTicket(
  world: PublisherWorld,
  officePlaceId: string,
  ticketText: string,
  isToday: (appointment: SandboxAppointment) => boolean,
): SandboxAppointment[] {
  const wanted = parseTicket(ticketText);
  if (!wanted) return [];
  return world.appointments.filter((appointment) => {
    if (appointment.locationId !== officePlaceId || appointment.ticketNumber !== wanted.number || !isToday(appointment)) return false;
    if (wanted.prefix === '') return true;
    const held = appointment.ticketNumberFormatted ? parseTicket(appointment.ticketNumberFormatted) : null;
    return held !== null && held.prefix === wanted.prefix;
  });
}
