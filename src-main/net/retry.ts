/**
 * The contract's retry policy: network errors and 5xx are retried with exponential
 * backoff and full jitter, bounded in attempts and in total time; 4xx never.
 * Whether a failure is retryable is the caller's call (`isRetryable`).
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  totalBudgetMs: number;
}

export const CONTRACT_RETRY_POLICY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 2_000,
  totalBudgetMs: 15_000,
};

export interface RetryDeps {
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

const realDeps: RetryDeps = {
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
};

/** base × 2^retryIndex, capped: how every backoff of the desk grows (retries, reconnects, outbox). */
export function exponentialCeiling(baseMs: number, maxMs: number, retryIndex: number): number {
  return Math.min(maxMs, baseMs * 2 ** retryIndex);
}

export function backoffDelay(policy: RetryPolicy, retryIndex: number, random: () => number): number {
  return Math.round(random() * exponentialCeiling(policy.baseDelayMs, policy.maxDelayMs, retryIndex));
}

export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  policy: RetryPolicy = CONTRACT_RETRY_POLICY,
  deps: RetryDeps = realDeps,
): Promise<T> {
  const started = deps.now();
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= policy.attempts || !isRetryable(error)) throw error;
      const delay = backoffDelay(policy, n - 1, deps.random);
      if (deps.now() - started + delay > policy.totalBudgetMs) throw error;
      await deps.sleep(delay);
    }
  }
}
