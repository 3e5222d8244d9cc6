import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_HISTORY_EVENTS, TICKET_STATUSES, type DeskTicket, type TicketHistoryEntry } from '../../../../src-shared/platform/tickets';
import { dayFiguresSchema } from '../../../../src-shared/statistics/figures';
import { computeDayFigures } from '../../../../src-main/statistics/figures';

const START = Date.parse('2026-11-23T06:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Any day: tickets with any statuses and any histories (events in any order), some without history. */
const ticketArb = fc
  .record({
    place: fc.integer({ min: 1, max: 3 }),
    arrival: fc.integer({ min: 0, max: 16 * 60 }),
    status: fc.constantFrom(...TICKET_STATUSES),
    examType: fc.option(fc.constantFrom('IRM', 'SCAN', 'RADIO'), { nil: undefined }),
    steps: fc.option(fc.array(fc.record({ after: fc.integer({ min: 0, max: 120 }), event: fc.constantFrom(...TICKET_HISTORY_EVENTS), desk: fc.integer({ min: 1, max: 3 }) }), { maxLength: 8 }), { nil: undefined }),
  })
  .map(({ place, arrival, status, examType, steps }, n = 0): DeskTicket => {
    const arrivedAt = START + arrival * 60_000;
    const history = steps?.map(({ after, event, desk }): TicketHistoryEntry => ({ at: iso(arrivedAt + after * 60_000), event, deskId: desk, deskLabel: `Accueil ${desk}` }));
    return {
      ticketId: `t${n}`,
      number: 1,
      formattedNumber: 'A001',
      day: '2026-11-23',
      officePlaceId: place,
      contractAppointmentId: null,
      status,
      patientDisplayName: null,
      examLabel: null,
      source: 'kiosk',
      issuedAt: iso(arrivedAt),
      updatedAt: iso(arrivedAt),
      ...(examType ? { examTypeLabel: examType } : {}),
      ...(history ? { history } : {}),
    };
  });

describe('computeDayFigures on any day', () => {
  it('answers the contract, and its groupings add up to the day', () => {
    fc.assert(
      fc.property(fc.array(ticketArb, { maxLength: 60 }), fc.integer({ min: 5, max: 60 }), (tickets, amber) => {
        const figures = computeDayFigures({
          day: '2026-11-23',
          officePlaceId: null,
          tickets,
          thresholds: { amberMinutes: amber, redMinutes: amber * 2 },
          now: new Date(START + 17 * 3_600_000),
          today: true,
        });
        expect(() => dayFiguresSchema.parse(figures)).not.toThrow();
        const { total } = figures;
        const sum = (rows: typeof figures.byHour, pick: (row: typeof total) => number) => rows.reduce((acc, row) => acc + pick(row), 0);
        for (const rows of [figures.byHour, figures.byPlace, figures.byExamType]) {
          expect(sum(rows, (row) => row.arrivals)).toBe(total.arrivals);
          expect(sum(rows, (row) => row.waiting.count)).toBe(total.waiting.count);
          expect(sum(rows, (row) => row.calls)).toBe(total.calls);
          expect(sum(rows, (row) => row.stillWaiting)).toBe(total.stillWaiting);
        }
        // Never-called tickets have no desk: the desks hold the called ones.
        expect(sum(figures.byDesk, (row) => row.waiting.count)).toBe(total.waiting.count);
        for (const row of [total, ...figures.byHour, ...figures.byDesk]) {
          if (row.waiting.count > 0) {
            expect(row.waiting.median!).toBeLessThanOrEqual(row.waiting.max!);
            expect(row.waiting.p90!).toBeLessThanOrEqual(row.waiting.max!);
            expect(row.withinAmber!).toBeLessThanOrEqual(row.withinRed!);
          }
          expect(row.served + row.stillWaiting).toBeLessThanOrEqual(row.arrivals);
        }
        expect(figures.live.waitingNow).toBe(total.stillWaiting);
      }),
    );
  });
});
