import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startDesk } from '../../src-main/desk';
import { startPreviewHost } from '../../src-main/web/host';
import { TestKeystore } from '../helpers/test-keystore';
import { FIRST_SCREEN_BUDGET_KIB, firstScreenKiB } from './first-screen';
import { percentile, type Benchmark } from './harness';

function totalBytes(dir: string, extension: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension))
    .reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
}

export const benchmarks: Benchmark[] = [
  {
    // The preview bridge's cost per call (fetch → token check → zod → handler → JSON), loopback.
    metric: 'preview.ipc_roundtrip_p50_ms',
    unit: 'ms',
    target: { op: '<=', value: 5 },
    async run() {
      const desk = await startDesk({ runtime: 'web', dataDir: mkdtempSync(path.join(tmpdir(), 'desk-data-')), keystore: new TestKeystore() });
      const host = await startPreviewHost({ dispatch: desk.dispatch, events: desk.events, rendererDir: 'dist/renderer' });
      const samples: number[] = [];
      try {
        for (let i = 0; i < 600; i += 1) {
          const started = performance.now();
          const response = await fetch(`${host.url}/__desk/ipc/app/info`, {
            method: 'POST',
            headers: { 'X-Desk-Token': host.token, 'Content-Type': 'application/json' },
            body: '{}',
          });
          await response.json();
          if (i >= 100) samples.push(performance.now() - started);
        }
      } finally {
        await host.close();
        await desk.close();
      }
      return percentile(samples, 50);
    },
  },
  {
    // What a desk downloads into memory at start: the whole built renderer's JavaScript.
    metric: 'renderer.js_bundle_kb',
    unit: 'KiB',
    target: null,
    async run() {
      return totalBytes('dist/renderer', '.js') / 1024;
    },
  },
  {
    // What a desk must load before sign-in and the board: the entry, both route chunks, the shown language's
    // texts and their static imports. Statistics, admin, printers, settings and on-demand dialogs load when opened.
    metric: 'renderer.initial_js_kb',
    unit: 'KiB',
    target: { op: '<=', value: FIRST_SCREEN_BUDGET_KIB },
    async run() {
      return firstScreenKiB('dist/renderer');
    },
  },
];
