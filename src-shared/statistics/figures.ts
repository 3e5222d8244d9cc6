import { z } from 'zod';
import { contractDateSchema, contractDateTimeSchema } from '../publisher/schemas';

/**
 * The day in figures, as main computes them (src-main/statistics/figures.ts) and the
 * renderer draws them. Every definition is in docs/statistics.md; durations are minutes.
 */

/** Days the statistics offer, today included: what the training platform keeps (a week). */
export const STATISTICS_DAYS = 7;

/** Median, 90th percentile and maximum of a set of durations; null when the set is empty. */
export const durationFiguresSchema = z.object({
  count: z.number().int().nonnegative(),
  median: z.number().nonnegative().nullable(),
  p90: z.number().nonnegative().nullable(),
  max: z.number().nonnegative().nullable(),
});
export type DurationFigures = z.infer<typeof durationFiguresSchema>;

/** One line of figures: the day, or one office place, desk, exam type or hour of it. */
export const figureRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Tickets of the group: arrivals (for a desk: the tickets it took, see docs/statistics.md). */
  arrivals: z.number().int().nonnegative(),
  /** Arrival → first call, called tickets only. */
  waiting: durationFiguresSchema,
  /** In care → done. */
  service: durationFiguresSchema,
  calls: z.number().int().nonnegative(),
  /** Calls per called ticket (recalls included); null when none was called. */
  callsPerTicket: z.number().nonnegative().nullable(),
  absences: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
  transferred: z.number().int().nonnegative(),
  /** Tickets that reached care. */
  served: z.number().int().nonnegative(),
  /** Never called and still in the queue (on a finished day: left without being called). */
  stillWaiting: z.number().int().nonnegative(),
  /** Share (0–1) of called tickets called within the amber / red threshold; null when none was called. */
  withinAmber: z.number().min(0).max(1).nullable(),
  withinRed: z.number().min(0).max(1).nullable(),
});
export type FigureRow = z.infer<typeof figureRowSchema>;

/** The desk's three live figures (board header): only meaningful while the day runs. */
export const liveFiguresSchema = z.object({
  waitingNow: z.number().int().nonnegative(),
  /** Mean wait of the tickets first called during the last hour; null when none. */
  averageWaitLastHour: z.number().nonnegative().nullable(),
  /** Longest current wait of a ticket never called; null when nobody waits. */
  longestWaitNow: z.number().nonnegative().nullable(),
});
export type LiveFigures = z.infer<typeof liveFiguresSchema>;

export const dayFiguresSchema = z.object({
  day: contractDateSchema,
  /** Null: every office place of the licence. */
  officePlaceId: z.number().int().nullable(),
  computedAt: contractDateTimeSchema,
  /** The day is today: figures move, `live` holds. */
  today: z.boolean(),
  /** False when the platform offers no day list (a desk extension): no figures at all. */
  dayListOffered: z.boolean(),
  /** False when the platform gives no ticket history (waits then use the last call only, no service time). */
  historyAvailable: z.boolean(),
  thresholds: z.object({ amberMinutes: z.number().int(), redMinutes: z.number().int() }),
  total: figureRowSchema,
  byPlace: z.array(figureRowSchema),
  byDesk: z.array(figureRowSchema),
  byExamType: z.array(figureRowSchema),
  /** One row per hour (key `07`…), from the first to the last hour with an arrival, empty hours included. */
  byHour: z.array(figureRowSchema),
  live: liveFiguresSchema,
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

/** Figures of the staff member's office place (the one the sign-in granted): only the day is chosen. */
export const dayFiguresRequestSchema = z.object({
  /** Absent: the platform's today. */
  day: contractDateSchema.optional(),
});
export type DayFiguresRequest = z.infer<typeof dayFiguresRequestSchema>;

export const csvExportRequestSchema = dayFiguresRequestSchema.extend({
  /** Patient names are left out unless the user asks for them (the renderer warns first). */
  includeNames: z.boolean(),
  /** The user's language: headings, words, separators and decimals of the file; French when absent. */
  language: z.enum(['fr', 'en']).optional(),
});
export type CsvExportRequest = z.infer<typeof csvExportRequestSchema>;
export type CsvLanguage = NonNullable<CsvExportRequest['language']>;
export const csvExportSchema = z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int().nonnegative() });
export type CsvExport = z.infer<typeof csvExportSchema>;
