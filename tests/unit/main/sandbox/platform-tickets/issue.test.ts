import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedTicketSchema, listForDayResponseSchema, TICKET_SERVICE_PATHS, type DeskTicket } from '../../../../../src-shared/platform/tickets';
import { startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

let uid = 0;
const issue = (body: Record<string, unknown>) =>
  p.post(TICKET_SERVICE_PATHS.issueForAppointment, { requestUid: `issue-test-${++uid}`, ...body });

async function dayTickets(): Promise<DeskTicket[]> {
  return listForDayResponseSchema.parse((await p.post(TICKET_SERVICE_PATHS.listForDay, {})).body).tickets;
}

describe('issueForAppointment', () => {
  it('numbering continues after the seeded day (I004 seeded at office place 1 → I005), day = today', async () => {
    const reply = await issue({ officePlaceId: 1, prefix: 'I', contractAppointmentId: 'A-new-1', patientDisplayName: 'Jeanne Test', examLabel: 'IRM du genou' });
    expect(reply.status).toBe(200);
    expect(issuedTicketSchema.parse(reply.body)).toEqual({ number: 5, formattedNumber: 'I005', day: '2026-11-23' });
  });

  it('numbering is per office place and prefix', async () => {
    const numbers = async (officePlaceId: number, prefix: string) =>
      issuedTicketSchema.parse((await issue({ officePlaceId, prefix })).body).formattedNumber;
    // Seeded: place 1 S006; place 2 R004, E004; place 3 R006.
    expect(await numbers(1, 'S')).toBe('S007');
    expect(await numbers(2, 'R')).toBe('R005');
    expect(await numbers(3, 'R')).toBe('R007');
    expect(await numbers(2, 'E')).toBe('E005');
    expect(await numbers(2, 'X')).toBe('X001');
    expect(await numbers(2, 'R')).toBe('R006');
  });

  it('desk, kiosk and publisher arrivals of one exam type share one series when they send its prefix', async () => {
    const numbers = [];
    for (const source of ['kiosk', 'desk', 'publisher', 'desk']) {
      numbers.push(issuedTicketSchema.parse((await issue({ officePlaceId: 3, prefix: 'EC', examTypeId: '12', source })).body).formattedNumber);
    }
    expect(numbers).toEqual(['EC001', 'EC002', 'EC003', 'EC004']);
  });

  it('is idempotent per requestUid: the same uid returns the same ticket, even with a different body', async () => {
    const body = { requestUid: 'same-uid', officePlaceId: 2, prefix: 'M', contractAppointmentId: 'A-idem' };
    const first = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, body);
    const replay = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, body);
    const changed = await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { ...body, officePlaceId: 3, prefix: 'Z' });
    expect(first.body).toEqual({ number: 3, formattedNumber: 'M003', day: '2026-11-23' });
    expect(replay.body).toEqual(first.body);
    expect(changed.body).toEqual(first.body);
    expect((await dayTickets()).filter((ticket) => ticket.contractAppointmentId === 'A-idem')).toHaveLength(1);
  });

  it('a NEW requestUid consumes the next number (undo + redo)', async () => {
    const a = issuedTicketSchema.parse((await issue({ officePlaceId: 2, prefix: 'M', contractAppointmentId: 'A-redo' })).body);
    const b = issuedTicketSchema.parse((await issue({ officePlaceId: 2, prefix: 'M', contractAppointmentId: 'A-redo' })).body);
    expect(b.number).toBe(a.number + 1);
  });

  it('prefix absent or null → first letter of examTypeId upper-cased; no exam type → no prefix; "" kept', async () => {
    const formatted = async (body: Record<string, unknown>) => issuedTicketSchema.parse((await issue({ officePlaceId: 3, ...body })).body).formattedNumber;
    expect(await formatted({ examTypeId: 'ECHO' })).toBe('E005');
    expect(await formatted({ examTypeId: 'echo', prefix: null })).toBe('E006');
    expect(await formatted({})).toBe('001');
    expect(await formatted({ examTypeId: '9X' })).toBe('002');
    expect(await formatted({ examTypeId: 'ECHO', prefix: '' })).toBe('003');
    expect(await formatted({ prefix: 'e' })).toBe('E007');
  });

  it('creates an `issued` DeskTicket from the body; source defaults to publisher and may be kiosk or desk', async () => {
    await issue({ officePlaceId: 1, prefix: 'I', contractAppointmentId: 'A-src-1', patientDisplayName: 'Paul Essai', examLabel: 'IRM lombaire' });
    await issue({ officePlaceId: 1, prefix: 'I', contractAppointmentId: 'A-src-2', source: 'desk' });
    await issue({ officePlaceId: 1, prefix: 'I', contractAppointmentId: 'A-src-3', source: 'kiosk' });
    const tickets = await dayTickets();
    const byAppointment = (id: string) => tickets.find((ticket) => ticket.contractAppointmentId === id)!;
    expect(byAppointment('A-src-1')).toMatchObject({
      status: 'issued',
      source: 'publisher',
      officePlaceId: 1,
      day: '2026-11-23',
      patientDisplayName: 'Paul Essai',
      examLabel: 'IRM lombaire',
      issuedAt: expect.stringMatching(/^2026-11-23T10:30:00[+-]\d\d:\d\d$/),
    });
    expect(byAppointment('A-src-1').lastCall).toBeUndefined();
    expect(byAppointment('A-src-2').source).toBe('desk');
    expect(byAppointment('A-src-3').source).toBe('kiosk');
    expect(new Set(tickets.map((ticket) => ticket.ticketId)).size).toBe(tickets.length);
  });

  it('an unknown source is a 400 naming the field', async () => {
    const reply = await issue({ officePlaceId: 1, source: 'robot' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.stringMatching(/^source:/) });
  });

  it('an office place outside the licence is a 400 naming officePlaceId, and consumes no number', async () => {
    const reply = await issue({ officePlaceId: 99, prefix: 'I' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: expect.stringMatching(/^officePlaceId:/) });
  });

  it('new tickets appear in world.tickets (the admin dashboard counts them)', async () => {
    const before = p.world.tickets.length;
    await issue({ officePlaceId: 1, prefix: 'S' });
    expect(p.world.tickets.length).toBe(before + 1);
  });

  it('the day follows the clock: the next day starts its sequences at 1', async () => {
    p.clock.now = new Date('2026-11-24T08:00:00');
    try {
      expect((await issue({ officePlaceId: 1, prefix: 'I' })).body).toEqual({ number: 1, formattedNumber: 'I001', day: '2026-11-24' });
    } finally {
      p.clock.now = new Date('2026-11-23T10:30:00');
    }
  });
});
