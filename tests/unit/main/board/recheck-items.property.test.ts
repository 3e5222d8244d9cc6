import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoardState } from '../../../../src-main/board/state';
import type { Check } from '../../../../src-main/board/verifier';
import { dayTicket, READ_STATUSES, readAppointment, TICKET_STATUSES } from './day-tickets';

/** What happens to a board between two passes of the re-checks: a platform event, or a read of the medical system. */
const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('event' as const),
    ticket: fc.integer({ min: 0, max: 7 }),
    appointment: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    status: fc.constantFrom(...TICKET_STATUSES),
    called: fc.boolean(),
    absent: fc.boolean(),
    minute: fc.integer({ min: 0, max: 59 }),
  }),
  fc.record({ kind: fc.constant('read' as const), appointment: fc.integer({ min: 0, max: 5 }), status: fc.constantFrom(...READ_STATUSES) }),
);

describe("the re-checks' list of appointments", () => {
  it('kept between passes, is the list a board built afresh from the same tickets and reads would give', () => {
    fc.assert(
      fc.property(fc.array(fc.array(stepArbitrary, { maxLength: 4 }), { maxLength: 12 }), (passes) => {
        const checks = new Map<string, Check>();
        const check = (id: string) => checks.get(id) ?? null;
        const state = new BoardState(check, () => undefined, () => 1_000);
        for (const steps of passes) {
          for (const step of steps) {
            if (step.kind === 'event') state.upsert(dayTicket(step.ticket, { ...step, calledBy: step.called ? 2 : null }, { issuedAt: '2026-11-23T08:30:00+01:00' }));
            else {
              const id = `A${step.appointment}`;
              checks.set(id, { kind: 'verified', appointment: readAppointment(id, step.status), at: 500 });
              state.touchAppointment(id);
            }
          }
          const afresh = new BoardState(check, () => undefined, () => 1_000);
          afresh.replaceAll(state.platformTickets());
          expect(state.recheckItems()).toEqual(afresh.recheckItems());
        }
      }),
      { numRuns: 300 },
    );
  });
});
