import { localDay } from '../../../../src-shared/day';
import type { DayFigures, FigureRow } from '../../../../src-shared/statistics/figures';

/** One series of a chart and of its table: `labelKey` is a statistics.charts.* message. */
export interface ChartSeries {
  key: string;
  labelKey: string;
  values: (number | null)[];
  color: string;
}

/**
 * Which tickets a chart counts, said under its title (statistics.scopes.chart.*): its neighbours
 * count others, and 13 arrivals beside 10 waits must not look like an error.
 */
export type ChartScope = 'place' | 'called' | 'desk';

/** What a chart and its table view both draw, from the same numbers. */
export interface ChartSpec {
  id: 'arrivalsPerHour' | 'waitsPerHour' | 'waitsPerExamType' | 'throughputPerDesk';
  kind: 'bar' | 'line';
  scope: ChartScope;
  /** statistics.charts.* message naming the first column of the table. */
  categoryKey: string;
  /** Counts, not minutes: the axis has no fractional ticks. */
  counts: boolean;
  labels: string[];
  series: ChartSeries[];
}

// Colours with at least 3:1 contrast on white (WCAG non-text contrast); the table view carries the numbers.
const BLUE = '#1565c0';
const ORANGE = '#c2410c';
const GREEN = '#2e7d32';
const GREY = '#616161';

/** Fewer points make no trend: a line through two points suggests one; bars show them as they are. */
export const MIN_LINE_POINTS = 3;

const oneDecimal = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);
const labelOf = (row: FigureRow, unknown: string) => (row.label === '' ? unknown : row.label);

/** The four charts of the day: arrivals and waits per hour, waits per exam type, throughput per desk. */
export function chartsOf(figures: DayFigures, unknown: string): ChartSpec[] {
  const waits = (rows: FigureRow[]): ChartSeries[] => [
    { key: 'median', labelKey: 'median', values: rows.map((row) => oneDecimal(row.waiting.median)), color: BLUE },
    { key: 'p90', labelKey: 'p90', values: rows.map((row) => oneDecimal(row.waiting.p90)), color: ORANGE },
  ];
  return [
    {
      id: 'arrivalsPerHour',
      kind: 'bar',
      scope: 'place',
      categoryKey: 'hour',
      counts: true,
      labels: figures.byHour.map((row) => row.label),
      series: [{ key: 'arrivals', labelKey: 'arrivals', values: figures.byHour.map((row) => row.arrivals), color: BLUE }],
    },
    {
      id: 'waitsPerHour',
      kind: figures.byHour.length >= MIN_LINE_POINTS ? 'line' : 'bar',
      scope: 'called',
      categoryKey: 'hour',
      counts: false,
      labels: figures.byHour.map((row) => row.label),
      series: waits(figures.byHour),
    },
    {
      id: 'waitsPerExamType',
      kind: 'bar',
      scope: 'called',
      categoryKey: 'examType',
      counts: false,
      labels: figures.byExamType.map((row) => labelOf(row, unknown)),
      series: waits(figures.byExamType),
    },
    {
      id: 'throughputPerDesk',
      kind: 'bar',
      scope: 'desk',
      categoryKey: 'desk',
      counts: true,
      labels: figures.byDesk.map((row) => labelOf(row, unknown)),
      series: [
        { key: 'served', labelKey: 'served', values: figures.byDesk.map((row) => row.served), color: GREEN },
        { key: 'calls', labelKey: 'calls', values: figures.byDesk.map((row) => row.calls), color: BLUE },
        { key: 'absences', labelKey: 'absences', values: figures.byDesk.map((row) => row.absences), color: GREY },
      ],
    },
  ];
}

/** The office place's arrivals against the tickets its desks took: a ticket never called has no desk. */
export interface DeskScope {
  arrivals: number;
  taken: number;
  untaken: number;
}
export function deskScope(figures: Pick<DayFigures, 'total' | 'byDesk'>): DeskScope {
  const taken = figures.byDesk.reduce((sum, row) => sum + row.arrivals, 0);
  return { arrivals: figures.total.arrivals, taken, untaken: Math.max(0, figures.total.arrivals - taken) };
}

/** The days the statistics offer, today first, as `YYYY-MM-DD` on this computer's calendar. */
export function offeredDays(today: Date, count: number): string[] {
  return Array.from({ length: count }, (_, back) => localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - back)));
}
