import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeskTicket, TicketStatus } from '../../../../src-shared/platform/tickets';
import type { AppointmentStatus } from '../../../../src-shared/publisher/schemas';
import { BoardState } from '../../../../src-main/board/state';
import type { Check } from '../../../../src-main/board/verifier';

const TICKET_STATUSES: TicketStatus[] = ['issued', 'checkedIn', 'inCare', 'done', 'closed', 'cancelled'];
const READ_STATUSES: AppointmentStatus[] = ['scheduled', 'checkedIn', 'inCare', 'done', 'closed'];

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

function ticketOf(step: { ticket: number; appointment: number | null; status: TicketStatus; called: boolean; absent: boolean; minute: number }): DeskTicket {
  const at = `2026-11-23T09:${String(step.minute).padStart(2, '0')}:00+01:00`;
  return {
    ticketId: `t${step.ticket}`,
    number: step.ticket + 1,
    formattedNumber: `B${String(step.ticket + 1).padStart(4, '0')}`,
    day: '2026-11-23',
    officePlaceId: 1,
    contractAppointmentId: step.appointment === null ? null : `A${step.appointment}`,
    status: step.status,
    patientDisplayName: 'Jean D.',
    examLabel: 'IRM',
    source: 'kiosk',
    issuedAt: '2026-11-23T08:30:00+01:00',
    updatedAt: at,
    ...(step.called ? { lastCall: { deskId: 2, deskLabel: 'Accueil 2', at } } : {}),
    ...(step.absent ? { absent: { calls: 1, deskLabel: 'Accueil 2', at, dismissed: false } } : {}),
  };
}

describe("the re-checks' list of appointments", () => {
  it('kept between passes, is the list a board built afresh from the same tickets and reads would give', () => {
    fc.assert(
      fc.property(fc.array(fc.array(stepArbitrary, { maxLength: 4 }), { maxLength: 12 }), (passes) => {
        const checks = new Map<string, Check>();
        const check = (id: string) => checks.get(id) ?? null;
        const state = new BoardState(check, () => undefined, () => 1_000);
        for (const steps of passes) {
          for (const step of steps) {
            if (step.kind === 'event') state.upsert(ticketOf(step));
            else {
              const id = `A${step.appointment}`;
              checks.set(id, { kind: 'verified', appointment: { id, status: step.status, startDate: '2026-11-23T10:30:00+01:00', examLabel: 'IRM' }, at: 500 });
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
