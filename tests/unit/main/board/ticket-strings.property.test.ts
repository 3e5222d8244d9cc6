import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deskTicketSchema, TICKET_HISTORY_EVENTS, TICKET_STATUSES } from '../../../../src-shared/platform/tickets';
import { sharedTicket } from '../../../../src-main/board/ticket-strings';
import { StringPool } from '../../../../src-main/string-pool';

const at = fc.integer({ min: 0, max: 12 * 3600 }).map((s) => new Date(Date.UTC(2026, 10, 29, 7) + s * 1000).toISOString());
const label = fc.constantFrom('Accueil 1', 'Accueil 2', 'IRM', 'Scanner');
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** A ticket as a platform answers it: optional fields absent, null or there. */
const answer = fc.record(
  {
    ticketId: fc.uuid(),
    number: fc.integer({ min: 1, max: 999 }),
    formattedNumber: fc.string({ minLength: 1, maxLength: 6 }),
    day: fc.constant('2026-11-29'),
    officePlaceId: fc.integer({ min: 1, max: 4 }),
    contractAppointmentId: fc.option(fc.uuid(), { nil: null }),
    status: fc.constantFrom(...TICKET_STATUSES),
    patientDisplayName: fc.option(fc.string(), { nil: null }),
    examLabel: fc.option(label, { nil: null }),
    source: fc.constantFrom('kiosk', 'desk', 'publisher'),
    issuedAt: at,
    updatedAt: at,
    lastCall: fc.option(fc.record({ deskId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), deskLabel: label, at, room: optional(label) }), { nil: null }),
    examTypeLabel: optional(label),
    version: optional(fc.nat()),
    history: optional(fc.array(fc.record({ at, event: fc.constantFrom(...TICKET_HISTORY_EVENTS), deskId: optional(fc.integer({ min: 1, max: 9 })), deskLabel: optional(label) }), { maxLength: 8 })),
    handoff: optional(fc.record({ at, reason: fc.constantFrom('transfer', 'deskGone'), fromDeskId: fc.constant(1), fromDeskLabel: label, toDeskId: fc.constant(null), toDeskLabel: fc.option(label, { nil: null }), note: fc.constant(null) })),
    absent: optional(fc.record({ at, calls: fc.nat(3), deskLabel: label, dismissed: fc.boolean() })),
    verified: optional(fc.record({ status: fc.constantFrom('checkedIn', 'inCare', 'done', 'closed'), at, deskId: fc.constant(null), deskLabel: label })),
  },
  { requiredKeys: ['ticketId', 'number', 'formattedNumber', 'day', 'officePlaceId', 'status', 'source', 'issuedAt', 'updatedAt'] },
);

describe('the board keeps a ticket with its repeated strings shared', () => {
  it('keeps every value and key of the ticket as read, whatever fields the platform sent', () => {
    const pool = new StringPool(8);
    fc.assert(
      fc.property(answer, (body) => {
        const read = deskTicketSchema.parse(JSON.parse(JSON.stringify(body)));
        const kept = sharedTicket(read, pool);
        expect(kept).toStrictEqual(read);
        expect(JSON.stringify(kept)).toBe(JSON.stringify(read));
      }),
    );
  });
});

describe('StringPool', () => {
  it('gives back an equal string and never holds more than its capacity', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 200 }), fc.integer({ min: 1, max: 16 }), (values, capacity) => {
        const pool = new StringPool(capacity);
        for (const value of values) {
          expect(pool.take(value)).toBe(value);
          expect(pool.size).toBeLessThanOrEqual(capacity);
        }
        expect(pool.take(null)).toBeNull();
        expect(pool.take(undefined)).toBeUndefined();
      }),
    );
  });

  it('keeps the strings it was given while they fit', () => {
    const pool = new StringPool(3);
    for (const value of ['IRM', 'Scanner', 'IRM', 'Accueil 1', 'Scanner']) pool.take(value);
    expect(pool.size).toBe(3);
    pool.take('Radio');
    expect(pool.size).toBe(1);
  });
});
