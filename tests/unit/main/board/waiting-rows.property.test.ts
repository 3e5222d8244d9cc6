import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeskTicket, TicketHandoff } from '../../../../src-shared/platform/tickets';
import { BoardState } from '../../../../src-main/board/state';
import type { Check } from '../../../../src-main/board/verifier';
import { dayTicket, READ_STATUSES, readAppointment as read, TICKET_STATUSES } from './day-tickets';

/** A ticket of the day as the platform sends it, with what the medical system last said of its appointment (or nothing). */
const ticketArbitrary = fc.record({
  status: fc.constantFrom(...TICKET_STATUSES),
  appointment: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
  called: fc.boolean(),
  absent: fc.boolean(),
  handoff: fc.constantFrom(null, 'back', 'here', 'elsewhere'),
  byThisDesk: fc.boolean(),
  readStatus: fc.option(fc.constantFrom(...READ_STATUSES), { nil: null }),
  linkedStatus: fc.option(fc.constantFrom(...READ_STATUSES), { nil: null }),
  minute: fc.integer({ min: 0, max: 59 }),
});

/** Sent back to the waiting line by a desk gone quiet, or transferred here or to another desk (this board is desk 1's). */
function handoff(kind: 'back' | 'here' | 'elsewhere', at: string): TicketHandoff {
  const to = kind === 'back' ? null : kind === 'here' ? 1 : 3;
  return { at, reason: kind === 'back' ? 'deskGone' : 'transfer', fromDeskId: 2, fromDeskLabel: 'Accueil 2', toDeskId: to, toDeskLabel: to === null ? null : `Accueil ${to}`, note: null };
}

describe('the waiting rows call next chooses from', () => {
  it('are the board rows of the waiting group, whatever the statuses, calls, absences, journeys and reads', () => {
    fc.assert(
      fc.property(fc.array(ticketArbitrary, { maxLength: 25 }), (specs) => {
        const checks = new Map<string, Check>();
        const tickets: DeskTicket[] = specs.map((spec, index) => {
          const at = `2026-11-23T09:${String(spec.minute).padStart(2, '0')}:00+01:00`;
          const appointmentId = spec.appointment === null ? null : `A${spec.appointment}`;
          // What the medical system last said of its appointment, if anything.
          if (appointmentId && spec.readStatus) {
            // A journey: the same patient's other exam, read with the main one.
            const linked = spec.linkedStatus ? [read(`${appointmentId}-2`, spec.linkedStatus)] : [];
            checks.set(appointmentId, { kind: 'verified', appointment: read(appointmentId, spec.readStatus), ...(linked.length ? { linked } : {}), at: 1_000 });
          }
          const calledBy = spec.called ? (spec.byThisDesk ? 1 : 2) : null;
          return dayTicket(index, { ...spec, calledBy }, spec.handoff ? { handoff: handoff(spec.handoff, at) } : {});
        });
        const state = new BoardState((id) => checks.get(id) ?? null, () => undefined);
        state.setDesk(1);
        state.replaceAll(tickets);
        expect(state.waitingRows()).toEqual(state.rows().filter((row) => row.group === 'waiting'));
      }),
      { numRuns: 300 },
    );
  });
});
