import { createHash } from 'node:crypto';
import { appendFile, mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../log';
import { asideName, replaceFile, serialisedWrite } from './atomic-file';

const log = logger('audit');

/** The name predates the trail's move out of the board: existing desks keep their file. */
export const AUDIT_FILE = 'board-audit.jsonl';

/** What the first entry of a trail carries as its predecessor's hash: there is none. */
export const CHAIN_START = '0'.repeat(64);

export type AuditAction =
  | 'call'
  | 'recall'
  | 'inCare'
  | 'done'
  | 'closed'
  | 'chooseWorkplace'
  | 'lock'
  | 'unlock'
  | 'transfer'
  | 'absent'
  | 'dismissAbsent'
  | 'deskState'
  | 'queue'
  /** Wrong passwords in a row made the next try wait (sign-in or the lock screen). */
  | 'passwordWait'
  /** A durable file was kept aside at start (staff `desk`, outcome names the file and counts). */
  | 'fileDamaged'
  /** A window's page crashed or hung (staff `desk`): reloaded onto its screen, or stopped after repeated crashes. */
  | 'rendererGone'
  /** The trail's chain breaks at `lines` (staff `desk`): told once, so later starts do not tell it again. */
  | 'trailAltered';

export interface AuditRecord {
  /** Staff member's display name, as the publisher gave it at sign-in; `desk` for what the desk itself found. */
  staff: string;
  action: AuditAction;
  ticket?: string;
  outcome: string;
  /** `trailAltered` only: the lines of this file where the chain breaks. */
  lines?: number[];
}

/** A line as read back: what the checks below hold of it. */
interface ReadEntry {
  action: string;
  lines?: number[];
  prev?: string;
}

export interface AuditCheck {
  /** The trail could not be read from `line` on (1-based): that part was moved to `keptAs` (full path). */
  damage: { line: number; keptAs: string; reason: string } | null;
  /** Lines whose link to the entry before does not hold (changed, removed or inserted entries), not told before. */
  breaks: number[];
}

export function hashOf(line: string): string {
  return createHash('sha256').update(line, 'utf8').digest('hex');
}

/**
 * The desk's append-only audit trail (`board-audit.jsonl` in the data folder): who did
 * what to which ticket number, when, and how it ended. No patient name. Each entry
 * carries the sha-256 of the line before it (`prev`), so an entry changed, removed or
 * inserted afterwards breaks the chain where it was; `check` finds those breaks and
 * keeps an unreadable part aside at start. Entries land in call order across every
 * instance on the same folder; a failed write is logged, never blocks the desk.
 */
export class AuditTrail {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, AUDIT_FILE);
  }

  record(entry: AuditRecord): Promise<void> {
    return serialisedWrite(this.file, async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      // Chained to the line on disk, not to one remembered: another instance may have written since.
      const last = await lastLine(this.file);
      const line = JSON.stringify({ at: new Date().toISOString(), ...entry, prev: last.text === null ? CHAIN_START : hashOf(last.text) });
      // A last line cut before its newline must not swallow this one.
      await appendFile(this.file, `${last.ended ? '' : '\n'}${line}\n`, { encoding: 'utf8', mode: 0o600 });
    }).catch((error: unknown) => log.error('audit line not written', { error: error instanceof Error ? error.name : 'unknown' }));
  }

  /**
   * Reads the whole trail (at start, before anything is recorded): the part from the first
   * unreadable line on is kept aside and the readable lines before it stay, so new entries
   * are readable and chain on; the chain's breaks are listed, those already told left out.
   */
  check(): Promise<AuditCheck> {
    let found: AuditCheck = { damage: null, breaks: [] };
    return serialisedWrite(this.file, async () => {
      found = await this.verify();
    }).then(() => found);
  }

  private async verify(): Promise<AuditCheck> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { damage: null, breaks: [] };
      throw error;
    }
    const breaks: number[] = [];
    const told = new Set<number>();
    let previous: string | null = null;
    let chained = false;
    let offset = 0;
    const lines = text.split('\n');
    for (const [index, line] of lines.entries()) {
      const next = offset + line.length + 1;
      // Blank lines carry nothing and are not links of the chain.
      if (line.trim() === '') {
        offset = next;
        continue;
      }
      const entry = readEntry(line);
      if (typeof entry === 'string') return { damage: { line: index + 1, reason: entry, keptAs: await this.keepAside(text, offset) }, breaks: untold(breaks, told) };
      if (entry.prev !== undefined) {
        if (entry.prev !== (previous === null ? CHAIN_START : hashOf(previous))) breaks.push(index + 1);
        chained = true;
      } else if (chained) {
        // Lines without a hash are older than the chain: one after it started stands where an entry was replaced.
        breaks.push(index + 1);
      }
      if (entry.action === 'trailAltered') for (const reported of entry.lines ?? []) told.add(reported);
      previous = line;
      offset = next;
    }
    return { damage: null, breaks: untold(breaks, told) };
  }

  /** The damaged part first, then the trail cut before it: a crash in between duplicates, never loses. */
  private async keepAside(text: string, from: number): Promise<string> {
    const target = await asideName(this.file);
    await writeFile(target, text.slice(from), { encoding: 'utf8', mode: 0o600, flag: 'wx' });
    await replaceFile(this.file, text.slice(0, from));
    return target;
  }
}

function untold(breaks: number[], told: Set<number>): number[] {
  return breaks.filter((line) => !told.has(line));
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * The entry, or why the line is not one (never the line itself: it may hold anything).
 * Liberal: a newer desk's actions and extra fields are entries too, and lines written
 * before the chain existed carry no `prev`. Checked by hand, not by a schema: a year's
 * trail is read at every start, and this keeps that read well under a second.
 */
function readEntry(line: string): ReadEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an entry';
  const entry = value as Record<string, unknown>;
  const texts = ['at', 'staff', 'action', 'outcome'].every((key) => typeof entry[key] === 'string');
  const ticket = entry.ticket === undefined || typeof entry.ticket === 'string';
  const prev = entry.prev === undefined || (typeof entry.prev === 'string' && HASH.test(entry.prev));
  const lines = entry.lines === undefined || (Array.isArray(entry.lines) && entry.lines.every((line) => Number.isInteger(line) && line > 0));
  return texts && ticket && prev && lines ? (entry as unknown as ReadEntry) : 'unexpected content';
}

const TAIL_CHUNK = 4096;

/** The file's last non-blank line, read from its end; `ended`: the file ends with a newline (or is empty). */
async function lastLine(file: string): Promise<{ text: string | null; ended: boolean }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { text: null, ended: true };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let tail = Buffer.alloc(0);
    let position = size;
    // A newline byte is never inside a UTF-8 character: cutting the chunks anywhere is safe.
    while (position > 0) {
      const length = Math.min(TAIL_CHUNK, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, position);
      tail = Buffer.concat([chunk, tail]);
      if (tail.toString('utf8').trimEnd().includes('\n')) break;
    }
    const text = tail.toString('utf8');
    const last = text.split('\n').findLast((line) => line.trim() !== '') ?? null;
    return { text: last, ended: size === 0 || text.endsWith('\n') };
  } finally {
    await handle.close();
  }
}
