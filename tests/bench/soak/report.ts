import { line, type Benchmark, type BenchLine } from '../harness';
import { runSoak } from './day';
import type { SoakScale } from './plan';
import { failures, FLATTEN_TOLERANCE, metricsOf, table, type SoakMetrics } from './verdict';

export interface SoakReport {
  table: string;
  metrics: SoakMetrics;
  lines: BenchLine[];
  failed: string[];
  refused: number;
}

/** Ends a run that hangs: the soak must finish in bounded time, whatever the desks do. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the soak did not end within ${Math.round(ms / 60_000)} min`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function soakBenchmarks(metricsOfRun: () => Promise<SoakMetrics>): Benchmark[] {
  let firstHour = Number.NaN;
  return [
    { metric: 'soak.heap_growth_main_mb', unit: 'MiB', target: { op: '<=', value: 5 }, run: async () => (await metricsOfRun()).heapGrowthMainMb },
    { metric: 'soak.heap_growth_renderer_mb', unit: 'MiB', target: { op: '<=', value: 5 }, run: async () => (await metricsOfRun()).heapGrowthRendererMb },
    {
      metric: 'soak.event_to_dom_p95_last_hour_ms',
      unit: 'ms',
      target: () => ({ op: '<=', value: 1.2 * firstHour }),
      async run() {
        const metrics = await metricsOfRun();
        firstHour = metrics.eventToDomP95FirstHourMs;
        return metrics.eventToDomP95LastHourMs;
      },
    },
    { metric: 'soak.leaked_handles', unit: 'count', target: { op: '<=', value: 0 }, run: async () => (await metricsOfRun()).leakedHandles },
    // Not the issue's: what the day left in memory once its end was played (verdict.ts, JUDGED_NEXT_MORNING).
    { metric: 'soak.heap_left_main_mb', unit: 'MiB', target: { op: '<=', value: FLATTEN_TOLERANCE.mainHeapMb }, run: async () => (await metricsOfRun()).heapLeftMainMb },
    { metric: 'soak.heap_left_renderer_mb', unit: 'MiB', target: { op: '<=', value: FLATTEN_TOLERANCE.rendererHeapMb }, run: async () => (await metricsOfRun()).heapLeftRendererMb },
  ];
}

/**
 * The desks start a new day at local midnight (LiveDay), and the day's patients leave every board then:
 * a run that crosses it cannot finish (a full day started at 23:44 on 29 Nov 2026 stopped at its ninth
 * hour on a probe ticket of the day before). It is refused, with when to run it.
 */
function refuseAcrossMidnight(timeLimitMs: number, now = new Date()): void {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const left = midnight.getTime() - now.getTime();
  if (left >= timeLimitMs) return;
  const minutes = (ms: number) => Math.ceil(ms / 60_000);
  throw new Error(
    `the desks start a new day at midnight, in ${minutes(left)} min, and this run may take ${minutes(timeLimitMs)} min: the day's patients would leave every board on its way. Run it after midnight.`,
  );
}

export async function soak(scale: SoakScale, timeLimitMs: number, log: (text: string) => void): Promise<SoakReport> {
  refuseAcrossMidnight(timeLimitMs);
  const result = await within(timeLimitMs, runSoak(scale, log));
  const metrics = metricsOf(result.rows, result.start, result.end, result.data);
  const lines: BenchLine[] = [];
  for (const benchmark of soakBenchmarks(async () => metrics)) lines.push(line(benchmark, await benchmark.run()));
  const mb = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
  const { start, nextMorning } = result.data;
  const dayEnd = [
    `The next morning (the day's end played, every board on the new day): main's heap ${result.nextMorning.mainHeapMb.toFixed(1)} MB, the renderer's ${result.nextMorning.rendererHeapMb.toFixed(1)} MB.`,
    `Data in the heaps (not compiled code), MB, at the start → the next morning: mains ${mb(start.mains)} → ${mb(nextMorning.mains)}; pages ${mb(start.pages)} → ${mb(nextMorning.pages)}.`,
  ].join('\n');
  return { table: `${table(result.rows)}\n\n${dayEnd}`, metrics, lines, failed: failures(metrics), refused: result.refused };
}
