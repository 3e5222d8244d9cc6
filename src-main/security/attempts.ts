/** How many wrong secrets in a row are free, and how the wait grows after them. */
export interface AttemptPolicy {
  freeAttempts: number;
  firstWaitMs: number;
  /** The wait doubles with each further wrong secret, up to this. */
  maxWaitMs: number;
}

/**
 * Wrong secrets in a row (a PIN, a password) slow the next try: after `freeAttempts`, each
 * wrong one starts a wait that doubles, and during a wait even the right secret is refused,
 * so a secret cannot be guessed by trying faster. A right secret clears everything.
 */
export class AttemptThrottle {
  private failures = 0;
  private waits = 0;
  private until = 0;

  constructor(
    private readonly policy: AttemptPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds before the next attempt may be tried; 0 = now. */
  remainingMs(): number {
    return Math.max(0, this.until - this.now());
  }

  /** A wrong secret: the wait it starts (ms), or 0 while attempts are still free. */
  failed(): number {
    this.failures += 1;
    if (this.failures < this.policy.freeAttempts) return 0;
    const wait = Math.min(this.policy.maxWaitMs, this.policy.firstWaitMs * 2 ** this.waits);
    this.waits += 1;
    this.until = this.now() + wait;
    return wait;
  }

  succeeded(): void {
    this.failures = 0;
    this.waits = 0;
    this.until = 0;
  }
}
