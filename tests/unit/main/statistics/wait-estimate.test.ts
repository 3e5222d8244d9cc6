import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeskTicket, TicketHistoryEntry } from '../../../../src-shared/platform/tickets';
import { estimateFor, roundedWait, waitEstimatesSchema } from '../../../../src-shared/statistics/wait-estimate';
import { ticketFacts } from '../../../../src-main/statistics/figures';
import { estimateWaits } from '../../../../src-main/statistics/wait-estimate';

/** Minutes after 07:00 on the platform's clock. */
const START = Date.parse('2026-11-23T07:00:00+01:00');
const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
const NOW = 10 * 60; // 17:00

let sequence = 0;
/** A ticket of the day: arrived at `arrival`, first called `wait` minutes later (or still waiting). */
function ticket(exam: string, arrival: number, wait: number | null): DeskTicket {
  sequence += 1;
  const history: TicketHistoryEntry[] = [
    { at: at(arrival), event: 'issued' },
    { at: at(arrival), event: 'checkedIn' },
  ];
  if (wait !== null) history.push({ at: at(arrival + wait), event: 'called', deskId: 1, deskLabel: 'Accueil 1' }, { at: at(arrival + wait + 1), event: 'inCare' });
  return {
    ticketId: `t${sequence}`,
    number: sequence,
    formattedNumber: `A${sequence}`,
    day: '2026-11-23',
    officePlaceId: 1,
    contractAppointmentId: null,
    status: wait === null ? 'checkedIn' : 'inCare',
    patientDisplayName: null,
    examLabel: null,
    examTypeLabel: exam,
    source: 'kiosk',
    issuedAt: at(arrival),
    updatedAt: at(arrival),
    history,
  };
}

/** Called at `NOW - ago` after waiting `wait` minutes. */
const calledAgo = (exam: string, ago: number, wait: number) => ticket(exam, NOW - ago - wait, wait);
const estimate = (tickets: DeskTicket[], now = NOW) => waitEstimatesSchema.parse(estimateWaits(tickets.map(ticketFacts), START + now * 60_000));

describe('estimated wait of a patient arriving now', () => {
  it('says nothing ("—") on a day without enough recent calls', () => {
    expect(estimate([]).office).toEqual({ examType: '', minutes: null, basis: null, sample: 0 });
    const two = estimate([calledAgo('IRM', 5, 10), calledAgo('IRM', 10, 20), ticket('SCAN', NOW - 30, null)]);
    expect(two.office.minutes).toBeNull();
    expect(two.byExamType.map((row) => [row.examType, row.minutes])).toEqual([
      ['IRM', null],
      ['SCAN', null],
    ]);
  });

  it("is the median of the exam type's recent waits; a type with few calls takes the office place's", () => {
    const irm = [10, 12, 14, 20, 30].map((wait, n) => calledAgo('IRM', 5 + n * 10, wait));
    const scan = [2, 4].map((wait, n) => calledAgo('SCAN', 3 + n * 10, wait));
    const estimates = estimate([...irm, ...scan]);
    expect(estimateFor(estimates, 'IRM')).toEqual({ examType: 'IRM', minutes: 14, basis: 'examType', sample: 5 });
    // 2, 4, 10, 12, 14, 20, 30: the office place's median.
    expect(estimateFor(estimates, 'SCAN')).toEqual({ examType: 'SCAN', minutes: 12, basis: 'office', sample: 7 });
    expect(estimateFor(estimates, 'unknown')).toEqual(estimates.office);
  });

  it('forgets calls older than an hour and a half: the morning rush does not weigh on the afternoon', () => {
    const morning = [40, 45, 50, 55, 60].map((wait, n) => calledAgo('IRM', 100 + n * 10, wait));
    const now = [5, 6, 7].map((wait, n) => calledAgo('IRM', 10 + n * 10, wait));
    expect(estimate([...morning, ...now]).office.minutes).toBe(6);
  });

  it('a patient still waiting longer than the recent median counts with the time waited so far', () => {
    const recent = [5, 6, 7].map((wait, n) => calledAgo('IRM', 10 + n * 10, wait));
    // Waiting 40 and 50 minutes, and one just arrived (shorter than the median: not counted).
    const stalled = [ticket('IRM', NOW - 40, null), ticket('IRM', NOW - 50, null), ticket('IRM', NOW - 1, null)];
    // 5, 6, 7, 40, 50.
    expect(estimate([...recent, ...stalled]).office.minutes).toBe(7);
    expect(estimate([...recent, ...stalled, ticket('IRM', NOW - 45, null)]).office.minutes).toBe(23.5);
  });

  it('is shown to the nearest 5 minutes, never "~0 min"', () => {
    expect([0, 2.4, 7.4, 7.5, 14, 23.5].map(roundedWait)).toEqual([5, 5, 5, 10, 15, 25]);
    fc.assert(
      fc.property(fc.double({ min: 2.5, max: 600, noNaN: true }), (minutes) => {
        const shown = roundedWait(minutes);
        expect(shown % 5).toBe(0);
        expect(Math.abs(shown - minutes)).toBeLessThanOrEqual(2.5);
      }),
    );
  });
});

const EXAMS = ['IRM', 'SCAN', 'RADIO'] as const;
/** Any day: tickets arrived before now, called after any wait or still waiting. */
const dayArb = fc.array(
  fc.record({ exam: fc.constantFrom(...EXAMS), arrival: fc.integer({ min: 0, max: NOW }), wait: fc.option(fc.integer({ min: 0, max: 240 }), { nil: null }) }).map(({ exam, arrival, wait }) =>
    // A call after now has not happened yet: the patient is still waiting.
    ticket(exam, arrival, wait !== null && arrival + wait <= NOW ? wait : null),
  ),
  { maxLength: 80 },
);

describe('estimated wait on any day (properties)', () => {
  it('answers the contract; an estimate never leaves the waits it comes from', () => {
    fc.assert(
      fc.property(dayArb, (tickets) => {
        const estimates = estimate(tickets);
        const facts = tickets.map(ticketFacts);
        for (const row of [estimates.office, ...estimates.byExamType]) {
          if (row.minutes === null) continue;
          const group = facts.filter((one) => row.basis === 'office' || one.examType === row.examType);
          const recent = group.filter((one) => one.firstCall !== null && one.firstCall > START + (NOW - 90) * 60_000).map((one) => one.wait!);
          const waited = group.filter((one) => one.waiting).map((one) => NOW - (one.arrival - START) / 60_000);
          expect(recent.length).toBe(row.sample);
          expect(row.minutes).toBeGreaterThanOrEqual(Math.min(...recent));
          expect(row.minutes).toBeLessThanOrEqual(Math.max(...recent, ...waited));
        }
      }),
    );
  });

  it("one exam type only: it is the only one listed, and its estimate is the office place's", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 90 }), { maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 5 }), (waits, stillWaiting) => {
        const tickets = [...waits.map((wait, n) => calledAgo('IRM', n * 7, wait)), ...stillWaiting.map((waited) => ticket('IRM', NOW - waited, null))];
        const estimates = estimate(tickets);
        expect(estimates.byExamType.map((row) => row.examType)).toEqual(tickets.length > 0 ? ['IRM'] : []);
        expect(estimates.office.minutes === null).toBe(waits.length < 3);
        expect(estimateFor(estimates, 'IRM').minutes).toBe(estimates.office.minutes);
      }),
    );
  });

  it('a burst of arrivals nobody calls: no call counted, never below the recent waits, and once they outnumber everyone else at least their wait', () => {
    const recentMedianOf = (tickets: DeskTicket[]) => {
      const recent = tickets
        .map(ticketFacts)
        .filter((one) => one.firstCall !== null && one.firstCall > START + (NOW - 90) * 60_000)
        .map((one) => one.wait!)
        .sort((a, b) => a - b);
      const middle = recent.length >> 1;
      return recent.length % 2 === 1 ? recent[middle]! : (recent[middle - 1]! + recent[middle]!) / 2;
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 3, maxLength: 10 }),
        dayArb,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 60 }),
        (waits, day, extra, later) => {
          const tickets = [...waits.map((wait, n) => calledAgo('IRM', n * 8, wait)), ...day];
          const before = estimate(tickets).office;
          const recentMedian = recentMedianOf(tickets);
          const waiting = tickets.map(ticketFacts).filter((one) => one.waiting).length;
          // Waiting longer than anyone recently called waited, and more of them than everyone else counted.
          const ago = Math.ceil(recentMedian) + later;
          const burst = Array.from({ length: before.sample + waiting + 2 + extra }, () => ticket('SCAN', NOW - ago, null));
          const after = estimate([...tickets, ...burst]).office;
          expect(after.sample).toBe(before.sample);
          expect(after.minutes).toBeGreaterThanOrEqual(recentMedian);
          expect(after.minutes).toBeGreaterThanOrEqual(ago);
        },
      ),
    );
  });

  it('a burst of calls of the same wait makes that wait the estimate', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 60 }), (tickets, wait) => {
        const facts = tickets.map(ticketFacts);
        const counted = facts.filter((one) => one.firstCall !== null && one.firstCall > START + (NOW - 90) * 60_000).length + facts.filter((one) => one.waiting).length;
        const burst = Array.from({ length: Math.max(counted + 1, 5) }, (_, n) => calledAgo('RADIO', n % 60, wait));
        expect(estimateFor(estimate([...tickets, ...burst]), 'RADIO').minutes).toBe(wait);
      }),
    );
  });
});
