import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeskTicket, TicketHistoryEntry, TicketStatus } from '../../../../src-shared/platform/tickets';
import { computeDayFigures, durationFigures, timeOf } from '../../../../src-main/statistics/figures';

/** Hand-built day 2026-11-23 on a +01:00 clock; every expected value below is worked out by hand. */
const DAY = '2026-11-23';
const at = (time: string, day = DAY) => `${day}T${time}:00+01:00`;
const step = (time: string, event: TicketHistoryEntry['event'], desk?: number, day = DAY): TicketHistoryEntry => ({
  at: at(time, day),
  event,
  ...(desk === undefined ? {} : { deskId: desk, deskLabel: `Accueil ${desk}` }),
});

function ticket(id: string, status: TicketStatus, officePlaceId: number, examTypeLabel: string | undefined, history: TicketHistoryEntry[] | undefined, extra: Partial<DeskTicket> = {}): DeskTicket {
  const issuedAt = history?.[0]?.at ?? extra.issuedAt!;
  return {
    ticketId: id,
    number: 1,
    formattedNumber: id,
    day: DAY,
    officePlaceId,
    contractAppointmentId: null,
    status,
    patientDisplayName: null,
    examLabel: 'Radiographie du thorax',
    source: 'kiosk',
    issuedAt,
    updatedAt: history?.at(-1)?.at ?? issuedAt,
    ...(examTypeLabel === undefined ? {} : { examTypeLabel }),
    ...(history === undefined ? {} : { history }),
    ...extra,
  };
}

// A: waits 10, served 18 by desk 1.
const A = ticket('A', 'closed', 1, 'IRM', [step('08:00', 'issued'), step('08:00', 'checkedIn'), step('08:10', 'called', 1), step('08:12', 'inCare'), step('08:30', 'done'), step('08:31', 'closed')]);
// B: waits 30, recalled once, absent (2 calls, not served).
const B = ticket('B', 'closed', 1, 'IRM', [step('08:20', 'issued'), step('08:50', 'called', 2), step('08:53', 'called', 2), step('08:55', 'absent', 2), step('08:56', 'closed')]);
// C: cancelled before any call.
const C = ticket('C', 'cancelled', 1, 'SCAN', [step('09:05', 'issued'), step('09:15', 'cancelled')]);
// D: called by desk 1 after 4, transferred to desk 2 which calls again and serves 14.
const D = ticket('D', 'done', 2, 'SCAN', [step('09:10', 'issued'), step('09:14', 'called', 1), step('09:16', 'transfer', 2), step('09:25', 'called', 2), step('09:26', 'inCare'), step('09:40', 'done')]);
// E: still waiting since 09:30.
const E = ticket('E', 'checkedIn', 2, 'IRM', [step('09:30', 'issued'), step('09:30', 'checkedIn')]);
// F: overnight, arrives 23:50, called 00:10 next day (waits 20), served 8; no exam type label.
const F = ticket('F', 'done', 2, undefined, [step('23:50', 'issued'), step('00:10', 'called', 1, '2026-11-24'), step('00:12', 'inCare', undefined, '2026-11-24'), step('00:20', 'done', undefined, '2026-11-24')]);

const thresholds = { amberMinutes: 15, redMinutes: 30 };
const figures = (tickets: DeskTicket[], now = new Date(at('10:00')), today = true) =>
  computeDayFigures({ day: DAY, officePlaceId: null, tickets, thresholds, now, today, placeLabel: (id) => (id === 1 ? 'IRM – Scanner' : undefined) });

describe('durationFigures', () => {
  it('median of an odd and an even count, p90 by nearest rank, max', () => {
    expect(durationFigures([])).toEqual({ count: 0, median: null, p90: null, max: null });
    expect(durationFigures([7, 1, 3])).toEqual({ count: 3, median: 3, p90: 7, max: 7 });
    // 10 values 1..10: median (5 + 6) / 2, p90 = the 9th.
    expect(durationFigures([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual({ count: 10, median: 5.5, p90: 9, max: 10 });
  });
});

describe('computeDayFigures on a hand-built day', () => {
  const day = figures([A, B, C, D, E, F]);

  it('the day: arrivals, waits, service, calls, absences, cancellations, transfers, waiting, thresholds', () => {
    expect(day.total).toEqual({
      key: 'day',
      label: DAY,
      arrivals: 6,
      // Waits of A, B, D, F: 10, 30, 4, 20 → sorted 4, 10, 20, 30.
      waiting: { count: 4, median: 15, p90: 30, max: 30 },
      // Services of A, D, F: 18, 14, 8.
      service: { count: 3, median: 14, p90: 18, max: 18 },
      calls: 6,
      callsPerTicket: 1.5,
      absences: 1,
      cancelled: 1,
      transferred: 1,
      served: 3,
      stillWaiting: 1,
      // ≤ 15 min: A (10), D (4) of 4 called; ≤ 30 min: all four.
      withinAmber: 0.5,
      withinRed: 1,
    });
    expect(day.historyAvailable).toBe(true);
    expect(day.today).toBe(true);
  });

  it('per desk: the desk that took the ticket (its last call, after a transfer the desk it went to)', () => {
    expect(day.byDesk.map((row) => [row.label, row.arrivals, row.waiting.median, row.served, row.absences, row.transferred])).toEqual([
      // Desk 1: A (10) and F (20).
      ['Accueil 1', 2, 15, 2, 0, 0],
      // Desk 2: B (30, absent) and D (4, transferred in).
      ['Accueil 2', 2, 17, 1, 1, 1],
    ]);
  });

  it('per office place, with its name when known', () => {
    expect(day.byPlace.map((row) => [row.key, row.label, row.arrivals, row.cancelled, row.stillWaiting])).toEqual([
      ['1', 'IRM – Scanner', 3, 1, 0],
      ['2', '2', 3, 0, 1],
    ]);
  });

  it('per exam type: the label, else the exam; busiest first', () => {
    expect(day.byExamType.map((row) => [row.label, row.arrivals, row.waiting.count])).toEqual([
      ['IRM', 3, 2],
      ['SCAN', 2, 1],
      ['Radiographie du thorax', 1, 1],
    ]);
  });

  it('per hour of arrival, quiet hours included; an overnight ticket counts at its arrival hour', () => {
    expect(day.byHour.map((row) => row.key)).toEqual(Array.from({ length: 16 }, (_, index) => String(8 + index).padStart(2, '0')));
    expect(day.byHour.find((row) => row.key === '08')).toMatchObject({ arrivals: 2, waiting: { count: 2, median: 20, max: 30 } });
    expect(day.byHour.find((row) => row.key === '09')).toMatchObject({ arrivals: 3, cancelled: 1, stillWaiting: 1, waiting: { count: 1, median: 4 } });
    expect(day.byHour.find((row) => row.key === '12')).toMatchObject({ arrivals: 0, waiting: { count: 0, median: null }, withinAmber: null });
    expect(day.byHour.find((row) => row.key === '23')).toMatchObject({ arrivals: 1, waiting: { median: 20 }, service: { median: 8 } });
  });

  it('live figures at 10:00: one waiting for 30 min, mean wait of the first calls of the last hour (D: 4)', () => {
    expect(day.live).toEqual({ waitingNow: 1, averageWaitLastHour: 4, longestWaitNow: 30 });
  });

  it('a finished day has no live figures, and its uncalled ticket counts as left waiting', () => {
    const past = figures([A, E], new Date(at('10:00', '2026-11-30')), false);
    expect(past.live).toEqual({ waitingNow: 0, averageWaitLastHour: null, longestWaitNow: null });
    expect(past.total.stillWaiting).toBe(1);
  });

  it('a ticket cancelled after its call keeps its wait and counts as cancelled', () => {
    const late = ticket('G', 'cancelled', 1, 'IRM', [step('10:00', 'issued'), step('10:25', 'called', 1), step('10:30', 'cancelled')]);
    const result = figures([late]).total;
    expect([result.cancelled, result.waiting.median, result.served, result.stillWaiting, result.withinAmber, result.withinRed]).toEqual([1, 25, 0, 0, 0, 1]);
  });

  it('care undone on the publisher (back to checked in): waiting again, not served', () => {
    const undone = ticket('U', 'checkedIn', 1, 'IRM', [step('09:00', 'issued'), step('09:00', 'checkedIn'), step('09:05', 'inCare'), step('09:06', 'checkedIn')]);
    expect(figures([undone]).total).toMatchObject({ served: 0, stillWaiting: 1, service: { count: 0 } });
  });

  it('without history (a platform without the extension): the last call stands for the first, no service time', () => {
    const bare = ticket('H', 'done', 1, 'IRM', undefined, { issuedAt: at('10:40'), lastCall: { deskId: 3, deskLabel: 'Accueil 3', at: at('11:00') } });
    const result = figures([bare, A]);
    expect(result.historyAvailable).toBe(false);
    expect(result.total).toMatchObject({ arrivals: 2, calls: 2, served: 2, waiting: { count: 2, median: 15 }, service: { count: 1, median: 18 } });
    expect(result.byDesk.map((row) => row.label)).toEqual(['Accueil 1', 'Accueil 3']);
  });

  it('an empty day has zero counts and no hours', () => {
    const empty = figures([]);
    expect(empty.total).toMatchObject({ arrivals: 0, callsPerTicket: null, waiting: { count: 0, median: null } });
    expect(empty.byHour).toEqual([]);
    expect(empty.historyAvailable).toBe(true);
  });
});

describe('timeOf', () => {
  it('reads the platform timestamps exactly as Date.parse does (offsets, Z, fractions), and hands anything else to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
        fc.integer({ min: -14 * 4, max: 14 * 4 }),
        fc.constantFrom('', '.5', '.25', '.123', '.123456'),
        fc.boolean(),
        (ms, quarters, fraction, zulu) => {
          const offset = quarters * 15;
          const local = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
          const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
          const zone = zulu ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.abs(offset) / 60)}:${pad(Math.abs(offset) % 60)}`;
          const text = `${local}${fraction}${zone}`;
          expect(timeOf(text)).toBe(Date.parse(text));
        },
      ),
    );
    expect(timeOf('2026-11-23 08:00')).toBe(Date.parse('2026-11-23 08:00'));
  });
});
