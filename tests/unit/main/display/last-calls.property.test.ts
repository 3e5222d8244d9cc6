import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastCalls } from '../../../../src-main/display/feed';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';

const DAY = Date.parse('2026-11-23T07:00:00Z');

const ticketArb = fc.record({
  status: fc.constantFrom('issued', 'checkedIn', 'inCare', 'done', 'closed', 'cancelled'),
  // Few distinct minutes: calls at the same moment are common on a busy day and must keep their order.
  calledAt: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
  room: fc.option(fc.constantFrom('Salle IRM 1', 'Scanner'), { nil: undefined }),
});

type Shape = { status: string; calledAt: number | null; room: string | undefined };

function tickets(shapes: Shape[]): DeskTicket[] {
  return shapes.map((shape, index) => ({
    ticketId: `t${index}`,
    number: index + 1,
    formattedNumber: `I${String(index + 1).padStart(3, '0')}`,
    day: '2026-11-23',
    officePlaceId: 2,
    contractAppointmentId: null,
    status: shape.status as DeskTicket['status'],
    patientDisplayName: 'Léa Garnier',
    examLabel: null,
    source: 'kiosk',
    issuedAt: new Date(DAY).toISOString(),
    updatedAt: new Date(DAY).toISOString(),
    ...(shape.calledAt === null
      ? {}
      : { lastCall: { deskId: 1, deskLabel: `Accueil ${index % 3}`, at: new Date(DAY + shape.calledAt * 60_000).toISOString(), ...(shape.room ? { room: shape.room } : {}) } }),
  }));
}

/** The screen's rule written plainly: every call but a cancelled ticket's, newest first, the earlier ticket first among equals. */
function reference(day: DeskTicket[], limit: number) {
  return day
    .filter((ticket) => ticket.lastCall && ticket.status !== 'cancelled')
    .map((ticket) => ({ ticketId: ticket.ticketId, formattedNumber: ticket.formattedNumber, deskLabel: ticket.lastCall!.deskLabel, at: ticket.lastCall!.at, ...(ticket.lastCall!.room ? { room: ticket.lastCall!.room } : {}) }))
    .toSorted((left, right) => Date.parse(right.at) - Date.parse(left.at))
    .slice(0, limit);
}

describe("the display's last calls", () => {
  it('are the newest calls of the day, newest first, the earlier ticket first among calls of the same moment', () => {
    fc.assert(
      fc.property(fc.array(ticketArb, { maxLength: 60 }), fc.integer({ min: 0, max: 8 }), (shapes, limit) => {
        const day = tickets(shapes);
        expect(lastCalls(day, limit)).toEqual(reference(day, limit));
      }),
      { numRuns: 300 },
    );
  });
});
