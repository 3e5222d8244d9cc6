import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESK_PRESENCE_PATHS, deskTicketResponseSchema, officeDesksResponseSchema } from '../../../../../src-shared/platform/desks';
import { TICKET_SERVICE_PATHS } from '../../../../../src-shared/platform/tickets';
import { KEY, LICENCE, OTHER_KEY, startPlatform, type Platform } from './harness';

let p: Platform;
const presence = { goneMs: 5_000 };
const extensions = { offered: true };
beforeEach(async () => {
  presence.goneMs = 5_000;
  extensions.offered = true;
  p = await startPlatform({ deskPresence: presence, deskExtensions: extensions });
});
afterEach(async () => {
  await p.close();
});

const EVERYTHING = { examTypeIds: [], rooms: [], practitioners: [] };
const announce = (deskId: number | string, extra: Record<string, unknown> = {}, key = KEY) =>
  p.call('PUT', `${DESK_PRESENCE_PATHS.desks}/${deskId}`, {
    body: { licenceUuid: LICENCE, officePlaceId: 1, label: `Accueil ${deskId}`, staffDisplayName: 'Camille', state: 'open', queue: EVERYTHING, ...extra },
    headers: { Authorization: key },
  });
const desks = async () =>
  officeDesksResponseSchema.parse((await p.call('GET', `${DESK_PRESENCE_PATHS.desks}?licenceUuid=${LICENCE}&officePlaceId=1`, { headers: { Authorization: KEY } })).body).desks;
const waiting = () => p.world.tickets.filter((ticket) => ticket.day === '2026-11-23' && ticket.officePlaceId === 1 && ticket.status === 'checkedIn' && !ticket.lastCall);
const call = (ticketId: string, deskId = 1) => p.post(TICKET_SERVICE_PATHS.callTicket, { ticketId, kioskDeskId: deskId, deskLabel: `Accueil ${deskId}` });
const later = (ms: number) => {
  p.clock.now = new Date(p.clock.now.getTime() + ms);
};

describe('desk presence (desk extension)', () => {
  it('a desk announces itself with its state and queue; the answer and GET list the office place\'s desks', async () => {
    const reply = await announce(1, { queue: { examTypeIds: ['SCAN'], rooms: [], practitioners: [] } });
    expect(reply.status).toBe(200);
    await announce(2, { state: 'paused' });
    expect(await desks()).toMatchObject([
      { deskId: 1, label: 'Accueil 1', staffDisplayName: 'Camille', state: 'open', queue: { examTypeIds: ['SCAN'] }, gone: false },
      { deskId: 2, state: 'paused', gone: false },
    ]);
  });

  it('refuses a wrong key (401), a bad body or desk id (400), another licence\'s office place (400)', async () => {
    expect((await announce(1, {}, OTHER_KEY)).status).toBe(401);
    expect((await announce(1, { state: 'asleep' })).status).toBe(400);
    expect((await announce('one')).status).toBe(400);
    expect((await announce(1, { officePlaceId: 999 })).status).toBe(400);
  });

  it('says which patient each desk serves (number only)', async () => {
    await announce(1);
    const [ticket] = waiting();
    await call(ticket!.ticketId);
    expect((await desks())[0]!.serving).toEqual({ ticketId: ticket!.ticketId, formattedNumber: ticket!.formattedNumber });
  });

  it('a silent desk is gone after the timeout and its called patients wait again, marked; it comes back when it announces', async () => {
    await announce(1);
    await announce(2);
    const [ticket] = waiting();
    await call(ticket!.ticketId, 2);
    const before = p.tickets.lastEventId();
    later(3_000);
    await announce(1);
    expect((await desks()).map((desk) => desk.gone)).toEqual([false, false]);
    later(3_000);
    expect((await desks()).map((desk) => desk.gone)).toEqual([false, true]);
    expect(p.tickets.ticket(ticket!.ticketId)).toMatchObject({ status: 'checkedIn', handoff: { reason: 'deskGone', fromDeskId: 2, fromDeskLabel: 'Accueil 2', toDeskId: null } });
    // Two events: the returned ticket, then the office's desks with desk 2 gone (the other desks hear of it at once).
    expect(p.tickets.lastEventId()).toBe(before + 2);
    await announce(2);
    expect((await desks())[1]!.gone).toBe(false);
    // Called again, the patient is that desk's: the mark is gone.
    await call(ticket!.ticketId, 1);
    expect(p.tickets.ticket(ticket!.ticketId)!.handoff).toBeUndefined();
  });

  it('a desk announcing closed hands its called patients on at once', async () => {
    await announce(2);
    const [ticket] = waiting();
    await call(ticket!.ticketId, 2);
    await announce(2, { state: 'closed' });
    expect(p.tickets.ticket(ticket!.ticketId)!.handoff?.reason).toBe('deskGone');
    expect((await desks())[0]).toMatchObject({ state: 'closed', gone: false });
  });

  it('answers 404 like a route it never had when the desk extensions are off', async () => {
    extensions.offered = false;
    expect((await announce(1)).status).toBe(404);
    expect((await p.post(DESK_PRESENCE_PATHS.markAbsent, { ticketId: 'x', deskId: 1, deskLabel: 'Accueil 1' })).status).toBe(404);
  });
});

describe('transfer and absence (desk extension)', () => {
  const transfer = (ticketId: string, toDeskId: number | null, note: string | null = null) =>
    p.post(DESK_PRESENCE_PATHS.transferTicket, { ticketId, fromDeskId: 1, fromDeskLabel: 'Accueil 1', toDeskId, toDeskLabel: toDeskId === null ? null : `Accueil ${toDeskId}`, note });

  it('a called patient goes to another desk or back to waiting with a note; the status is untouched; history says transfer', async () => {
    await announce(2);
    const [ticket] = waiting();
    expect((await transfer(ticket!.ticketId, 2)).status).toBe(409);
    await call(ticket!.ticketId);
    const moved = deskTicketResponseSchema.parse((await transfer(ticket!.ticketId, 2)).body).ticket;
    expect(moved).toMatchObject({ status: 'checkedIn', handoff: { reason: 'transfer', toDeskId: 2, toDeskLabel: 'Accueil 2', note: null } });
    expect(moved.history!.at(-1)).toMatchObject({ event: 'transfer', deskId: 2 });
    // Handed on, it is no longer "called": only a new call makes it transferable again.
    expect((await transfer(ticket!.ticketId, null)).status).toBe(409);
    await call(ticket!.ticketId, 2);
    const back = deskTicketResponseSchema.parse((await transfer(ticket!.ticketId, null, 'Revient après la radio')).body).ticket;
    expect(back.handoff).toMatchObject({ toDeskId: null, note: 'Revient après la radio' });
  });

  it('a patient in care only goes to another desk, which serves them from then on', async () => {
    await announce(2);
    const inCare = p.world.tickets.find((ticket) => ticket.day === '2026-11-23' && ticket.officePlaceId === 1 && ticket.status === 'inCare')!;
    expect((await transfer(inCare.ticketId, null)).status).toBe(409);
    const moved = deskTicketResponseSchema.parse((await transfer(inCare.ticketId, 2)).body).ticket;
    expect(moved).toMatchObject({ status: 'inCare', lastCall: { deskId: 2, deskLabel: 'Accueil 2' } });
  });

  it('a patient transferred to a desk that then goes silent or closes waits for every desk again, marked "returned from" it', async () => {
    await announce(2);
    await announce(3);
    const [ticket] = waiting();
    const id = ticket!.ticketId;
    await call(id);
    await transfer(id, 2);
    // Desk 2 stops announcing (crash, power cut).
    later(3_000);
    await announce(1);
    await announce(3);
    later(3_000);
    await desks();
    expect(p.tickets.ticket(id)).toMatchObject({ status: 'checkedIn', handoff: { reason: 'deskGone', fromDeskLabel: 'Accueil 2', toDeskId: null } });
    // Back, desk 2 does not take back a patient it never called: they stay with everyone.
    await announce(2);
    expect(p.tickets.ticket(id)!.handoff).toMatchObject({ reason: 'deskGone', toDeskId: null });
    // Sent to desk 3, which closes before calling them.
    await call(id);
    await transfer(id, 3);
    await announce(3, { state: 'closed' });
    expect(p.tickets.ticket(id)!.handoff).toMatchObject({ reason: 'deskGone', fromDeskLabel: 'Accueil 3', toDeskId: null });
  });

  it('a transfer to a desk not heard within the presence window (silent, closed, never seen) is refused, the patient unchanged', async () => {
    await announce(2);
    await announce(3, { state: 'closed' });
    const [ticket] = waiting();
    await call(ticket!.ticketId);
    const version = p.tickets.ticket(ticket!.ticketId)!.version;
    later(5_001);
    await announce(1);
    for (const toDeskId of [2, 3, 9]) {
      const refused = await transfer(ticket!.ticketId, toDeskId);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ reason: 'receivingDeskAbsent', message: expect.stringMatching(/^toDeskId: /) });
    }
    expect(p.tickets.ticket(ticket!.ticketId)).toMatchObject({ version, lastCall: { deskId: 1 } });
    expect(p.tickets.ticket(ticket!.ticketId)!.handoff).toBeUndefined();
    // Heard again, it receives patients again.
    await announce(2);
    expect((await transfer(ticket!.ticketId, 2)).status).toBe(200);
  });

  it('absent: only after a call, with the calls made; dismissed at the end of the day; a recall brings the patient back', async () => {
    const [ticket] = waiting();
    const absent = (ticketId: string) => p.post(DESK_PRESENCE_PATHS.markAbsent, { ticketId, deskId: 1, deskLabel: 'Accueil 1' });
    expect((await absent(ticket!.ticketId)).status).toBe(409);
    await call(ticket!.ticketId);
    await call(ticket!.ticketId);
    const marked = deskTicketResponseSchema.parse((await absent(ticket!.ticketId)).body).ticket;
    expect(marked).toMatchObject({ status: 'checkedIn', absent: { calls: 2, deskLabel: 'Accueil 1', dismissed: false } });
    expect((await absent(ticket!.ticketId)).status).toBe(409);
    const dismissed = deskTicketResponseSchema.parse((await p.post(DESK_PRESENCE_PATHS.dismissAbsent, { ticketId: ticket!.ticketId })).body).ticket;
    expect(dismissed.absent?.dismissed).toBe(true);
    await call(ticket!.ticketId, 2);
    expect(p.tickets.ticket(ticket!.ticketId)!.absent).toBeUndefined();
    expect((await p.post(DESK_PRESENCE_PATHS.dismissAbsent, { ticketId: ticket!.ticketId })).status).toBe(409);
  });

  it('absent: a patient of several exams called for the next one, their ticket done by the medical system, can be marked absent; not before the call', async () => {
    const [ticket] = waiting();
    const absent = () => p.post(DESK_PRESENCE_PATHS.markAbsent, { ticketId: ticket!.ticketId, deskId: 1, deskLabel: 'Accueil 1' });
    const pushed = (status: string) => p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: ticket!.contractAppointmentId, status });
    await call(ticket!.ticketId);
    // The first exam in care then done: the medical system pushes the ticket's own appointment.
    await pushed('inCare');
    expect((await absent()).status).toBe(409);
    await pushed('done');
    expect((await absent()).status).toBe(409);
    await call(ticket!.ticketId);
    const marked = deskTicketResponseSchema.parse((await absent()).body).ticket;
    expect(marked).toMatchObject({ status: 'done', absent: { calls: 2, deskLabel: 'Accueil 1', dismissed: false } });
  });
});
