import { z } from 'zod';

/** Beyond this gap between the desk's clock and the platform's, the technician is told. */
export const CLOCK_DRIFT_WARNING_MS = 60_000;

/**
 * The platform's time as main measures it against the desk's own clock (HTTP `Date` headers
 * of the platform's answers, and event times later than the desk thought possible).
 * `offsetMs` is platform minus desk: 0 until a first sample, so a desk that never heard the
 * platform keeps its own time.
 */
export const platformClockSchema = z.object({
  offsetMs: z.number(),
  samples: z.number().int().nonnegative(),
  /** The offset is beyond CLOCK_DRIFT_WARNING_MS either way. */
  drifting: z.boolean(),
  /** When the last sample was taken (the platform's time), null before any. */
  measuredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PlatformClock = z.infer<typeof platformClockSchema>;

export const UNMEASURED_CLOCK: PlatformClock = { offsetMs: 0, samples: 0, drifting: false, measuredAt: null };

/** Now on the platform's clock: what waits and colours are counted against, whatever the desk's clock says. */
export function platformNow(clock: Pick<PlatformClock, 'offsetMs'> | null | undefined, deskNow: number = Date.now()): number {
  return deskNow + (clock?.offsetMs ?? 0);
}

/** The median of the samples: one odd answer (a proxy's stale Date, a replayed event) does not move it. */
export function medianOffset(samples: readonly number[]): number {
  if (samples.length === 0) return 0;
  const sorted = samples.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

export function isDrifting(offsetMs: number): boolean {
  return Math.abs(offsetMs) > CLOCK_DRIFT_WARNING_MS;
}
