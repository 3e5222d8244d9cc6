import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, withRetry, type RetryPolicy } from '../../../../src-main/net/retry';

const policy: RetryPolicy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 300, totalBudgetMs: 10_000 };

function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    deps: {
      random: () => 1,
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    },
  };
}

describe('contract retry policy', () => {
  it('backs off exponentially up to the ceiling, with jitter below it', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(policy, n, () => 1))).toEqual([100, 200, 300, 300]);
    expect(backoffDelay(policy, 1, () => 0.5)).toBe(100);
  });

  it('retries a retryable failure up to the attempt bound, then gives up with the last error', async () => {
    const clock = fakeClock();
    const attempt = vi.fn(async () => {
      throw new Error('503');
    });
    await expect(withRetry(attempt, () => true, policy, clock.deps)).rejects.toThrow('503');
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(clock.sleeps).toEqual([100, 200, 300]);
  });

  it('never retries a failure the caller calls final (4xx)', async () => {
    const attempt = vi.fn(async () => {
      throw new Error('400');
    });
    await expect(withRetry(attempt, () => false, policy, fakeClock().deps)).rejects.toThrow('400');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops early when the next wait would pass the total time budget', async () => {
    const clock = fakeClock();
    const attempt = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(withRetry(attempt, () => true, { ...policy, totalBudgetMs: 250 }, clock.deps)).rejects.toThrow('down');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('returns the first success', async () => {
    let n = 0;
    const value = await withRetry(async () => (++n < 3 ? Promise.reject(new Error('x')) : 'ok'), () => true, policy, fakeClock().deps);
    expect(value).toBe('ok');
    expect(n).toBe(3);
  });
});
