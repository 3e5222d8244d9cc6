import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listForDayWithCursorResponseSchema, TICKET_SERVICE_PATHS, type DeskTicket } from '../../../../../src-shared/platform/tickets';
import { OTHER_KEY, OTHER_LICENCE, startPlatform, type Platform } from './harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p.close();
});

const list = async (body: Record<string, unknown>) => {
  const reply = await p.post(TICKET_SERVICE_PATHS.listForDay, body);
  expect(reply.status).toBe(200);
  return listForDayWithCursorResponseSchema.parse(reply.body);
};

describe('listForDay (desk extension)', () => {
  it('day defaults to today (local day of the clock): the seeded tickets, in issue order', async () => {
    const answer = await list({});
    expect(answer.day).toBe('2026-11-23');
    expect(answer.tickets).toHaveLength(30);
    const issued = answer.tickets.map((ticket) => Date.parse(ticket.issuedAt));
    expect(issued).toEqual([...issued].sort((a, b) => a - b));
  });

  it('filters by office place', async () => {
    const answer = await list({ officePlaceId: 3 });
    expect(answer.tickets.length).toBeGreaterThan(0);
    expect(answer.tickets.every((ticket) => ticket.officePlaceId === 3)).toBe(true);
    expect(answer.tickets.length).toBe(p.world.tickets.filter((ticket) => ticket.officePlaceId === 3).length);
  });

  it('filters by day: another day has its own tickets', async () => {
    p.clock.now = new Date('2026-11-24T08:00:00');
    await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 2, requestUid: 'tomorrow', prefix: 'R' });
    p.clock.now = new Date('2026-11-23T10:30:00');
    const tomorrow = await list({ day: '2026-11-24' });
    expect(tomorrow.tickets.map((ticket) => ticket.formattedNumber)).toEqual(['R001']);
    expect((await list({ day: '2026-11-22' })).tickets).toEqual([]);
    expect((await list({})).tickets).toHaveLength(30);
  });

  it("a licence only lists its own office places' tickets", async () => {
    const reply = await p.post(TICKET_SERVICE_PATHS.listForDay, { licenceUuid: OTHER_LICENCE }, OTHER_KEY);
    expect(listForDayWithCursorResponseSchema.parse(reply.body).tickets).toEqual([]);
  });

  it('an office place outside the licence, or a malformed day, is a 400 naming the field', async () => {
    const foreign = await p.post(TICKET_SERVICE_PATHS.listForDay, { officePlaceId: 9 });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: expect.stringMatching(/^officePlaceId:/) });
    const badDay = await p.post(TICKET_SERVICE_PATHS.listForDay, { day: '23/11/2026' });
    expect(badDay.status).toBe(400);
    expect(badDay.body).toEqual({ message: expect.stringMatching(/^day:/) });
  });

  it('answers the event id it is current at (lastEventId), which moves with every change', async () => {
    const before = (await list({})).lastEventId;
    await p.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'cursor' });
    expect((await list({})).lastEventId).toBe(before + 1);
  });
});

describe('listForDay: a busy day', () => {
  let big: Platform;
  beforeAll(async () => {
    big = await startPlatform({
      prepare: (world) => {
        const base = world.tickets[0]!;
        for (let n = 1; n <= 5_000; n += 1) {
          const ticket: DeskTicket = {
            ...base,
            ticketId: `tkt-20261123-${String(1000 + n)}`,
            number: n,
            formattedNumber: `B${String(n).padStart(3, '0')}`,
            officePlaceId: 1 + (n % 3),
            contractAppointmentId: `A-bulk-${n}`,
            status: 'checkedIn',
            issuedAt: '2026-11-23T10:00:00+00:00',
            updatedAt: '2026-11-23T10:00:00+00:00',
          };
          delete ticket.lastCall;
          world.tickets.push(ticket);
        }
      },
    });
  });
  afterAll(async () => {
    await big.close();
  });

  it('lists 5,000+ tickets, and numbering continues after them', async () => {
    const reply = await big.post(TICKET_SERVICE_PATHS.listForDay, {});
    expect(listForDayWithCursorResponseSchema.parse(reply.body).tickets).toHaveLength(5_030);
    const issued = await big.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: 'after-bulk', prefix: 'B' });
    // Place 1 holds the bulk numbers n with n % 3 === 0, the highest being 4998.
    expect(issued.body).toMatchObject({ number: 4_999, formattedNumber: 'B4999' });
    const status = await big.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: 'A-bulk-2500', status: 'inCare' });
    expect(status.body).toEqual({ updated: 1 });
  });
});
