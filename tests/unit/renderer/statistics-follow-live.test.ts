import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveFollower } from '../../../src-renderer/features/statistics/stores/follow-live';
import { row } from './board/rows';
import { deskEmit } from './setup';

describe('live figures following the board', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks 2 s after a burst at a quiet desk, and at most every 5 s while pushes never stop', async () => {
    let loads = 0;
    const follower = liveFollower(async () => {
      loads += 1;
    });
    follower.follow();
    expect(loads).toBe(1);
    // A quiet desk: one push, the figures 2 s later.
    await vi.advanceTimersByTimeAsync(10_000);
    deskEmit('board/rows', { upserts: [row({ ticketId: 'a' })], removed: [], reset: false });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toBe(2);
    // A busy evening: a push every 200 ms for 20 s.
    for (let i = 0; i < 100; i += 1) {
      deskEmit('board/rows', { upserts: [row({ ticketId: `b${i}` })], removed: [], reset: false });
      await vi.advanceTimersByTimeAsync(200);
    }
    // Every 5 s (17, 22, 27, 32 s) and the clock's own at 30 s; every 2 s, it was ten more.
    expect(loads).toBeGreaterThanOrEqual(6);
    expect(loads).toBeLessThanOrEqual(7);
    follower.unfollow();
  });
  it("does not ask again for the re-checks' freshness alone, which never stops on a busy desk and moves no figure", async () => {
    let loads = 0;
    const follower = liveFollower(async () => {
      loads += 1;
    });
    follower.follow();
    for (let i = 0; i < 50; i += 1) {
      deskEmit('board/rows', { upserts: [row({ ticketId: `f${i}`, lastConfirmedAt: '2026-11-23T09:00:00+01:00' })], removed: [], reset: false, freshnessOnly: true });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(loads).toBe(1);
    // A row that moved: the figures follow 2 s later.
    deskEmit('board/rows', { upserts: [row({ ticketId: 'f0', status: 'inCare' })], removed: [], reset: false });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(loads).toBe(2);
    follower.unfollow();
  });
});
