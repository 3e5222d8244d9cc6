import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_VERIFICATION_PATHS, TICKET_SERVICE_PATHS, type DeskTicket } from '../../../../../src-shared/platform/tickets';
import { OTHER_KEY, startPlatform, type Platform } from './harness';

let p: Platform;
const switchboard = { offered: true };
beforeAll(async () => {
  p = await startPlatform({ deskExtensions: switchboard });
});
afterAll(async () => {
  await p.close();
});

const report = (ticketId: string, status: string, key?: string) =>
  p.post(DESK_VERIFICATION_PATHS.reportVerifiedStatus, { ticketId, status, deskId: 2, deskLabel: 'Accueil 2' }, key);

/** A kiosk's ticket the publisher never confirmed to the platform: `issued`. */
async function issued(uid: string): Promise<DeskTicket> {
  const appointment = `A-verified-${uid}`;
  const reply = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, contractAppointmentId: appointment, requestUid: uid, source: 'kiosk' });
  expect(reply.status).toBe(200);
  return p.world.tickets.find((ticket) => ticket.contractAppointmentId === appointment)!;
}

describe('reportVerifiedStatus: what one desk read from the medical system, for the whole office', () => {
  it('moves an issued ticket to checkedIn, says which desk read it, and tells every desk (one event)', async () => {
    const ticket = await issued('v-1');
    const before = p.tickets.lastEventId();
    const reply = await report(ticket.ticketId, 'checkedIn');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      applied: true,
      ticket: { ticketId: ticket.ticketId, status: 'checkedIn', verified: { status: 'checkedIn', deskId: 2, deskLabel: 'Accueil 2' } },
    });
    expect(p.tickets.lastEventId()).toBe(before + 1);
    expect(ticket.history?.at(-1)).toMatchObject({ event: 'checkedIn', deskId: 2, deskLabel: 'Accueil 2' });
  });

  it('is idempotent and never moves a ticket backward: no change, no event', async () => {
    const ticket = await issued('v-2');
    expect((await report(ticket.ticketId, 'inCare')).body).toMatchObject({ applied: true, ticket: { status: 'inCare' } });
    const before = p.tickets.lastEventId();
    for (const status of ['inCare', 'checkedIn']) {
      expect((await report(ticket.ticketId, status)).body).toMatchObject({ applied: false, ticket: { status: 'inCare' } });
    }
    expect(p.tickets.lastEventId()).toBe(before);
  });

  it('never revives a reception undone with cancelForAppointment, whatever the medical system keeps', async () => {
    const ticket = await issued('v-3');
    await p.post(TICKET_SERVICE_PATHS.cancelForAppointment, { contractAppointmentId: ticket.contractAppointmentId });
    for (const status of ['checkedIn', 'done']) {
      expect((await report(ticket.ticketId, status)).body).toMatchObject({ applied: false, ticket: { status: 'cancelled' } });
    }
    expect(ticket.status).toBe('cancelled');
  });

  it('only the licence’s desks may report, only on a ticket with an appointment, only a status of the medical system', async () => {
    const ticket = await issued('v-4');
    expect((await report(ticket.ticketId, 'checkedIn', OTHER_KEY)).status).toBe(401);
    expect((await report('tkt-unknown', 'checkedIn')).status).toBe(404);
    for (const status of ['cancelled', 'scheduled', 'issued']) {
      const refused = await report(ticket.ticketId, status);
      expect([refused.status, (refused.body as { message: string }).message]).toEqual([400, expect.stringMatching(/^status: /)]);
    }
    const numberOnly = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'v-4-none' });
    const bare = p.world.tickets.find((candidate) => candidate.formattedNumber === (numberOnly.body as { formattedNumber: string }).formattedNumber && candidate.contractAppointmentId === null)!;
    expect((await report(bare.ticketId, 'checkedIn')).status).toBe(409);
    expect(ticket.status).toBe('issued');
  });

  it('is a desk extension: off with the others (--no-desk-extensions → 404)', async () => {
    const ticket = await issued('v-5');
    switchboard.offered = false;
    try {
      expect((await report(ticket.ticketId, 'checkedIn')).status).toBe(404);
    } finally {
      switchboard.offered = true;
    }
    expect(ticket.status).toBe('issued');
  });
});
