import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../src-main/board/outbox/entries';
import { Outbox, type Delivery } from '../../../../src-main/board/outbox/outbox';
import { until } from '../../../helpers/until';

const status = (ticketId: string, value: 'inCare' | 'done') => ({ kind: 'publisherStatus' as const, ticketId, appointmentId: `apt-${ticketId}`, status: value });

describe('board outbox (real files)', () => {
  it('keeps one ticket in order while another goes on, and drops what is refused', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const delivered: string[] = [];
    const settled: string[] = [];
    let ticketADown = true;
    const outbox = await Outbox.open({
      dataDir,
      retryBaseMs: 10,
      retryMaxMs: 20,
      deliver: async (entry: OutboxEntry): Promise<Delivery> => {
        if (entry.ticketId === 'a' && ticketADown) return 'retry';
        if (entry.ticketId === 'c') return 'impossible';
        delivered.push(`${entry.ticketId}:${entry.kind === 'publisherStatus' ? entry.status : entry.kind}`);
        return 'done';
      },
      settled: (entry, how) => settled.push(`${entry.ticketId}:${how}`),
    });
    await outbox.add(status('a', 'inCare'));
    await outbox.add(status('a', 'done'));
    await outbox.add(status('b', 'done'));
    await outbox.add(status('c', 'done'));
    await until(() => settled.length === 2);
    expect(delivered).toEqual(['b:done']);
    expect(settled).toEqual(['b:done', 'c:impossible']);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'board-outbox.json'), 'utf8')).entries.map((entry: OutboxEntry) => entry.ticketId)).toEqual(['a', 'a']);
    ticketADown = false;
    await until(() => settled.length === 4);
    expect(delivered).toEqual(['b:done', 'a:inCare', 'a:done']);
    await outbox.close();
    expect(JSON.parse(readFileSync(path.join(dataDir, 'board-outbox.json'), 'utf8')).entries).toEqual([]);
  });

  it('what was on disk at a kill is delivered after the restart, once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const first = await Outbox.open({ dataDir, deliver: async () => 'retry', retryBaseMs: 1_000 });
    await first.add(status('a', 'done'));
    await first.close();
    const delivered: string[] = [];
    const second = await Outbox.open({
      dataDir,
      deliver: async (entry) => {
        delivered.push(entry.ticketId);
        return 'done';
      },
    });
    expect(second.pending()).toHaveLength(1);
    second.kick();
    await until(() => second.pending().length === 0);
    await second.idle();
    expect(delivered).toEqual(['a']);
    await second.close();
  });
});
