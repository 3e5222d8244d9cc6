import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export type ReadOutcome<T> =
  | { status: 'ok'; value: T }
  | { status: 'missing' }
  /** The file could not be read as expected; it was moved aside to `keptAs`, never deleted. */
  | { status: 'corrupt'; keptAs: string; reason: string };

/**
 * Writes of one file, in the order they were asked, across every instance in this
 * process: two saves at the same moment (a double click on Save) must not race on
 * the rename, or one fails and the file may be left behind by an older value.
 */
const writeQueues = new Map<string, Promise<void>>();

export function serialisedWrite(file: string, write: () => Promise<void>): Promise<void> {
  const key = path.resolve(file);
  const done = (writeQueues.get(key) ?? Promise.resolve()).then(write, write);
  const settled = done.then(
    () => undefined,
    () => undefined,
  );
  writeQueues.set(key, settled);
  void settled.then(() => {
    if (writeQueues.get(key) === settled) writeQueues.delete(key);
  });
  return done;
}

/**
 * A JSON file that is never half-written: each write goes to a temporary file in the
 * same folder, is flushed to disk, then renamed over the old one (and the folder is
 * flushed so the rename survives a power cut); writes of one file are serialised and
 * every temporary name is unique. A file that cannot be parsed or validated is moved
 * aside as `<name>.corrupt` and reported, never silently reset.
 */
export class AtomicJsonFile<S extends z.ZodType> {
  /**
   * `entryLists`: top-level arrays written one entry per line (still plain JSON), so a
   * damaged file can be salvaged entry by entry (`salvageEntries`).
   */
  constructor(
    readonly file: string,
    private readonly schema: S,
    private readonly entryLists: readonly string[] = [],
  ) {}

  async read(): Promise<ReadOutcome<z.output<S>>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      throw error;
    }
    let reason: string;
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (parsed.success) return { status: 'ok', value: parsed.data };
      reason = `unexpected content at ${[...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))].join(', ')}`;
    } catch {
      reason = 'not valid JSON';
    }
    return { status: 'corrupt', keptAs: await this.keepAside(), reason };
  }

  /** Resolves once this value is on disk; saves of the same file land in call order. */
  async write(value: z.input<S>): Promise<void> {
    const checked = this.schema.parse(value);
    const text = this.entryLists.length > 0 ? entryPerLine(checked, this.entryLists) : `${JSON.stringify(checked, null, 2)}\n`;
    return serialisedWrite(this.file, () => replaceFile(this.file, text));
  }

  private async keepAside(): Promise<string> {
    const target = await asideName(this.file);
    await rename(this.file, target);
    return target;
  }
}

/**
 * Replaces a file's whole text, never leaving it half-written: a temporary file in the
 * same folder, flushed, renamed over the old one, and the folder flushed so the rename
 * survives a power cut. Not serialised: callers go through `serialisedWrite`.
 */
export async function replaceFile(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  // Unique whatever the clock says: two writers never share a temporary file.
  const temp = path.join(dir, `.${path.basename(file)}.${randomUUID()}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  await syncDirectory(dir);
}

/** Where a damaged file is kept aside: `<name>.corrupt`, or a dated name when one is already there. */
export async function asideName(file: string): Promise<string> {
  const target = `${file}.corrupt`;
  return (await exists(target)) ? `${file}.${new Date().toISOString().replace(/[:.]/g, '-')}.corrupt` : target;
}

/** The first line of a file written with entry lists: how many entries each held, so a cut file tells what it lost. */
const HELD = 'entryCounts';

/**
 * An object with the named arrays one entry per line: a torn or garbled line costs that
 * entry only. The counts go first, where a file cut short still has them.
 */
function entryPerLine(value: unknown, lists: readonly string[]): string {
  const object = value as Record<string, unknown>;
  const held = Object.fromEntries(lists.map((key) => [key, Array.isArray(object[key]) ? object[key].length : 0]));
  const fields = Object.entries(object).map(([key, field]) => {
    const name = JSON.stringify(key);
    if (!lists.includes(key) || !Array.isArray(field) || field.length === 0) return `  ${name}: ${JSON.stringify(field)}`;
    // JSON.stringify escapes every newline inside an entry: one entry is exactly one line.
    return `  ${name}: [\n${field.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n')}\n  ]`;
  });
  return `{\n  ${JSON.stringify(HELD)}: ${JSON.stringify(held)},\n${fields.join(',\n')}\n}\n`;
}

export interface Salvaged {
  /** Entries that parse and match their schema, per list. */
  entries: Record<string, unknown[]>;
  /**
   * How many entries each list held when written: the file's own counts, else the entry
   * lines of a list seen to its end; null when the file no longer says (cut before it).
   */
  held: Record<string, number | null>;
}

const heldSchema = z.record(z.string(), z.number().int().nonnegative());

/**
 * Reads back what can still be read of a damaged file written with `entryLists`: each
 * entry line on its own, checked against its list's schema. An older, indented file
 * has entries over several lines: each of them counts as lost, none is guessed at.
 */
export function salvageEntries(text: string, schemas: Record<string, z.ZodType>): Salvaged {
  const keys = Object.keys(schemas);
  const entries: Record<string, unknown[]> = Object.fromEntries(keys.map((key) => [key, []]));
  const lines: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
  let written: Record<string, number> = {};
  const ended = new Set<string>();
  let list: string | null = null;
  for (const line of text.split('\n')) {
    const counts = /^ {2}"entryCounts": (\{.*\}),?$/.exec(line);
    if (counts) {
      written = heldSchema.safeParse(parseOrNull(counts[1]!)).data ?? {};
      continue;
    }
    const opened = /^ {2}"([^"]+)": \[(\],?)?/.exec(line);
    if (opened) {
      list = opened[1]! in schemas ? opened[1]! : null;
      // An empty list is written whole on its line.
      if (list !== null && opened[2]) ended.add(list);
      if (opened[2]) list = null;
      continue;
    }
    if (list !== null && /^ {2}\]/.test(line)) ended.add(list);
    if (/^ {0,2}[\]}"]/.test(line)) list = null;
    if (list === null || !/^ {4}\{/.test(line)) continue;
    lines[list]! += 1;
    const parsed = schemas[list]!.safeParse(parseOrNull(line.trim().replace(/,$/, '')));
    if (parsed.success) entries[list]!.push(parsed.data);
  }
  const held = Object.fromEntries(keys.map((key) => [key, written[key] ?? (ended.has(key) ? lines[key]! : null)]));
  return { entries, held };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; the rename is already durable enough there.
  if (process.platform === 'win32') return;
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
