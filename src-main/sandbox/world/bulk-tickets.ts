import type { DeskTicket } from '../../../src-shared/platform/tickets';
import { addMinutes, isoWithOffset, localDay } from './time';

/**
 * Load for benchmarks and a technician's tests of a busy day: `count` extra tickets
 * at one office place, checked in over the last hours, with no appointment behind
 * them (nothing to re-verify, no publisher load). Prefix `B`, already called (so they
 * stay in one board group whatever happens), or with `waiting`, prefix `W`, never
 * called (work for several desks). Ids follow the seeded ones.
 */
export function bulkTickets(existing: readonly DeskTicket[], count: number, officePlaceId: number, now: Date, waiting = false): DeskTicket[] {
  const day = localDay(now);
  const compact = day.replaceAll('-', '');
  let sequence = existing.reduce((max, ticket) => {
    const match = /^tkt-\d{8}-(\d+)$/.exec(ticket.ticketId);
    return match ? Math.max(max, Number(match[1])) : max;
  }, 0);
  const tickets: DeskTicket[] = [];
  for (let i = 1; i <= count; i += 1) {
    sequence += 1;
    const issuedAt = isoWithOffset(addMinutes(now, -Math.round((i * 240) / count) - 1));
    tickets.push({
      ticketId: `tkt-${compact}-${String(sequence).padStart(4, '0')}`,
      number: i,
      formattedNumber: `${waiting ? 'W' : 'B'}${String(i).padStart(4, '0')}`,
      day,
      officePlaceId,
      contractAppointmentId: null,
      status: 'checkedIn',
      patientDisplayName: `Patient ${i}`,
      examLabel: 'Charge',
      source: 'kiosk',
      issuedAt,
      updatedAt: issuedAt,
      ...(waiting ? {} : { lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: issuedAt } }),
    });
  }
  return tickets;
}
