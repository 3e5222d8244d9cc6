import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AuditTrail, CHAIN_START, hashOf } from '../../src-main/store/audit-trail';
import { percentile, type Benchmark } from './harness';

/** A chained trail of `count` staff actions, as a desk writes it. */
function trail(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-audit-bench-'));
  const lines: string[] = [];
  let prev = CHAIN_START;
  for (let index = 0; index < count; index += 1) {
    const line = JSON.stringify({ at: new Date(1_790_000_000_000 + index * 60_000).toISOString(), staff: 'Élodie Mercier', action: 'call', ticket: `I${index % 1000}`, outcome: 'done', prev });
    lines.push(line);
    prev = hashOf(line);
  }
  writeFileSync(path.join(dir, 'board-audit.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

export const benchmarks: Benchmark[] = [
  {
    // The trail is read whole at every start (damage and the hash chain): its cost grows with the file.
    metric: 'audit.check_100k_lines_ms',
    unit: 'ms',
    target: { op: '<=', value: 1500 },
    async run() {
      const audit = new AuditTrail(trail(100_000));
      const samples: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        const found = await audit.check();
        samples.push(performance.now() - started);
        if (found.damage || found.breaks.length > 0) throw new Error('the bench trail should be whole');
      }
      return percentile(samples, 50);
    },
  },
];
