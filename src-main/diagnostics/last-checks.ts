import type { CompatibilityResult } from '../../src-shared/publisher/compatibility';
import type { ConfigProbeResult } from '../../src-shared/publisher/probe';

/** A check's outcome with when it ran; what the technician typed for it (account, test patient) is never kept. */
export interface CheckRecord<T> {
  at: string;
  result: T;
}

export interface LastCheckResults {
  probe: CheckRecord<ConfigProbeResult> | null;
  compatibility: CheckRecord<CompatibilityResult> | null;
}

/**
 * The last connection probe and compatibility check run from Settings, held in memory for
 * the diagnostics archive: a technician runs them, then exports what they found.
 */
export class LastChecks {
  private results: LastCheckResults = { probe: null, compatibility: null };

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Passes the check's answer through, keeping it on the way. */
  async record<K extends keyof LastCheckResults>(check: K, run: Promise<NonNullable<LastCheckResults[K]>['result']>): Promise<NonNullable<LastCheckResults[K]>['result']> {
    const result = await run;
    this.results = { ...this.results, [check]: { at: this.now().toISOString(), result } };
    return result;
  }

  current(): LastCheckResults {
    return this.results;
  }
}
