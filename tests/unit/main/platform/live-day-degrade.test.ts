import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardLive } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';
import type { TicketEventStream, TicketStreamListener } from '../../../../src-main/platform/events/ticket-stream';
import { LiveDay } from '../../../../src-main/platform/tickets/live-day';
import { PlatformRouteMissing } from '../../../../src-main/platform/tickets/http';

/** A platform whose day list answers (or not) and whose event stream says "not offered" (404) once started. */
function platform(listOffered: boolean) {
  let reads = 0;
  const lives: BoardLive[] = [];
  const day = new LiveDay({
    platform: {
      listForDay: async () => {
        reads += 1;
        if (!listOffered) throw new PlatformRouteMissing('listForDay');
        return { day: '2026-11-23', tickets: [] as DeskTicket[], lastEventId: null };
      },
    },
    openStream: (listener: TicketStreamListener) =>
      ({ start: () => listener.state('offline', 'notOffered'), stop: () => undefined }) as unknown as TicketEventStream,
    officePlaceId: 1,
    pollMs: 30,
    loaded: () => undefined,
    changed: () => undefined,
    live: (live) => lives.push(live),
  });
  return { day, lives, reads: () => reads };
}

describe('live day on a platform without some desk extensions', () => {
  // The pace is the point: time is moved by hand, not waited for.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without live events, reads the day list again at its calm pace and says events are missing', async () => {
    const p = platform(true);
    await p.day.start();
    try {
      expect(p.reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(30 * 3);
      expect(p.reads()).toBe(4);
      expect(p.day.current()).toEqual({ state: 'offline', reason: 'notOffered', missing: ['liveEvents'] });
    } finally {
      p.day.stop();
    }
    await vi.advanceTimersByTimeAsync(30 * 10);
    expect(p.reads()).toBe(4);
  });

  it('without the day list, says so and does not poll it (asked again once a minute)', async () => {
    const p = platform(false);
    await p.day.start();
    try {
      expect(p.lives.at(-1)).toEqual({ state: 'offline', reason: 'notOffered', missing: ['dayList'] });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(p.reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(p.reads()).toBe(2);
    } finally {
      p.day.stop();
    }
  });
});
