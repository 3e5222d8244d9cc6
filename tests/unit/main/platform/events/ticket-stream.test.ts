import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskTicket } from '../../../../../src-shared/platform/tickets';
import { reconnectDelay, TicketEventStream, type StreamState, type TicketStreamOptions } from '../../../../../src-main/platform/events/ticket-stream';
import { PlatformBoardClient } from '../../../../../src-main/platform/tickets/board';
import { PlatformHttp } from '../../../../../src-main/platform/tickets/http';
import { startHungServer } from '../../../../helpers/hung-server';
import { until as waitUntil } from '../../../../helpers/until';
import { KEY, LICENCE, startPlatform, type Platform } from '../../sandbox/platform-tickets/harness';

const until = (predicate: () => boolean) => waitUntil(predicate, 5_000);

function recorder() {
  const tickets: { ticket: DeskTicket; id: number }[] = [];
  const states: string[] = [];
  let resets = 0;
  return {
    tickets,
    states,
    get resets() {
      return resets;
    },
    listener: {
      ticket: (ticket: DeskTicket, id: number) => tickets.push({ ticket, id }),
      reset: () => (resets += 1),
      state: (state: StreamState, reason?: string) => states.push(reason ? `${state}:${reason}` : state),
    },
  };
}

describe('ticket event stream against the sandbox platform (real sockets)', () => {
  let platform: Platform;
  const streams: TicketEventStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.stop();
    await platform?.close();
  });

  const board = () => new PlatformBoardClient(new PlatformHttp({ platformUrl: platform.url, licenceUuid: LICENCE, accountKey: KEY }));
  const open = (listener: ReturnType<typeof recorder>['listener'], key = KEY, heartbeatTimeoutMs?: number) => {
    const stream = new TicketEventStream(
      { platformUrl: platform.url, licenceUuid: LICENCE, accountKey: key, heartbeatTimeoutMs, backoffBaseMs: 20, backoffMaxMs: 100 },
      listener,
    );
    streams.push(stream);
    return stream;
  };
  const issue = async (uid: string) => {
    const body = { officePlaceId: 1, requestUid: uid, examTypeId: 'IRM', patientDisplayName: 'Test P.' };
    // The cut also closes the test's own pooled connection: one more try (the uid makes it idempotent).
    const reply = await platform.post('/api/kioskTicket/issueForAppointment', body).catch(() => platform.post('/api/kioskTicket/issueForAppointment', body));
    expect(reply.status).toBe(200);
  };

  it('lists the day with a cursor, then misses nothing issued between the list and the stream', async () => {
    platform = await startPlatform();
    const list = await board().listForDay({ officePlaceId: 1 });
    expect(list.tickets.length).toBeGreaterThan(0);
    expect(list.tickets.every((ticket) => ticket.officePlaceId === 1)).toBe(true);
    expect(list.lastEventId).not.toBeNull();
    await issue('between-list-and-stream');
    const seen = recorder();
    open(seen.listener).start(list.lastEventId);
    await until(() => seen.tickets.length === 1 && seen.states.includes('live'));
    expect(seen.tickets[0]!.ticket.status).toBe('issued');
  });

  it('resumes after a cut with Last-Event-ID: every event arrives once, in order', async () => {
    platform = await startPlatform();
    const list = await board().listForDay({ officePlaceId: 1 });
    const seen = recorder();
    open(seen.listener).start(list.lastEventId);
    await until(() => seen.states.includes('live'));
    await issue('before-cut');
    await until(() => seen.tickets.length === 1);
    platform.app.server.closeAllConnections();
    // Issued while the desk is cut off.
    await issue('during-cut-1');
    await issue('during-cut-2');
    await until(() => seen.tickets.length === 3);
    await issue('after-cut');
    await until(() => seen.tickets.length === 4);
    const ids = seen.tickets.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(seen.states).toContain('reconnecting');
    expect(seen.states.at(-1)).toBe('live');
  });

  it('a platform that stops answering is not live within 5 s, though its 15 s heartbeat is not due; live again only once the stream is', async () => {
    platform = await startPlatform();
    const seen = recorder();
    let probes = 0;
    const probe = () => ((probes += 1), board().answers(1));
    const stream = new TicketEventStream(
      { platformUrl: platform.url, licenceUuid: LICENCE, accountKey: KEY, backoffBaseMs: 20, backoffMaxMs: 100, probe },
      seen.listener,
    );
    streams.push(stream);
    stream.start(null);
    await until(() => seen.states.includes('live'));
    // Quiet but answering: still live after two quiet spells were checked.
    await waitUntil(() => probes >= 3, 8_000);
    expect(seen.states).toEqual(['live']);
    // Down: new connections are dropped, the open stream just falls silent (no error on it).
    platform.faults.down = true;
    const downAt = Date.now();
    await waitUntil(() => seen.states.length > 1, 6_000);
    expect(seen.states[1]).toBe('reconnecting');
    expect(Date.now() - downAt).toBeLessThan(5_000);
    expect(stream.lastHeardAt).not.toBeNull();
    platform.faults.down = false;
    await until(() => seen.states.at(-1) === 'live');
  }, 20_000);

  it('reconnects when the platform goes silent (no heartbeat) and still loses nothing', async () => {
    platform = await startPlatform({ heartbeatMs: 60_000 });
    const list = await board().listForDay({ officePlaceId: 1 });
    const seen = recorder();
    const stream = open(seen.listener, KEY, 300);
    stream.start(list.lastEventId);
    await until(() => seen.states.includes('live'));
    await until(() => seen.states.includes('reconnecting'));
    await issue('after-silence');
    await until(() => seen.tickets.length === 1);
    expect(seen.tickets[0]!.ticket.patientDisplayName).toBe('Test P.');
  });

  it('reports a refused key as offline and does not try again', async () => {
    platform = await startPlatform();
    let requests = 0;
    platform.app.server.on('request', () => {
      requests += 1;
    });
    const seen = recorder();
    open(seen.listener, 'not-the-key').start(null);
    await until(() => seen.states.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.states).toEqual(['offline:keyRefused']);
    expect(requests).toBeLessThanOrEqual(1);
  });

  it('drops its state on reset and is told to reload', async () => {
    platform = await startPlatform();
    const seen = recorder();
    open(seen.listener).start(1);
    await until(() => seen.resets === 1);
  });
});

// ── scripted streams: what the sandbox cannot be asked to send ───────────────────
const TICKET: DeskTicket = {
  ticketId: 't-1',
  number: 1,
  formattedNumber: 'A001',
  day: '2026-11-23',
  officePlaceId: 1,
  contractAppointmentId: null,
  status: 'issued',
  patientDisplayName: 'Test P.',
  examLabel: null,
  source: 'desk',
  issuedAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
};

/** One handler per connection (the last repeats); requests recorded with their headers. */
async function startScriptedStream(handlers: ((response: ServerResponse) => void)[]) {
  const received: IncomingMessage['headers'][] = [];
  const urls: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.headers);
    urls.push(request.url ?? '');
    handlers[Math.min(received.length - 1, handlers.length - 1)]!(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    urls,
    close: async () => {
      server.closeAllConnections();
      await once(server.close(), 'close');
    },
  };
}

// Headers flushed at once: the stream is open before its first frame, as a real platform's.
const sse = (response: ServerResponse) => response.writeHead(200, { 'Content-Type': 'text/event-stream' }).flushHeaders();
const status = (code: number) => (response: ServerResponse) => response.writeHead(code).end();

describe('ticket event stream against scripted streams', () => {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function openScripted(handlers: ((response: ServerResponse) => void)[], tuning: Partial<TicketStreamOptions> = {}) {
    const server = await startScriptedStream(handlers);
    closers.push(server.close);
    const seen = recorder();
    const reach: boolean[] = [];
    const stream = new TicketEventStream(
      { platformUrl: `${server.url}/`, licenceUuid: 'L-1', accountKey: 'K-1', backoffBaseMs: 10, backoffMaxMs: 20, onReachability: (r) => reach.push(r), ...tuning },
      seen.listener,
    );
    closers.push(() => stream.stop());
    return { server, seen, reach, stream };
  }

  it('reads frames split anywhere, CRLF or LF, with comments and multi-line data', async () => {
    const json = JSON.stringify(TICKET);
    const cut = Math.floor(json.length / 2);
    // Pretty-printed, one `data:` line per JSON line: the frame's data is those lines joined by \n.
    const multiLine = JSON.stringify({ ...TICKET, formattedNumber: 'A002' }, null, 1)
      .split('\n')
      .map((text) => `data: ${text}\n`)
      .join('');
    const { seen, stream, server } = await openScripted([
      (response) => {
        sse(response);
        // A comment, a frame in CRLF cut mid-field and mid-data, then a frame whose data spans many lines.
        response.write(': heartbeat\r\n\r\nid: 7\r\nevent: tick');
        response.write(`et\r\ndata: ${json.slice(0, cut)}`);
        response.write(`${json.slice(cut)}\r\n\r\n`);
        response.write(`id: 8\nevent: ticket\n${multiLine}\n`);
        // A ticket in an unexpected form is skipped, never guessed at.
        response.write('id: 9\nevent: ticket\ndata: {"ticketId":"t-2"}\n\nid: 10\nevent: ready\ndata: {}\n\n');
      },
    ]);
    stream.start(null);
    await until(() => seen.states.includes('live'));
    expect(seen.tickets.map((entry) => [entry.id, entry.ticket.formattedNumber])).toEqual([
      [7, 'A001'],
      [8, 'A002'],
    ]);
    expect(stream.lastEventId).toBe(10);
    expect(server.urls[0]).toBe('/api/kioskTicket/events?licenceUuid=L-1');
    expect(server.received[0]).toMatchObject({ authorization: 'K-1', accept: 'text/event-stream' });
    expect(server.received[0]!['last-event-id']).toBeUndefined();
  });

  it('resumes from the last id it saw, with Last-Event-ID, after the server ends the stream', async () => {
    const { seen, stream, server } = await openScripted([
      (response) => {
        sse(response);
        response.end(`id: 41\nevent: ticket\ndata: ${JSON.stringify(TICKET)}\n\n`);
      },
      (response) => {
        sse(response);
        response.write('id: 42\nevent: ready\ndata: {}\n\n');
      },
    ]);
    stream.start(40);
    await until(() => seen.states.at(-1) === 'live');
    expect(server.received.map((headers) => headers['last-event-id'])).toEqual(['40', '41']);
    expect(seen.states).toEqual(['reconnecting', 'live']);
  });

  it('treats a stream that goes silent as cut and reconnects', async () => {
    const { seen, stream, server } = await openScripted([(response) => sse(response)], { heartbeatTimeoutMs: 50 });
    stream.start(null);
    await until(() => server.received.length >= 2);
    expect(seen.states[0]).toBe('reconnecting');
  });

  it('cuts a platform that accepts the connection but never answers, and tries again', async () => {
    const hung = await startHungServer();
    closers.push(hung.close);
    const seen = recorder();
    const stream = new TicketEventStream({ platformUrl: hung.url, licenceUuid: 'L-1', accountKey: 'K-1', heartbeatTimeoutMs: 50, backoffBaseMs: 10, backoffMaxMs: 20 }, seen.listener);
    closers.push(() => stream.stop());
    stream.start(null);
    await until(() => seen.states.includes('reconnecting'));
  });

  it.each([
    [401, 'offline:keyRefused'],
    [403, 'offline:keyRefused'],
    [404, 'offline:notOffered'],
  ])('a %i stops the stream and says why, without another try', async (code, state) => {
    const { seen, stream, server, reach } = await openScripted([status(code), (response) => sse(response)]);
    stream.start(null);
    await until(() => seen.states.length > 0);
    expect(seen.states).toEqual([state]);
    expect(reach).toEqual([true]);
    // Proving a negative needs a bound: ten times the 20 ms backoff ceiling a retry would have waited.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received).toHaveLength(1);
  });

  it('keeps trying through 5xx, reports the platform unreachable, and says offline after the bound', async () => {
    const { seen, stream, server, reach } = await openScripted([status(503)], { offlineAfterFailures: 3 });
    stream.start(null);
    // The server has the fourth request before the desk has read its answer: wait for both.
    await until(() => server.received.length >= 4 && reach.length >= 4);
    expect(seen.states.slice(0, 2)).toEqual(['reconnecting', 'offline:unreachable']);
    expect(reach.slice(0, 4)).toEqual([false, false, false, false]);
  });

  it('reports a refused connection as unreachable', async () => {
    const seen = recorder();
    const reach: boolean[] = [];
    const stream = new TicketEventStream(
      { platformUrl: 'http://127.0.0.1:9', licenceUuid: 'L-1', accountKey: 'K-1', backoffBaseMs: 10, backoffMaxMs: 20, onReachability: (r) => reach.push(r) },
      seen.listener,
    );
    closers.push(() => stream.stop());
    stream.start(null);
    await until(() => seen.states.includes('reconnecting'));
    expect(reach[0]).toBe(false);
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially from the base and is capped, half fixed and half jitter', () => {
    const lowest = { backoffBaseMs: 500, backoffMaxMs: 30_000, random: () => 0 };
    const highest = { ...lowest, random: () => 1 };
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, highest))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, lowest))).toEqual([250, 500, 1_000, 2_000]);
    expect(reconnectDelay(7, highest)).toBe(30_000);
    expect(reconnectDelay(50, highest)).toBe(30_000);
    expect(reconnectDelay(50, lowest)).toBe(15_000);
  });
});
