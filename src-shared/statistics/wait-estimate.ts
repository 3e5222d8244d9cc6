import { z } from 'zod';
import { contractDateTimeSchema } from '../publisher/schemas';

/**
 * How long a patient arriving now will wait before a first call, per exam type, as main estimates
 * it from the day's tickets (src-main/statistics/wait-estimate.ts; the rule is in docs/statistics.md,
 * "Estimated wait"). Minutes; `minutes: null` when the day has too few recent calls to say ("—").
 */
export const waitEstimateSchema = z.object({
  /** The exam type (the statistics' key: `examTypeLabel`, else the exam's label); '' for the whole office place. */
  examType: z.string(),
  minutes: z.number().nonnegative().nullable(),
  /** Whose recent waits it comes from: the exam type's own, or the office place's when the type has too few. */
  basis: z.enum(['examType', 'office']).nullable(),
  /** How many waits it was computed from. */
  sample: z.number().int().nonnegative(),
});
export type WaitEstimate = z.infer<typeof waitEstimateSchema>;

export const waitEstimatesSchema = z.object({
  computedAt: contractDateTimeSchema,
  /** Any exam type: what the board header and the display show when no exam type is chosen. */
  office: waitEstimateSchema,
  /** Every exam type that arrived today, by label. */
  byExamType: z.array(waitEstimateSchema),
});
export type WaitEstimates = z.infer<typeof waitEstimatesSchema>;

/** Step of the estimate as people read it ("~15 min"): finer would promise a precision it does not have. */
export const WAIT_ROUNDING_MINUTES = 5;

/** The estimate as shown and printed: to the nearest 5 minutes, never "~0 min". */
export function roundedWait(minutes: number): number {
  return Math.max(WAIT_ROUNDING_MINUTES, Math.round(minutes / WAIT_ROUNDING_MINUTES) * WAIT_ROUNDING_MINUTES);
}

/** The estimate for one exam type (the office's when the type is unknown or has none). */
export function estimateFor(estimates: WaitEstimates, examType: string | null | undefined): WaitEstimate {
  return estimates.byExamType.find((estimate) => estimate.examType === examType) ?? estimates.office;
}
