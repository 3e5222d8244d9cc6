import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTicketResponseSchema,
  DESK_DISPLAY_PATHS,
  lastCallsResponseSchema,
  TICKET_SERVICE_PATHS,
} from '../../../../../src-shared/platform/tickets';
import { KEY, LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

/** Seeded at office place 1: I002 checkedIn never called, S001 closed. */
const WAITING = 'tkt-20261123-0022';
const CLOSED = 'tkt-20261123-0001';

const call = (ticketId: string, extra: Record<string, unknown> = {}) =>
  p.post(TICKET_SERVICE_PATHS.callTicket, { ticketId, kioskDeskId: 1, deskLabel: 'Accueil 1', ...extra });
const lastCalls = (officePlaceId: number | string, extra = '') =>
  p.call('GET', `${DESK_DISPLAY_PATHS.lastCalls}?licenceUuid=${LICENCE}&officePlaceId=${officePlaceId}${extra}`, { headers: { Authorization: KEY } });

describe('callTicket (desk extension)', () => {
  it('sets lastCall {deskId, deskLabel, at} and answers {ticket}; status is untouched', async () => {
    expect(p.tickets.ticket(WAITING)!.lastCall).toBeUndefined();
    const reply = await call(WAITING);
    expect(reply.status).toBe(200);
    const { ticket } = callTicketResponseSchema.parse(reply.body);
    expect(ticket).toMatchObject({
      ticketId: WAITING,
      status: 'checkedIn',
      lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: expect.stringMatching(/^2026-11-23T10:30:00/) },
    });
    expect(ticket.updatedAt).toBe(ticket.lastCall!.at);
  });

  it('recall: a new lastCall time, same ticket', async () => {
    p.clock.now = new Date('2026-11-23T10:33:00');
    const { ticket } = callTicketResponseSchema.parse((await call(WAITING, { recall: true })).body);
    expect(ticket.lastCall!.at).toMatch(/^2026-11-23T10:33:00/);
    p.clock.now = new Date('2026-11-23T10:30:00');
  });

  it('a call without recall on an already-called ticket is allowed (another desk takes the patient)', async () => {
    const { ticket } = callTicketResponseSchema.parse((await call(WAITING, { kioskDeskId: 2, deskLabel: 'Accueil 2', recall: false })).body);
    expect(ticket.lastCall).toMatchObject({ deskId: 2, deskLabel: 'Accueil 2' });
  });

  it('a desk without id (kioskDeskId null) can call', async () => {
    const { ticket } = callTicketResponseSchema.parse((await call(WAITING, { kioskDeskId: null, deskLabel: 'Borne' })).body);
    expect(ticket.lastCall!.deskId).toBeNull();
  });

  it('409 {message} for a closed or cancelled ticket', async () => {
    const closed = await call(CLOSED);
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ message: expect.stringMatching(/closed/) });
    await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'to-cancel', contractAppointmentId: 'A-call-cancel' });
    await p.post(TICKET_SERVICE_PATHS.cancelForAppointment, { contractAppointmentId: 'A-call-cancel' });
    const cancelledId = p.world.tickets.find((ticket) => ticket.contractAppointmentId === 'A-call-cancel')!.ticketId;
    const cancelled = await call(cancelledId);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toEqual({ message: expect.stringMatching(/cancelled/) });
  });

  it('404 {message} for an unknown ticket', async () => {
    const reply = await call('tkt-does-not-exist');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: expect.stringMatching(/^ticketId:/) });
  });
});

describe('lastCalls: the public display feed (desk extension)', () => {
  it('the latest calls of the office place, newest first, with the recall flag and no patient name', async () => {
    const reply = await lastCalls(1);
    expect(reply.status).toBe(200);
    const feed = lastCallsResponseSchema.parse(reply.body);
    expect(feed.officePlaceId).toBe(1);
    expect(feed.calls.map((entry) => [entry.deskLabel, entry.recall])).toEqual([
      ['Borne', false],
      ['Accueil 2', false],
      ['Accueil 1', true],
      ['Accueil 1', false],
    ]);
    expect(feed.calls[0]).toMatchObject({ ticketId: WAITING, formattedNumber: 'I002', deskId: null });
    expect(JSON.stringify(feed)).not.toContain(p.tickets.ticket(WAITING)!.patientDisplayName!);
  });

  it('limit caps the feed; another office place has its own feed', async () => {
    expect(lastCallsResponseSchema.parse((await lastCalls(1, '&limit=2')).body).calls).toHaveLength(2);
    expect(lastCallsResponseSchema.parse((await lastCalls(2)).body).calls).toEqual([]);
  });

  it('400 {message} for a missing, malformed or foreign office place', async () => {
    for (const place of ['', 'abc', 99]) {
      const reply = await lastCalls(place);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: expect.stringMatching(/^officePlaceId:/) });
    }
  });
});
