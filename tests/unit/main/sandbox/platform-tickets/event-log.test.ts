import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { logger } from '../../../../../src-main/log';
import { EventLog } from '../../../../../src-main/sandbox/platform/tickets/event-log';
import { EventStream } from '../../../../../src-main/sandbox/platform/tickets/sse';

describe('event log', () => {
  it('ids are contiguous from the first id; since(id) replays what follows, in order', () => {
    const log = new EventLog(10, 500);
    expect(log.lastId).toBe(499);
    for (let n = 0; n < 4; n += 1) log.append(1, `e${n}`);
    expect(log.since(499)).toEqual({ kind: 'replay', events: [500, 501, 502, 503].map((id, n) => ({ id, officePlaceId: 1, data: `e${n}`, event: 'ticket' })) });
    expect(log.since(502)).toMatchObject({ kind: 'replay', events: [{ id: 503 }] });
    expect(log.since(503)).toEqual({ kind: 'replay', events: [] });
  });

  it('bounded: an id older than the ring resets (eventsExpired); ahead or not an integer → unknownEventId', () => {
    const log = new EventLog(3, 1);
    for (let n = 0; n < 5; n += 1) log.append(1, `e${n}`);
    expect(log.since(1)).toEqual({ kind: 'reset', reason: 'eventsExpired' });
    expect(log.since(2)).toMatchObject({ kind: 'replay', events: [{ id: 3 }, { id: 4 }, { id: 5 }] });
    expect(log.since(6)).toEqual({ kind: 'reset', reason: 'unknownEventId' });
    expect(log.since(Number.NaN)).toEqual({ kind: 'reset', reason: 'unknownEventId' });
  });
});

/** Just enough of a ServerResponse to watch what a stream does with it. */
class FakeResponse extends EventEmitter {
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  written: string[] = [];
  writeHead() {
    return this;
  }
  write(text: string) {
    this.written.push(text);
    return true;
  }
  end() {
    this.writableEnded = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

describe('event stream', () => {
  it('a client that stops reading is cut off (it resumes from the log when it reconnects)', () => {
    const log = new EventLog(100, 1);
    const response = new FakeResponse();
    let closed = false;
    const stream = new EventStream(
      response as unknown as ServerResponse,
      { log, owns: () => true, resumeFrom: undefined, heartbeatMs: 60_000, maxBufferedBytes: 1_000, logger: logger('test') },
      () => (closed = true),
    );
    stream.open();
    log.append(1, 'first');
    expect(response.written.join('')).toContain('data: first');
    response.writableLength = 5_000; // the kernel and Node buffers are full: the client is not reading
    log.append(1, 'second');
    expect(response.destroyed).toBe(true);
    expect(closed).toBe(true);
    expect(response.written.join('')).not.toContain('second');
    log.append(1, 'third'); // unsubscribed: nothing more is written
    expect(response.written.join('')).not.toContain('third');
  });

  it('only the licence\'s office places are written', () => {
    const log = new EventLog(100, 1);
    const response = new FakeResponse();
    new EventStream(
      response as unknown as ServerResponse,
      { log, owns: (place) => place === 1, resumeFrom: undefined, heartbeatMs: 60_000, maxBufferedBytes: 1_000_000, logger: logger('test') },
      () => undefined,
    ).open();
    log.append(2, 'elsewhere');
    log.append(1, 'mine');
    const text = response.written.join('');
    expect(text).toContain('data: mine');
    expect(text).not.toContain('elsewhere');
  });
});
