import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { OTHER_KEY, OTHER_LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

/** Seeded: I002 at office place 1, checkedIn. */
const SEEDED_ID = 'tkt-20261123-0022';
const SEEDED_APPOINTMENT = 'A5042~RDV24147';

const changed = (contractAppointmentId: string, status: string) =>
  p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId, status });
const cancel = (contractAppointmentId: string) => p.post(TICKET_SERVICE_PATHS.cancelForAppointment, { contractAppointmentId });

describe('appointmentStatusChanged: the platform mirrors the publisher', () => {
  it('forward moves are mirrored and answer {updated: 1}', async () => {
    for (const status of ['inCare', 'done', 'closed'] as const) {
      expect((await changed(SEEDED_APPOINTMENT, status)).body).toEqual({ updated: 1 });
      expect(p.tickets.ticket(SEEDED_ID)!.status).toBe(status);
    }
  });

  it('backward moves are mirrored too (closed → inCare → checkedIn), updatedAt follows', async () => {
    p.clock.now = new Date('2026-11-23T10:45:00');
    expect((await changed(SEEDED_APPOINTMENT, 'inCare')).body).toEqual({ updated: 1 });
    expect((await changed(SEEDED_APPOINTMENT, 'checkedIn')).body).toEqual({ updated: 1 });
    expect(p.tickets.ticket(SEEDED_ID)).toMatchObject({ status: 'checkedIn', updatedAt: expect.stringMatching(/^2026-11-23T10:45:00/) });
    p.clock.now = new Date('2026-11-23T10:30:00');
  });

  it('scheduled (reception undone on the publisher) puts the ticket back to issued', async () => {
    expect((await changed(SEEDED_APPOINTMENT, 'scheduled')).body).toEqual({ updated: 1 });
    expect(p.tickets.ticket(SEEDED_ID)!.status).toBe('issued');
    expect((await changed(SEEDED_APPOINTMENT, 'checkedIn')).body).toEqual({ updated: 1 });
  });

  it('the same status again answers the count and changes nothing', async () => {
    const before = p.tickets.lastEventId();
    expect((await changed(SEEDED_APPOINTMENT, 'checkedIn')).body).toEqual({ updated: 1 });
    expect(p.tickets.lastEventId()).toBe(before);
  });

  it('0 when the appointment has no ticket today (unknown, or only on another day)', async () => {
    expect((await changed('A-unknown', 'checkedIn')).body).toEqual({ updated: 0 });
    p.clock.now = new Date('2026-11-24T09:00:00');
    try {
      expect((await changed(SEEDED_APPOINTMENT, 'done')).body).toEqual({ updated: 0 });
    } finally {
      p.clock.now = new Date('2026-11-23T10:30:00');
    }
    expect(p.tickets.ticket(SEEDED_ID)!.status).toBe('checkedIn');
  });

  it('an unknown status string is a 400 naming status', async () => {
    const reply = await changed(SEEDED_APPOINTMENT, 'teleported');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.stringMatching(/^status:/) });
  });

  it("another licence never touches this licence's tickets", async () => {
    const reply = await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { licenceUuid: OTHER_LICENCE, contractAppointmentId: SEEDED_APPOINTMENT, status: 'done' }, OTHER_KEY);
    expect(reply.body).toEqual({ updated: 0 });
    expect(p.tickets.ticket(SEEDED_ID)!.status).toBe('checkedIn');
  });
});

describe('cancelForAppointment', () => {
  it('cancels the appointment\'s tickets of the day; a repeat answers {cancelled: 0} and never fails', async () => {
    await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 2, requestUid: 'cancel-1', prefix: 'E', contractAppointmentId: 'A-cancel' });
    expect((await cancel('A-cancel')).body).toEqual({ cancelled: 1 });
    expect((await cancel('A-cancel')).body).toEqual({ cancelled: 0 });
    expect((await cancel('A-never-issued')).body).toEqual({ cancelled: 0 });
  });

  it('undo + redo: the replaced ticket stays cancelled, status changes go to the new one', async () => {
    const issue = (requestUid: string) =>
      p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 2, requestUid, prefix: 'E', contractAppointmentId: 'A-redo' });
    const first = (await issue('redo-1')).body as { formattedNumber: string };
    expect((await cancel('A-redo')).body).toEqual({ cancelled: 1 });
    const second = (await issue('redo-2')).body as { formattedNumber: string };
    expect(second.formattedNumber).not.toBe(first.formattedNumber);
    expect((await changed('A-redo', 'checkedIn')).body).toEqual({ updated: 1 });
    const tickets = p.world.tickets.filter((ticket) => ticket.contractAppointmentId === 'A-redo');
    expect(tickets.map((ticket) => [ticket.formattedNumber, ticket.status])).toEqual([
      [first.formattedNumber, 'cancelled'],
      [second.formattedNumber, 'checkedIn'],
    ]);
  });

  it('a publisher-side cancellation (status cancelled) is mirrored like any status', async () => {
    await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'cancelled-status', contractAppointmentId: 'A-pub-cancel' });
    expect((await changed('A-pub-cancel', 'cancelled')).body).toEqual({ updated: 1 });
    expect((await cancel('A-pub-cancel')).body).toEqual({ cancelled: 0 });
  });
});

describe('an undone reception, driven as a real publisher drives it', () => {
  it('the cancelled ticket stays cancelled whatever status follows, and the re-arrival has exactly one live ticket', async () => {
    const appointment = 'A-undo-redo';
    const first = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'undo-1', contractAppointmentId: appointment });
    await changed(appointment, 'checkedIn');
    expect((await cancel(appointment)).body).toEqual({ cancelled: 1 });
    await changed(appointment, 'scheduled');
    const again = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'undo-2', contractAppointmentId: appointment });
    expect((await changed(appointment, 'checkedIn')).body).toEqual({ updated: 1 });
    await changed(appointment, 'inCare');
    const tickets = p.world.tickets.filter((ticket) => ticket.contractAppointmentId === appointment);
    expect(tickets.map((ticket) => [ticket.formattedNumber, ticket.status])).toEqual([
      [(first.body as { formattedNumber: string }).formattedNumber, 'cancelled'],
      [(again.body as { formattedNumber: string }).formattedNumber, 'inCare'],
    ]);
  });
});
