import type { PunctualitySettings } from './settings';

export type { PunctualitySettings } from './settings';
export const DEFAULT_PUNCTUALITY: PunctualitySettings = { earlyMinutes: 30, lateMinutes: 10 };

export const PUNCTUALITY_MARKS = ['early', 'onTime', 'late'] as const;
export type PunctualityMark = (typeof PUNCTUALITY_MARKS)[number];

export interface Punctuality {
  mark: PunctualityMark;
  /** Whole minutes between arrival and appointment, either way (what the words say: "4 h avant"). */
  minutes: number;
  /** Arrived before the appointment's time (true even within the on-time margin). */
  before: boolean;
}

const MINUTE_MS = 60_000;

/**
 * An arrival against its appointment, both instants (ms or ISO with offset, so an appointment at
 * 23:50 met at 00:10 the next day is 20 min late, not 23 h 40 early). Exactly at a threshold is
 * still on time: only beyond it is the arrival early or late.
 */
export function punctuality(appointmentAt: number | string, arrivedAt: number | string, settings: PunctualitySettings): Punctuality | null {
  const start = typeof appointmentAt === 'number' ? appointmentAt : Date.parse(appointmentAt);
  const arrival = typeof arrivedAt === 'number' ? arrivedAt : Date.parse(arrivedAt);
  if (!Number.isFinite(start) || !Number.isFinite(arrival)) return null;
  const gap = arrival - start;
  const minutes = Math.floor(Math.abs(gap) / MINUTE_MS);
  const before = gap < 0;
  let mark: PunctualityMark = 'onTime';
  if (-gap > settings.earlyMinutes * MINUTE_MS) mark = 'early';
  else if (gap > settings.lateMinutes * MINUTE_MS) mark = 'late';
  return { mark, minutes, before };
}

/** Hours and minutes of a gap, as staff say it: "25 min", "4 h", "1 h 05". */
export function gapWords(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${String(rest).padStart(2, '0')}`;
}
