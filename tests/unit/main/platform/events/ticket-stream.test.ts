import { afterEach, describe, expect, it } from 'vitest';
import type { DeskTicket } from '../../../../../src-shared/platform/tickets';
import { TicketEventStream, type StreamState } from '../../../../../src-main/platform/events/ticket-stream';
import { PlatformBoardClient } from '../../../../../src-main/platform/tickets/board';
import { PlatformHttp } from '../../../../../src-main/platform/tickets/http';
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
