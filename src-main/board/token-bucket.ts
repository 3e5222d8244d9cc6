/**
 * A request budget: `ratePerSecond` tokens a second, at most `capacity` saved up. A
 * request that cannot wait (an action, a row staff selected, a platform event) is
 * spent anyway and leaves a debt the scheduled requests repay, so the average stays
 * within the budget; the debt is bounded, so a burst never silences the board for long.
 */
export class TokenBucket {
  private level: number;
  private at: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly capacity: number,
    private readonly now: () => number,
    /** How far below zero spending may go; what lies beyond is forgiven. */
    private readonly maxDebt = capacity,
  ) {
    this.level = capacity;
    this.at = now();
  }

  /** Whole tokens available now (what the scheduler may launch without waiting). */
  available(): number {
    this.refill();
    return Math.max(0, Math.floor(this.level));
  }

  /** Spends one token, whether or not there is one. */
  spend(): void {
    this.refill();
    this.level = Math.max(-this.maxDebt, this.level - 1);
  }

  private refill(): void {
    const now = this.now();
    this.level = Math.min(this.capacity, this.level + ((now - this.at) / 1000) * this.ratePerSecond);
    this.at = now;
  }
}
