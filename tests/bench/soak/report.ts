import { line, type Benchmark, type BenchLine } from '../harness';
import { runSoak } from './day';
import type { SoakScale } from './plan';
import { failures, metricsOf, table, type SoakMetrics } from './verdict';

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
  ];
}

export async function soak(scale: SoakScale, timeLimitMs: number, log: (text: string) => void): Promise<SoakReport> {
  const result = await within(timeLimitMs, runSoak(scale, log));
  const metrics = metricsOf(result.rows, result.start, result.end);
  const lines: BenchLine[] = [];
  for (const benchmark of soakBenchmarks(async () => metrics)) lines.push(line(benchmark, await benchmark.run()));
  return { table: table(result.rows), metrics, lines, failed: failures(metrics), refused: result.refused };
}
