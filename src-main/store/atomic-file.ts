import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

export type ReadOutcome<T> =
  | { status: 'ok'; value: T }
  | { status: 'missing' }
  /** The file could not be read as expected; it was moved aside to `keptAs`, never deleted. */
  | { status: 'corrupt'; keptAs: string; reason: string };

/**
 * A JSON file that is never half-written: each write goes to a temporary file in the
 * same folder, is flushed to disk, then renamed over the old one (and the folder is
 * flushed so the rename survives a power cut). A file that cannot be parsed or
 * validated is moved aside as `<name>.corrupt` and reported, never silently reset.
 */
export class AtomicJsonFile<S extends z.ZodType> {
  constructor(
    readonly file: string,
    private readonly schema: S,
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

  async write(value: z.input<S>): Promise<void> {
    const checked = this.schema.parse(value);
    const dir = path.dirname(this.file);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(this.file)}.${process.pid}.${Date.now()}.tmp`);
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(checked, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
    await syncDirectory(dir);
  }

  private async keepAside(): Promise<string> {
    let target = `${this.file}.corrupt`;
    if (await exists(target)) target = `${this.file}.${new Date().toISOString().replace(/[:.]/g, '-')}.corrupt`;
    await rename(this.file, target);
    return target;
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
