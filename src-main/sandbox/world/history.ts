import type { DeskTicket, TicketHistoryEntry } from '../../../src-shared/platform/tickets';
import { Random } from './random';
import { addMinutes, atLocalMinutes, isoWithOffset, localDay } from './time';
import type { ExamType, OfficePlace } from './types';

/** The platform keeps this many days of tickets, today included (the statistics' day picker). */
export const SANDBOX_KEPT_DAYS = 7;

/** The training reception desks per office place: statistics per desk need more than one. */
const DESKS: Record<number, readonly { deskId: number; deskLabel: string }[]> = {
  1: [
    { deskId: 1, deskLabel: 'Accueil 1' },
    { deskId: 2, deskLabel: 'Accueil 2' },
  ],
  2: [
    { deskId: 3, deskLabel: 'Accueil Radio 1' },
    { deskId: 4, deskLabel: 'Accueil Radio 2' },
  ],
  3: [{ deskId: 5, deskLabel: 'Accueil Villeurbanne' }],
};

/**
 * Relative weight of arrivals per hour of a clinic's day (7 h → 18 h): a peak mid-morning,
 * a lunch dip and a smaller afternoon wave, as reception managers describe their days.
 */
const HOURLY_ARRIVALS = [0.3, 0.9, 1.5, 1.9, 1.4, 0.7, 0.5, 1.0, 1.1, 0.9, 0.5, 0.2];
const FIRST_HOUR = 7;

const entry = (at: Date, event: TicketHistoryEntry['event'], desk?: { deskId: number; deskLabel: string }): TicketHistoryEntry => ({
  at: isoWithOffset(at),
  event,
  ...(desk ? { deskId: desk.deskId, deskLabel: desk.deskLabel } : {}),
});

/**
 * The history of one of today's seeded tickets, consistent with what the ticket already
 * says (issuedAt, lastCall, status): the ticket itself is left as it was seeded. Steps
 * after the call land between the call and `now`, never in the future.
 */
export function historyOfSeededTicket(ticket: DeskTicket, now: Date, random: Random): TicketHistoryEntry[] {
  const issued = new Date(ticket.issuedAt);
  const history = [entry(issued, 'issued'), entry(issued, 'checkedIn')];
  if (!ticket.lastCall) return history;
  const called = new Date(ticket.lastCall.at);
  history.push({ at: ticket.lastCall.at, event: 'called', deskLabel: ticket.lastCall.deskLabel, ...(ticket.lastCall.deskId === null ? {} : { deskId: ticket.lastCall.deskId }) });
  const steps = { checkedIn: [], inCare: ['inCare'], done: ['inCare', 'done'], closed: ['inCare', 'done', 'closed'] } as const;
  const remaining = ticket.status in steps ? steps[ticket.status as keyof typeof steps] : [];
  // Minutes each step takes after the previous one: to the desk, the exam, the paperwork.
  const pace = { inCare: [1, 4], done: [8, 25], closed: [1, 10] } as const;
  let at = called.getTime();
  for (const event of remaining) {
    const [least, most] = pace[event];
    // Never after now: a step that would be in the future happens just before now.
    at = Math.max(at, Math.min(at + random.int(least, most) * 60_000, now.getTime() - 1_000));
    history.push(entry(new Date(at), event));
  }
  return history;
}

/**
 * Finished days before today, so the statistics have a week to show: arrivals per hour
 * follow HOURLY_ARRIVALS, several desks per place, some patients who do not answer
 * (recalled, then absent), transfers to the other desk, cancellations. No appointment
 * behind them (the publisher keeps no past day) and no patient name.
 */
export function pastDaysTickets(
  { now, seed, days }: { now: Date; seed: number; days: number },
  places: readonly OfficePlace[],
  examTypes: readonly ExamType[],
  placeExamTypes: Record<string, readonly string[]>,
): DeskTicket[] {
  const random = new Random(seed ^ 0x5a7a15);
  const tickets: DeskTicket[] = [];
  for (let back = days; back >= 1; back -= 1) {
    const date = atLocalMinutes(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back), 0);
    const day = localDay(date);
    let sequence = 0;
    for (const place of places) {
      const counters = new Map<string, number>();
      const perDay = place.platformId === 3 ? 40 : 70;
      const arrivals = arrivalMinutes(random, perDay).map((minutes) => atLocalMinutes(date, minutes));
      for (const arrival of arrivals) {
        const examTypeId = random.pick(placeExamTypes[place.id] ?? []);
        const examType = examTypes.find((type) => type.id === examTypeId)!;
        const number = (counters.get(examType.ticketPrefix) ?? 0) + 1;
        counters.set(examType.ticketPrefix, number);
        sequence += 1;
        const history = pastJourney(random, arrival, DESKS[place.platformId] ?? DESKS[1]!);
        const last = history.at(-1)!;
        const calls = history.filter((step) => step.event === 'called');
        const lastCall = calls.at(-1);
        tickets.push({
          ticketId: `tkt-${day.replaceAll('-', '')}-${String(sequence).padStart(4, '0')}`,
          number,
          formattedNumber: `${examType.ticketPrefix}${String(number).padStart(3, '0')}`,
          day,
          officePlaceId: place.platformId,
          contractAppointmentId: null,
          status: last.event === 'cancelled' ? 'cancelled' : 'closed',
          patientDisplayName: null,
          examLabel: examType.name,
          examTypeLabel: examType.id,
          source: random.chance(0.8) ? 'kiosk' : 'desk',
          issuedAt: history[0]!.at,
          updatedAt: last.at,
          ...(lastCall ? { lastCall: { deskId: lastCall.deskId ?? null, deskLabel: lastCall.deskLabel ?? '', at: lastCall.at } } : {}),
          history,
        });
      }
    }
  }
  return tickets;
}

/** `count` arrival times (minutes after midnight), sorted, drawn from HOURLY_ARRIVALS. */
function arrivalMinutes(random: Random, count: number): number[] {
  const total = HOURLY_ARRIVALS.reduce((sum, weight) => sum + weight, 0);
  const minutes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    let roll = random.next() * total;
    let hour = 0;
    while (hour < HOURLY_ARRIVALS.length - 1 && roll >= HOURLY_ARRIVALS[hour]!) roll -= HOURLY_ARRIVALS[hour++]!;
    minutes.push((FIRST_HOUR + hour) * 60 + random.int(0, 59));
  }
  return minutes.sort((a, b) => a - b);
}

/** One finished ticket's transitions: the wait grows with the hour's load. */
function pastJourney(random: Random, arrival: Date, desks: readonly { deskId: number; deskLabel: string }[]): TicketHistoryEntry[] {
  const history = [entry(arrival, 'issued'), entry(arrival, 'checkedIn')];
  if (random.chance(0.04)) return [...history, entry(addMinutes(arrival, random.int(2, 20)), 'cancelled')];
  const load = HOURLY_ARRIVALS[Math.min(Math.max(arrival.getHours() - FIRST_HOUR, 0), HOURLY_ARRIVALS.length - 1)]!;
  let at = addMinutes(arrival, random.int(1, 6) + Math.round(random.next() * 14 * load));
  let desk = random.pick(desks);
  history.push(entry(at, 'called', desk));
  if (random.chance(0.06)) {
    // No answer: recalled twice, then marked absent and closed.
    for (let recall = 0; recall < 2; recall += 1) {
      at = addMinutes(at, random.int(2, 4));
      history.push(entry(at, 'called', desk));
    }
    at = addMinutes(at, 1);
    return [...history, entry(at, 'absent', desk), entry(addMinutes(at, 1), 'closed')];
  }
  if (desks.length > 1 && random.chance(0.08)) {
    // Sent to the other desk, which calls the patient again.
    const other = desks.find((candidate) => candidate !== desk)!;
    at = addMinutes(at, random.int(1, 3));
    history.push(entry(at, 'transfer', other));
    desk = other;
    at = addMinutes(at, random.int(2, 8));
    history.push(entry(at, 'called', desk));
  }
  at = addMinutes(at, random.int(1, 3));
  history.push(entry(at, 'inCare'));
  at = addMinutes(at, random.int(4, 16));
  history.push(entry(at, 'done'));
  return [...history, entry(addMinutes(at, random.int(1, 10)), 'closed')];
}
