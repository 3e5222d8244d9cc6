import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StartupNotice } from '../../../../src-shared/ipc/contract';
import { checkAuditTrail } from '../../../../src-main/store/audit-check';
import { AuditTrail, CHAIN_START, hashOf } from '../../../../src-main/store/audit-trail';

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-audit-'));
}

const trailFile = (dir: string) => path.join(dir, 'board-audit.jsonl');

function lines(dir: string): string[] {
  return readFileSync(trailFile(dir), 'utf8').split('\n').filter((line) => line !== '');
}

function entries(dir: string): { action: string; ticket?: string; outcome: string; prev?: string; lines?: number[] }[] {
  return lines(dir).map((line) => JSON.parse(line));
}

function keptNotices(dir: string): StartupNotice[] {
  const file = path.join(dir, 'notices.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).notices : [];
}

/** Five calls by one receptionist, as the board records them. */
async function fiveCalls(dir: string): Promise<AuditTrail> {
  const trail = new AuditTrail(dir);
  for (const ticket of ['A001', 'A002', 'A003', 'A004', 'A005']) await trail.record({ staff: 'Élodie Mercier', action: 'call', ticket, outcome: 'done' });
  return trail;
}

function rewriteLine(dir: string, index: number, change: (line: string) => string | null): void {
  const all = lines(dir);
  const changed = change(all[index]!);
  if (changed === null) all.splice(index, 1);
  else all[index] = changed;
  writeFileSync(trailFile(dir), `${all.join('\n')}\n`);
}

/** The chain as a reader would check it by hand: each line's `prev` is the sha-256 of the line before. */
function chainHolds(dir: string): boolean {
  const all = lines(dir);
  return all.every((line, index) => JSON.parse(line).prev === (index === 0 ? CHAIN_START : hashOf(all[index - 1]!)));
}

describe('the audit trail', () => {
  it('chains every entry to the one before with its sha-256, across instances on the same folder', async () => {
    const dir = folder();
    await fiveCalls(dir);
    await new AuditTrail(dir).record({ staff: 'desk', action: 'lock', outcome: 'done' });
    expect(entries(dir).map((entry) => entry.ticket ?? entry.action)).toEqual(['A001', 'A002', 'A003', 'A004', 'A005', 'lock']);
    expect(chainHolds(dir)).toBe(true);
    expect(await new AuditTrail(dir).check()).toEqual({ damage: null, breaks: [] });
  });

  it('damaged: staff are told from which line, that part is kept aside, and new entries are readable and chained', async () => {
    const dir = folder();
    await fiveCalls(dir);
    // A torn write, then garbage with no newline: what the next entry used to be glued to.
    appendFileSync(trailFile(dir), '{"at":"2026-11-23T09:00:00Z","sta\u0000\u0000garbage');

    await checkAuditTrail(dir);
    await new AuditTrail(dir).record({ staff: 'Élodie Mercier', action: 'unlock', outcome: 'done' });

    expect(keptNotices(dir)).toEqual([{ kind: 'audit-damaged', id: expect.any(String), keptAs: 'board-audit.jsonl.corrupt', line: 6 }]);
    expect(readFileSync(path.join(dir, 'board-audit.jsonl.corrupt'), 'utf8')).toBe('{"at":"2026-11-23T09:00:00Z","sta\u0000\u0000garbage');
    expect(entries(dir).map((entry) => [entry.ticket ?? null, entry.action])).toEqual([
      ['A001', 'call'],
      ['A002', 'call'],
      ['A003', 'call'],
      ['A004', 'call'],
      ['A005', 'call'],
      [null, 'fileDamaged'],
      [null, 'unlock'],
    ]);
    expect(entries(dir)[5]!.outcome).toBe('board-audit.jsonl from line 6 kept as board-audit.jsonl.corrupt');
    expect(chainHolds(dir)).toBe(true);
    // Told once: the damaged part is no longer in the trail.
    await checkAuditTrail(dir);
    expect(keptNotices(dir)).toHaveLength(1);
  });

  it('an entry whose newline was cut off is kept, and the next one starts on its own line', async () => {
    const dir = folder();
    await fiveCalls(dir);
    writeFileSync(trailFile(dir), readFileSync(trailFile(dir), 'utf8').trimEnd());

    await checkAuditTrail(dir);
    await new AuditTrail(dir).record({ staff: 'Élodie Mercier', action: 'lock', outcome: 'done' });

    expect(keptNotices(dir)).toEqual([]);
    expect(entries(dir).map((entry) => entry.ticket ?? entry.action)).toEqual(['A001', 'A002', 'A003', 'A004', 'A005', 'lock']);
    expect(chainHolds(dir)).toBe(true);
  });

  it('a line of valid JSON but not an entry is damage too, with every line after it kept aside', async () => {
    const dir = folder();
    await fiveCalls(dir);
    rewriteLine(dir, 2, () => '{"hello":"world"}');

    await checkAuditTrail(dir);

    expect(keptNotices(dir)).toEqual([expect.objectContaining({ kind: 'audit-damaged', line: 3 })]);
    expect(readFileSync(path.join(dir, 'board-audit.jsonl.corrupt'), 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
    expect(entries(dir).map((entry) => entry.ticket ?? entry.action)).toEqual(['A001', 'A002', 'fileDamaged']);
  });

  it('tampered: an entry changed afterwards is told with the line where the chain breaks, once, and the file is left as it is', async () => {
    const dir = folder();
    await fiveCalls(dir);
    rewriteLine(dir, 2, (line) => line.replace('"outcome":"done"', '"outcome":"refused"'));
    const tampered = readFileSync(trailFile(dir), 'utf8');

    await checkAuditTrail(dir);

    // Line 3 was changed: line 4 no longer follows it.
    expect(keptNotices(dir)).toEqual([{ kind: 'audit-altered', id: expect.any(String), line: 4, others: 0 }]);
    expect(readFileSync(trailFile(dir), 'utf8').startsWith(tampered)).toBe(true);
    expect(entries(dir).at(-1)).toMatchObject({ action: 'trailAltered', lines: [4] });
    // Counts and line numbers only: no staff name nor ticket in what staff are told.
    expect(JSON.stringify(keptNotices(dir))).not.toMatch(/Élodie|A00\d/);

    await checkAuditTrail(dir);
    expect(keptNotices(dir)).toHaveLength(1);
  });

  it('tampered: a removed entry and an entry added without its hash are both told', async () => {
    const dir = folder();
    await fiveCalls(dir);
    rewriteLine(dir, 1, () => null);
    rewriteLine(dir, 3, () => JSON.stringify({ at: '2026-11-23T09:00:00Z', staff: 'Élodie Mercier', action: 'call', ticket: 'A099', outcome: 'done' }));

    await checkAuditTrail(dir);

    expect(keptNotices(dir)).toEqual([expect.objectContaining({ kind: 'audit-altered', line: 2, others: 1 })]);
    expect(entries(dir).at(-1)).toMatchObject({ action: 'trailAltered', lines: [2, 4] });
  });

  it('reads an older trail without hashes: the chain starts at its first hashed line', async () => {
    const dir = folder();
    const legacy = ['A001', 'A002'].map((ticket) => JSON.stringify({ at: '2026-11-23T09:00:00.000Z', staff: 'Élodie Mercier', action: 'call', ticket, outcome: 'done' }));
    writeFileSync(trailFile(dir), `${legacy.join('\n')}\n`);

    await checkAuditTrail(dir);
    await new AuditTrail(dir).record({ staff: 'Élodie Mercier', action: 'call', ticket: 'A003', outcome: 'done' });

    expect(keptNotices(dir)).toEqual([]);
    expect(entries(dir).map((entry) => entry.prev ?? null)).toEqual([null, null, hashOf(legacy[1]!)]);
    expect(await new AuditTrail(dir).check()).toEqual({ damage: null, breaks: [] });
  });
});
