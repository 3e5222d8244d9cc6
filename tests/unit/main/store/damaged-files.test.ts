import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DurableFile, StartupNotice } from '../../../../src-shared/ipc/contract';
import { BoardSettingsStore } from '../../../../src-main/board/settings-store';
import { Outbox } from '../../../../src-main/board/outbox/outbox';
import { DeskQueueStore } from '../../../../src-main/board/queue-store';
import { DeskJournal } from '../../../../src-main/journal/desk-journal';
import { PrintingSettingsStore } from '../../../../src-main/printing/settings';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { WorkplaceMemory } from '../../../../src-main/staff/workplace-store';
import { salvageEntries } from '../../../../src-main/store/atomic-file';
import { NoticeBoard } from '../../../../src-main/store/notices';
import { SecretStore } from '../../../../src-main/store/secrets';
import { TestKeystore } from '../../../helpers/test-keystore';
import { ticketJob } from '../printing/support';
import { z } from 'zod';

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-damaged-'));
}

function keptNotices(dir: string): StartupNotice[] {
  return JSON.parse(readFileSync(path.join(dir, 'notices.json'), 'utf8')).notices;
}

function auditLines(dir: string): { staff: string; action: string; outcome: string }[] {
  return readFileSync(path.join(dir, 'board-audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** Garbles the entry line holding `marker`, as a torn sector or a bad copy would. */
function garbleLine(file: string, marker: string): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  expect(index).toBeGreaterThan(0);
  lines[index] = lines[index]!.slice(0, 40);
  writeFileSync(file, lines.join('\n'));
}

const noOptions = { training: true, places: new Map(), fallbackName: 'Centre' };

describe('a damaged durable file is never silent', () => {
  it('print queue: keeps every job still readable, counts the lost ticket, tells staff and the audit trail', async () => {
    const dir = folder();
    const queue = await PrintQueue.open(dir);
    for (const number of ['A001', 'A002', 'A003']) await queue.enqueue(ticketJob(number));
    const file = path.join(dir, 'print-queue.json');
    garbleLine(file, '"A002"');

    const reopened = await PrintQueue.open(dir);
    expect(reopened.views(null).map((job) => job.formattedNumber)).toEqual(['A001', 'A003']);
    expect(keptNotices(dir)).toEqual([
      { kind: 'file-damaged', id: expect.any(String), file: 'print-queue.json', keptAs: 'print-queue.json.corrupt', lost: 1, recovered: 2 },
    ]);
    expect(existsSync(path.join(dir, 'print-queue.json.corrupt'))).toBe(true);
    // The salvage is on disk: the next start reads it without a new notice.
    expect(JSON.parse(readFileSync(file, 'utf8')).pending).toHaveLength(2);
    expect(auditLines(dir)).toEqual([
      expect.objectContaining({ staff: 'desk', action: 'fileDamaged', outcome: 'print-queue.json kept as print-queue.json.corrupt; 1 lost, 2 recovered' }),
    ]);
    // Counts and file names only: no ticket of the file in what staff and the trail are told.
    expect(JSON.stringify([keptNotices(dir), auditLines(dir)])).not.toMatch(/A00\d|Radiographie/);
  });

  it('board outbox: keeps the changes still readable and counts the one lost', async () => {
    const dir = folder();
    const outbox = await Outbox.open({ dataDir: dir, deliver: async () => 'retry', retryBaseMs: 60_000 });
    for (const ticketId of ['t1', 't2', 't3']) await outbox.add({ kind: 'publisherStatus', ticketId, appointmentId: `apt-${ticketId}`, status: 'done' });
    await outbox.close();
    garbleLine(path.join(dir, 'board-outbox.json'), '"t3"');

    const reopened = await Outbox.open({ dataDir: dir, deliver: async () => 'retry', retryBaseMs: 60_000 });
    await reopened.close();
    expect(reopened.pending().map((entry) => entry.ticketId)).toEqual(['t1', 't2']);
    expect(keptNotices(dir)).toEqual([expect.objectContaining({ kind: 'file-damaged', file: 'board-outbox.json', lost: 1, recovered: 2 })]);
  });

  const settingsStores: [DurableFile, (dir: string) => Promise<unknown>][] = [
    ['board-settings.json', (dir) => BoardSettingsStore.open(dir)],
    ['printing.json', (dir) => PrintingSettingsStore.open(dir, noOptions)],
    ['workplace.json', (dir) => WorkplaceMemory.open(dir)],
    ['desk-journal.json', (dir) => DeskJournal.open(dir)],
    ['desk-queue.json', (dir) => DeskQueueStore.open(dir)],
  ];
  it.each(settingsStores)('%s: starts on its defaults, keeps the file aside and raises a notice', async (name, open) => {
    const dir = folder();
    writeFileSync(path.join(dir, name), '{"trunc');
    await open(dir);
    expect(readFileSync(path.join(dir, `${name}.corrupt`), 'utf8')).toBe('{"trunc');
    expect(keptNotices(dir)).toEqual([{ kind: 'file-damaged', id: expect.any(String), file: name, keptAs: `${name}.corrupt`, lost: null, recovered: null }]);
    expect(auditLines(dir)).toEqual([expect.objectContaining({ action: 'fileDamaged', outcome: `${name} kept as ${name}.corrupt` })]);
  });

  it('secrets.json: its keys must be entered again, and staff are told so', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'secrets.json'), '{"version": 1, "entr');
    expect(await new SecretStore(path.join(dir, 'secrets.json'), new TestKeystore()).get('lyon', 'accountKey')).toBeNull();
    expect(keptNotices(dir)).toEqual([expect.objectContaining({ kind: 'file-damaged', file: 'secrets.json', keptAs: 'secrets.json.corrupt' })]);
  });

  it('stores opened side by side each leave their notice, kept until acknowledged', async () => {
    const dir = folder();
    for (const name of ['board-settings.json', 'printing.json', 'workplace.json']) writeFileSync(path.join(dir, name), 'x');
    await Promise.all([BoardSettingsStore.open(dir), PrintingSettingsStore.open(dir, noOptions), WorkplaceMemory.open(dir)]);
    const board = await NoticeBoard.open(dir);
    expect(board.list().map((notice) => (notice.kind === 'file-damaged' ? notice.file : notice.kind)).sort()).toEqual([
      'board-settings.json',
      'printing.json',
      'workplace.json',
    ]);
    const [first] = board.list();
    expect(await board.acknowledge(first!.id)).toHaveLength(2);
    expect((await NoticeBoard.open(dir)).list()).toHaveLength(2);
  });

  it('a queue too shredded to count says so rather than "none lost"', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'print-queue.json'), '\u0000\u0000garbage');
    expect((await PrintQueue.open(dir)).pendingCount).toBe(0);
    expect(keptNotices(dir)).toEqual([expect.objectContaining({ file: 'print-queue.json', lost: null, recovered: null })]);
  });

  it('a notice that cannot be written never keeps the desk from starting: the audit trail still tells', async () => {
    const dir = folder();
    mkdirSync(path.join(dir, 'notices.json'));
    writeFileSync(path.join(dir, 'board-settings.json'), 'x');
    expect((await BoardSettingsStore.open(dir)).current()).toBeDefined();
    expect(auditLines(dir)).toEqual([expect.objectContaining({ action: 'fileDamaged', outcome: 'board-settings.json kept as board-settings.json.corrupt' })]);
  });

  it('a damaged notices file is itself told, never silently emptied', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'notices.json'), '[[');
    const board = await NoticeBoard.open(dir);
    expect(board.list()).toEqual([expect.objectContaining({ kind: 'file-damaged', file: 'notices.json', keptAs: 'notices.json.corrupt' })]);
  });

  it('salvage reads none of an older, indented file\'s entries rather than guessing, and counts them from a list seen to its end', () => {
    const schema = z.object({ n: z.number() });
    const older = JSON.stringify({ entries: [{ n: 1 }, { n: 2 }] }, null, 2);
    expect(salvageEntries(older, { entries: schema })).toEqual({ entries: { entries: [] }, held: { entries: 2 } });
    const lines = '{\n  "entries": [\n    {"n":1},\n    {"n":"two"},\n    {"n":3}\n  ]\n}\n';
    expect(salvageEntries(lines, { entries: schema })).toEqual({ entries: { entries: [{ n: 1 }, { n: 3 }] }, held: { entries: 3 } });
    // Cut before the list's end and without the counts a newer desk writes first: how many it held is unknown.
    expect(salvageEntries(lines.slice(0, 40), { entries: schema })).toEqual({ entries: { entries: [{ n: 1 }] }, held: { entries: null } });
  });
});
