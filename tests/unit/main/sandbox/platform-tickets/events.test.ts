import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deskTicketSchema,
  listForDayWithCursorResponseSchema,
  TICKET_SERVICE_PATHS,
  ticketStreamControlSchema,
} from '../../../../../src-shared/platform/tickets';
import { KEY, LICENCE, OTHER_KEY, OTHER_LICENCE, openEvents, settle, startPlatform, type Platform } from './harness';

let p: Platform;
const streams: ReturnType<typeof openEvents>[] = [];
beforeAll(async () => {
  p = await startPlatform();
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.cut();
});
afterAll(async () => {
  await p.close();
});

async function connect(platform: Platform, headers: Record<string, string> = {}, query = '', key = KEY, licence = LICENCE) {
  const stream = openEvents(`${platform.url}${TICKET_SERVICE_PATHS.events}?licenceUuid=${licence}${query}`, { Authorization: key, ...headers });
  streams.push(stream);
  await stream.opened;
  await stream.until(() => stream.frames.some((frame) => frame.event === 'ready'));
  return stream;
}

let uid = 0;
const issue = (platform: Platform, extra: Record<string, unknown> = {}) =>
  platform.post(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, requestUid: `sse-${++uid}`, prefix: 'I', contractAppointmentId: `A-sse-${uid}`, ...extra });

describe('events: Server-Sent Events of ticket changes (desk extension)', () => {
  it('opens as text/event-stream with a ready event carrying the current position as its id', async () => {
    const stream = await connect(p);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const ready = stream.frames.find((frame) => frame.event === 'ready')!;
    expect(Number(ready.id)).toBe(p.tickets.lastEventId());
    expect(ticketStreamControlSchema.parse(JSON.parse(ready.data))).toEqual({ lastEventId: p.tickets.lastEventId() });
    expect(stream.tickets()).toEqual([]);
  });

  it('a change produces exactly one `ticket` event with the whole ticket and the next integer id', async () => {
    const stream = await connect(p);
    const readyId = Number(stream.frames.at(-1)!.id);
    await issue(p, { patientDisplayName: 'Une Patiente' });
    await stream.until(() => stream.tickets().length === 1);
    await settle();
    expect(stream.tickets()).toHaveLength(1);
    const [event] = stream.tickets();
    expect(event!.id).toMatch(/^\d+$/);
    expect(Number(event!.id)).toBe(readyId + 1);
    const ticket = deskTicketSchema.parse(JSON.parse(event!.data));
    const listed = listForDayWithCursorResponseSchema.parse((await p.post(TICKET_SERVICE_PATHS.listForDay, {})).body).tickets;
    expect(ticket).toEqual(listed.find((candidate) => candidate.ticketId === ticket.ticketId));
    expect(ticket).toMatchObject({ status: 'issued', patientDisplayName: 'Une Patiente' });
  });

  it('every kind of change is an event (issue, status change, cancel, call, recall); a no-op is none', async () => {
    const stream = await connect(p);
    await issue(p);
    const appointment = `A-sse-${uid}`;
    await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: appointment, status: 'checkedIn' });
    await p.post(TICKET_SERVICE_PATHS.appointmentStatusChanged, { contractAppointmentId: appointment, status: 'checkedIn' });
    const ticketId = p.world.tickets.find((ticket) => ticket.contractAppointmentId === appointment)!.ticketId;
    await p.post(TICKET_SERVICE_PATHS.callTicket, { ticketId, kioskDeskId: 2, deskLabel: 'Accueil 2' });
    await p.post(TICKET_SERVICE_PATHS.callTicket, { ticketId, kioskDeskId: 2, deskLabel: 'Accueil 2', recall: true });
    await p.post(TICKET_SERVICE_PATHS.cancelForAppointment, { contractAppointmentId: appointment });
    await p.post(TICKET_SERVICE_PATHS.cancelForAppointment, { contractAppointmentId: appointment });
    await stream.until(() => stream.tickets().length >= 5);
    await settle();
    const seen = stream.tickets().map((frame) => deskTicketSchema.parse(JSON.parse(frame.data)));
    expect(seen.map((ticket) => [ticket.status, ticket.lastCall?.deskLabel ?? null])).toEqual([
      ['issued', null],
      ['checkedIn', null],
      ['checkedIn', 'Accueil 2'],
      ['checkedIn', 'Accueil 2'],
      ['cancelled', 'Accueil 2'],
    ]);
    const ids = stream.tickets().map((frame) => Number(frame.id));
    expect(ids).toEqual(ids.map((_, index) => ids[0]! + index));
  });

  it("a stream only carries its licence's tickets", async () => {
    const other = await connect(p, {}, '', OTHER_KEY, OTHER_LICENCE);
    const mine = await connect(p);
    await issue(p);
    await mine.until(() => mine.tickets().length === 1);
    await settle();
    expect(other.tickets()).toEqual([]);
  });

  it('resume with Last-Event-ID replays exactly the missed events, in order (cut, 3 changes, reconnect)', async () => {
    const first = await connect(p);
    await issue(p);
    await first.until(() => first.tickets().length === 1);
    const lastSeen = first.tickets().at(-1)!.id!;
    first.cut();
    await settle(50);
    const missed = [];
    for (let n = 0; n < 3; n += 1) {
      await issue(p);
      missed.push(p.world.tickets.at(-1)!.ticketId);
    }
    const resumed = await connect(p, { 'Last-Event-ID': lastSeen });
    const replayed = resumed.tickets();
    expect(replayed.map((frame) => (JSON.parse(frame.data) as { ticketId: string }).ticketId)).toEqual(missed);
    expect(replayed.map((frame) => Number(frame.id))).toEqual([1, 2, 3].map((n) => Number(lastSeen) + n));
    // The replay comes before the ready event, whose id is the newest position.
    expect(resumed.frames.at(-1)).toMatchObject({ event: 'ready', id: replayed.at(-1)!.id });
    // And the stream goes on live.
    await issue(p);
    await resumed.until(() => resumed.tickets().length === 4);
  });

  it('resuming from the ready id of a stream that saw no ticket event misses nothing either', async () => {
    const first = await connect(p);
    const readyId = first.frames.at(-1)!.id!;
    first.cut();
    await issue(p);
    const resumed = await connect(p, { 'Last-Event-ID': readyId });
    expect(resumed.tickets()).toHaveLength(1);
  });

  it('listForDay.lastEventId + Last-Event-ID: what changed between the list and the connection is replayed', async () => {
    const { lastEventId } = listForDayWithCursorResponseSchema.parse((await p.post(TICKET_SERVICE_PATHS.listForDay, {})).body);
    await issue(p);
    await issue(p);
    const stream = await connect(p, { 'Last-Event-ID': String(lastEventId) });
    expect(stream.tickets()).toHaveLength(2);
  });

  it('the lastEventId query parameter resumes too; the Last-Event-ID header wins over it', async () => {
    const start = p.tickets.lastEventId();
    await issue(p);
    await issue(p);
    const byQuery = await connect(p, {}, `&lastEventId=${start}`);
    expect(byQuery.tickets()).toHaveLength(2);
    const both = await connect(p, { 'Last-Event-ID': String(start + 1) }, `&lastEventId=${start}`);
    expect(both.tickets()).toHaveLength(1);
  });

  it('an id this run never gave (ahead of the log, or garbage) → reset event, then the stream goes on', async () => {
    for (const id of [String(p.tickets.lastEventId() + 1000), 'not-a-number']) {
      const stream = await connect(p, { 'Last-Event-ID': id });
      const reset = stream.frames.find((frame) => frame.event === 'reset')!;
      expect(ticketStreamControlSchema.parse(JSON.parse(reset.data))).toEqual({ lastEventId: p.tickets.lastEventId(), reason: 'unknownEventId' });
      expect(reset.id).toBe(String(p.tickets.lastEventId()));
      await issue(p);
      await stream.until(() => stream.tickets().length === 1);
    }
  });

  it('a burst of 1,000 concurrent changes reaches two streams complete, in order, with consecutive ids', async () => {
    const a = await connect(p);
    const b = await connect(p);
    const from = p.tickets.lastEventId();
    await Promise.all(Array.from({ length: 1_000 }, () => issue(p, { officePlaceId: 2, prefix: 'Q' })));
    for (const stream of [a, b]) {
      await stream.until(() => stream.tickets().length === 1_000, 10_000);
      expect(stream.tickets().map((frame) => Number(frame.id))).toEqual(Array.from({ length: 1_000 }, (_, index) => from + 1 + index));
      const numbers = stream.tickets().map((frame) => (JSON.parse(frame.data) as { number: number }).number);
      expect(numbers).toEqual(Array.from({ length: 1_000 }, (_, index) => index + 1));
    }
  });

  it('heartbeat comments arrive (interval injected)', async () => {
    const fast = await startPlatform({ heartbeatMs: 40 });
    try {
      const stream = await connect(fast);
      await stream.until(() => stream.comments.filter((comment) => comment === 'heartbeat').length >= 2, 2_000);
      stream.cut();
    } finally {
      await fast.close();
    }
  });

  it('an id older than the bounded log → reset (eventsExpired), no partial replay', async () => {
    const small = await startPlatform({ eventLogCapacity: 5 });
    try {
      const first = await connect(small);
      const oldId = first.frames.at(-1)!.id!;
      first.cut();
      for (let n = 0; n < 8; n += 1) await issue(small);
      const stream = await connect(small, { 'Last-Event-ID': oldId });
      expect(stream.tickets()).toEqual([]);
      const reset = stream.frames.find((frame) => frame.event === 'reset')!;
      expect(JSON.parse(reset.data)).toEqual({ lastEventId: small.tickets.lastEventId(), reason: 'eventsExpired' });
      // Within the log, a resume still works.
      const recent = await connect(small, { 'Last-Event-ID': String(small.tickets.lastEventId() - 5) });
      expect(recent.tickets()).toHaveLength(5);
      stream.cut();
      recent.cut();
    } finally {
      await small.close();
    }
  });

  it('an id from an earlier run of the server is older than this run’s log → reset', async () => {
    const later = await startPlatform({ firstEventId: p.tickets.lastEventId() + 1_000_000 });
    try {
      const stream = await connect(later, { 'Last-Event-ID': String(p.tickets.lastEventId()) });
      expect(JSON.parse(stream.frames.find((frame) => frame.event === 'reset')!.data)).toMatchObject({ reason: 'eventsExpired' });
      stream.cut();
    } finally {
      await later.close();
    }
  });

  it('closing the server ends open streams (app.close() does not hang)', async () => {
    const own = await startPlatform();
    const stream = await connect(own);
    expect(own.tickets.openStreams()).toBe(1);
    await own.close();
    await stream.until(() => stream.ended);
    expect(own.tickets.openStreams()).toBe(0);
  });

  it('a client that goes away is forgotten', async () => {
    const own = await startPlatform();
    try {
      const stream = await connect(own);
      expect(own.tickets.openStreams()).toBe(1);
      stream.cut();
      await expect.poll(() => own.tickets.openStreams()).toBe(0);
    } finally {
      await own.close();
    }
  });
});
