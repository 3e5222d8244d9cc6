/** What the soak records at the end of each simulated hour, all desks and pages together, after GC. */
export interface HourRow {
  hour: number;
  /** The largest main-process heap of the four desks. */
  mainHeapMb: number;
  /** The largest renderer heap of the pages (four desks and the display). */
  rendererHeapMb: number;
  /** Live handles other than timers in the desks' main processes. */
  handles: number;
  /** Timers in the main processes and in the pages. */
  timers: number;
  /** JavaScript event listeners in the pages. */
  listeners: number;
  /** Event streams the pages hold open. */
  sse: number;
  domNodes: number;
  /** A platform event until the probe desk's row shows it, 95th percentile of the hour. */
  eventToDomP95Ms: number;
}

export type Counts = Pick<HourRow, 'handles' | 'timers' | 'listeners' | 'sse' | 'domNodes'>;

/** MB of data (not compiled code) in each desk's main and each page (the desks', then the display's). */
export interface HeapData {
  mains: number[];
  pages: number[];
}

/** The most any one process holds more in `after` than in `before`. */
function mostLeft(before: number[], after: number[]): number {
  return Math.max(...after.map((value, index) => value - before[index]!));
}

const COLUMNS: [keyof HourRow, string, number][] = [
  ['hour', 'hour', 0],
  ['mainHeapMb', 'main MB', 1],
  ['rendererHeapMb', 'renderer MB', 1],
  ['handles', 'handles', 0],
  ['timers', 'timers', 0],
  ['listeners', 'listeners', 0],
  ['sse', 'SSE', 0],
  ['domNodes', 'DOM nodes', 0],
  ['eventToDomP95Ms', 'event→screen p95 ms', 1],
];

/** The hour-by-hour table as Markdown (docs/performance.md keeps it). */
export function table(rows: HourRow[], firstHour = 7): string {
  const head = `| ${COLUMNS.map(([, title]) => title).join(' | ')} |`;
  const rule = `|${COLUMNS.map(() => '---:').join('|')}|`;
  const body = rows.map(
    (row) => `| ${COLUMNS.map(([key, , digits]) => (key === 'hour' ? `${firstHour + row.hour}h` : row[key].toFixed(digits))).join(' | ')} |`,
  );
  return [head, rule, ...body].join('\n');
}

export function leaked(start: Counts, end: Counts): number {
  return end.handles - start.handles + (end.timers - start.timers) + (end.listeners - start.listeners) + (end.sse - start.sse) + (end.domNodes - start.domNodes);
}

/**
 * A series that grows without flattening. Hourly readings are taken mid-activity, so a reading's
 * peaks are work in flight (a request, a transition); a leak raises the floor. The day is cut in
 * thirds and each third read at its least: it keeps growing when the last third's floor is above
 * both earlier floors by more than `tolerance` and by more than half of what the middle grew over
 * the first (a leak grows as much in the afternoon as in the morning; a cache filling up slows down;
 * a middle that dipped below the morning is noise, not a new start).
 */
export function keepsGrowing(values: number[], tolerance: number): boolean {
  if (values.length < 3) return false;
  const third = Math.floor(values.length / 3);
  const floor = (part: number[]) => Math.min(...part);
  const first = floor(values.slice(0, third));
  const middle = floor(values.slice(third, 2 * third));
  const last = floor(values.slice(2 * third));
  const early = middle - first;
  const late = last - Math.max(first, middle);
  return late > tolerance && late > 0.5 * Math.max(0, early);
}

/** How much a series may still move in the afternoon without being a leak. */
export const FLATTEN_TOLERANCE: Record<Exclude<keyof HourRow, 'hour' | 'eventToDomP95Ms'>, number> = {
  mainHeapMb: 1,
  rendererHeapMb: 1,
  handles: 2,
  timers: 4,
  listeners: 50,
  sse: 0,
  domNodes: 300,
};

export interface SoakMetrics {
  heapGrowthMainMb: number;
  heapGrowthRendererMb: number;
  /** Data in a heap the next morning (the day's end played) minus at the start, the most of any process: what the day left behind. */
  heapLeftMainMb: number;
  heapLeftRendererMb: number;
  eventToDomP95FirstHourMs: number;
  eventToDomP95LastHourMs: number;
  leakedHandles: number;
  /** Series that never flattened, by column. */
  growing: (keyof typeof FLATTEN_TOLERANCE)[];
}

/**
 * The heaps hold the day's patients until the day ends, and the soak's arrivals come at one pace all
 * day: their floors cannot flatten before the evening, leak or not. They are judged by the next
 * morning instead (the data the day left once its tickets went); every other series by its hours.
 */
function heapLeft(metrics: Pick<SoakMetrics, 'heapLeftMainMb' | 'heapLeftRendererMb'>): Partial<Record<keyof HourRow, number>> {
  return { mainHeapMb: metrics.heapLeftMainMb, rendererHeapMb: metrics.heapLeftRendererMb };
}

export function metricsOf(rows: HourRow[], start: Counts, end: Counts, data: { start: HeapData; nextMorning: HeapData }): SoakMetrics {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const heapLeftMainMb = mostLeft(data.start.mains, data.nextMorning.mains);
  const heapLeftRendererMb = mostLeft(data.start.pages, data.nextMorning.pages);
  const left = heapLeft({ heapLeftMainMb, heapLeftRendererMb });
  const growing = (Object.keys(FLATTEN_TOLERANCE) as (keyof typeof FLATTEN_TOLERANCE)[]).filter((key) =>
    left[key] !== undefined ? left[key] > FLATTEN_TOLERANCE[key] : keepsGrowing(
      rows.map((row) => row[key]),
      FLATTEN_TOLERANCE[key],
    ),
  );
  return {
    heapGrowthMainMb: last.mainHeapMb - first.mainHeapMb,
    heapGrowthRendererMb: last.rendererHeapMb - first.rendererHeapMb,
    heapLeftMainMb,
    heapLeftRendererMb,
    eventToDomP95FirstHourMs: first.eventToDomP95Ms,
    eventToDomP95LastHourMs: last.eventToDomP95Ms,
    leakedHandles: leaked(start, end),
    growing,
  };
}

/** The acceptance of issue 26 (soak): what makes `npm run soak` exit non-zero. */
export function failures(metrics: SoakMetrics): string[] {
  const failed: string[] = [];
  if (!(metrics.heapGrowthMainMb <= 5)) failed.push(`main heap grew ${metrics.heapGrowthMainMb.toFixed(1)} MB (≤ 5)`);
  if (!(metrics.heapGrowthRendererMb <= 5)) failed.push(`renderer heap grew ${metrics.heapGrowthRendererMb.toFixed(1)} MB (≤ 5)`);
  if (!(metrics.eventToDomP95LastHourMs <= 1.2 * metrics.eventToDomP95FirstHourMs)) {
    failed.push(`event→screen p95 ${metrics.eventToDomP95LastHourMs.toFixed(1)} ms in the last hour (≤ 1.2 × ${metrics.eventToDomP95FirstHourMs.toFixed(1)})`);
  }
  if (metrics.leakedHandles > 0) failed.push(`${metrics.leakedHandles} timers, listeners, sockets or DOM nodes more at the end than at the start`);
  const left = heapLeft(metrics);
  for (const column of metrics.growing) {
    const more = left[column];
    if (more !== undefined) failed.push(`${column}: ${more.toFixed(1)} MB more data than at the start once the day was over (≤ ${FLATTEN_TOLERANCE[column]})`);
    else failed.push(`${column} keeps growing in the afternoon`);
  }
  return failed;
}
