/**
 * `npm run bench`: one JSON line per metric, `{"metric","value","unit","target","ok"}`.
 * A benchmark measures and reports; it never fails the build, so a missed target
 * shows as `"ok": false` and the process still exits 0.
 */
export interface Target {
  op: '<=' | '<' | '>=' | '>';
  value: number;
}

export interface Benchmark {
  metric: string;
  unit: string;
  /** A function when the target depends on another figure of the same run (read after `run`). */
  target: Target | null | (() => Target | null);
  run(): Promise<number>;
}

export interface BenchLine {
  metric: string;
  value: number;
  unit: string;
  target: string;
  ok: boolean;
}

export function meets(value: number, target: Target | null): boolean {
  if (!target) return true;
  switch (target.op) {
    case '<=':
      return value <= target.value;
    case '<':
      return value < target.value;
    case '>=':
      return value >= target.value;
    case '>':
      return value > target.value;
  }
}

export function line(benchmark: Benchmark, value: number): BenchLine {
  const target = typeof benchmark.target === 'function' ? benchmark.target() : benchmark.target;
  return {
    metric: benchmark.metric,
    value: Math.round(value * 1000) / 1000,
    unit: benchmark.unit,
    target: target ? `${target.op} ${Math.round(target.value * 1000) / 1000}` : 'report only',
    ok: Number.isFinite(value) && (target === null || Number.isFinite(target.value)) && meets(value, target),
  };
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
