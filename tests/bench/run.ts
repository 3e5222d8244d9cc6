import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { line, type Benchmark } from './harness';

/** Runs every `*.bench.ts` beside this file, or only the metrics named on the command line. */
async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const wanted = new Set(process.argv.slice(2));
  const files = readdirSync(here).filter((file) => file.endsWith('.bench.ts')).sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(here, file)).href)) as { benchmarks: Benchmark[] };
    for (const benchmark of module.benchmarks) {
      if (wanted.size > 0 && !wanted.has(benchmark.metric)) continue;
      let value: number;
      try {
        value = await benchmark.run();
      } catch (error) {
        process.stderr.write(`${benchmark.metric}: ${error instanceof Error ? error.message : String(error)}\n`);
        value = Number.NaN;
      }
      process.stdout.write(`${JSON.stringify(line(benchmark, value))}\n`);
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench harness failed: ${String(error)}\n`);
    process.exit(0);
  },
);
