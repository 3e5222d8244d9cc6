import type { Benchmark } from './harness';
import { SHORT_DAY } from './soak/plan';
import { soak, soakBenchmarks } from './soak/report';
import type { SoakMetrics } from './soak/verdict';

let measured: Promise<SoakMetrics> | null = null;

/** The miniature day of `npm run soak -- --short`, played once for the four metrics; its table goes to stderr. */
async function shortDay(): Promise<SoakMetrics> {
  // The in-process sandbox's info lines would drown the bench lines.
  process.env.DESK_LOG_LEVEL ??= 'warn';
  const report = await soak(SHORT_DAY, 10 * 60_000, () => undefined);
  process.stderr.write(`${report.table}\n`);
  return report.metrics;
}

export const benchmarks: Benchmark[] = soakBenchmarks(() => (measured ??= shortDay()));
