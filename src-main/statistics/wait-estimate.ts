import type { WaitEstimate, WaitEstimates } from '../../src-shared/statistics/wait-estimate';
import type { TicketFacts } from './figures';

const MINUTE = 60_000;

/**
 * The rule (docs/statistics.md, "Estimated wait"). Chosen on the training week's history
 * (bench `statistics.wait_estimate_mae_min`): a queue-length ÷ call-rate estimate did worse there,
 * because how long a patient waits follows the hour's pace more than the count ahead.
 */
export const WAIT_ESTIMATE_RULE = {
  /** Calls this recent describe how the desks keep up now. */
  windowMinutes: 90,
  /** Fewer first calls of the exam type than this in the window: the office place's waits stand in. */
  examTypeWaits: 5,
  /** Fewer first calls of the office place than this: no estimate ("—"). */
  officeWaits: 3,
} as const;

/** Median (mean of the two middle values for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Sample {
  /** Arrival → first call of the tickets first called in the window. */
  recent: number[];
  /** How long each ticket still waiting has waited so far. */
  waitingSoFar: number[];
}

/**
 * The median of the recent waits, where a patient still waiting for longer than that median counts
 * with the time waited so far: a desk that stops calling raises the estimate at once, instead of
 * an hour later when those patients are finally called.
 */
function estimateOf(sample: Sample): number {
  const recent = median(sample.recent);
  return median([...sample.recent, ...sample.waitingSoFar.filter((waited) => waited > recent)]);
}

/** Estimated waits at `now` from the day's tickets at one office place, per exam type and overall. */
export function estimateWaits(all: readonly TicketFacts[], now: number): WaitEstimates {
  const since = now - WAIT_ESTIMATE_RULE.windowMinutes * MINUTE;
  const office: Sample = { recent: [], waitingSoFar: [] };
  const byType = new Map<string, Sample>();
  for (const facts of all) {
    if (facts.arrival > now) continue;
    const sample = byType.get(facts.examType) ?? { recent: [], waitingSoFar: [] };
    byType.set(facts.examType, sample);
    let wait: number | null = null;
    let waitingSoFar: number | null = null;
    if (facts.firstCall !== null && facts.firstCall > since && facts.firstCall <= now) wait = (facts.firstCall - facts.arrival) / MINUTE;
    else if (facts.waiting) waitingSoFar = (now - facts.arrival) / MINUTE;
    for (const group of [office, sample]) {
      if (wait !== null) group.recent.push(Math.max(0, wait));
      if (waitingSoFar !== null) group.waitingSoFar.push(waitingSoFar);
    }
  }
  const officeEstimate: WaitEstimate =
    office.recent.length >= WAIT_ESTIMATE_RULE.officeWaits
      ? { examType: '', minutes: estimateOf(office), basis: 'office', sample: office.recent.length }
      : { examType: '', minutes: null, basis: null, sample: office.recent.length };
  const byExamType = [...byType]
    .filter(([examType]) => examType !== '')
    .sort(([a], [b]) => a.localeCompare(b, 'fr'))
    .map(([examType, sample]): WaitEstimate =>
      sample.recent.length >= WAIT_ESTIMATE_RULE.examTypeWaits
        ? { examType, minutes: estimateOf(sample), basis: 'examType', sample: sample.recent.length }
        : { ...officeEstimate, examType },
    );
  return { computedAt: new Date(now).toISOString(), office: officeEstimate, byExamType };
}
