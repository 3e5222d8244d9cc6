import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StartupNotice } from '../../../../src-shared/ipc/contract';
import { Outbox } from '../../../../src-main/board/outbox/outbox';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { ticketJob } from '../printing/support';

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-salvage-'));
}

function keptNotices(dir: string): StartupNotice[] {
  const file = path.join(dir, 'notices.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).notices : [];
}

interface Queue {
  file: 'print-queue.json' | 'board-outbox.json';
  /** Queues `count` entries (tickets waiting to print, changes waiting to be sent). */
  fill(dir: string, count: number): Promise<void>;
  /** Opens it again as the desk does at start: how many entries it still holds. */
  reopen(dir: string): Promise<number>;
}

const openOutbox = (dir: string) => Outbox.open({ dataDir: dir, deliver: async () => 'retry', retryBaseMs: 60_000 });

const QUEUES: Queue[] = [
  {
    file: 'print-queue.json',
    fill: async (dir, count) => {
      const queue = await PrintQueue.open(dir);
      for (let index = 1; index <= count; index += 1) await queue.enqueue(ticketJob(`A00${index}`));
    },
    reopen: async (dir) => (await PrintQueue.open(dir)).pendingCount,
  },
  {
    file: 'board-outbox.json',
    fill: async (dir, count) => {
      const outbox = await openOutbox(dir);
      for (let index = 1; index <= count; index += 1) await outbox.add({ kind: 'publisherStatus', ticketId: `t${index}`, appointmentId: `apt-${index}`, status: 'done' });
      await outbox.close();
    },
    reopen: async (dir) => {
      const outbox = await openOutbox(dir);
      await outbox.close();
      return outbox.pending().length;
    },
  },
];

describe('a salvaged queue counts what it lost from what the file held', () => {
  it.each(QUEUES.map((queue) => [queue.file, queue] as const))('%s cut in its second entry: 3 queued, 2 lost, 1 recovered', async (name, queue) => {
    const dir = folder();
    await queue.fill(dir, 3);
    const file = path.join(dir, name);
    const text = readFileSync(file, 'utf8');
    const entryLines = [...text.matchAll(/^ {4}\{/gm)].map((match) => match.index);
    writeFileSync(file, text.slice(0, entryLines[1]! + 20));

    expect(await queue.reopen(dir)).toBe(1);
    expect(keptNotices(dir)).toEqual([{ kind: 'file-damaged', id: expect.any(String), file: name, keptAs: `${name}.corrupt`, lost: 2, recovered: 1 }]);
  });

  it.each(QUEUES.map((queue) => [queue.file, queue] as const))('%s cut anywhere: lost + recovered is what was queued, or the notice says the count is unknown', async (name, queue) => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.nat({ max: 1000 }), async (queued, permille) => {
        const dir = folder();
        await queue.fill(dir, queued);
        const file = path.join(dir, name);
        const text = readFileSync(file, 'utf8');
        const cut = Math.floor((permille / 1000) * text.length);
        writeFileSync(file, text.slice(0, cut));

        const kept = await queue.reopen(dir);
        const notices = keptNotices(dir);
        // Only the final newline cut away leaves a whole file: nothing lost, nothing to tell.
        if (notices.length === 0) {
          expect(kept).toBe(queued);
          return;
        }
        const countsSurvived = /^ {2}"entryCounts": \{.*\}/m.test(text.slice(0, cut));
        expect(notices).toEqual([
          expect.objectContaining({ kind: 'file-damaged', file: name, lost: countsSurvived ? queued - kept : null, recovered: countsSurvived || kept > 0 ? kept : null }),
        ]);
      }),
      { numRuns: 25 },
    );
  });
});
