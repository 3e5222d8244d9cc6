import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { DurableFile } from '../../src-shared/ipc/contract';
import { AtomicJsonFile, salvageEntries } from './atomic-file';
import { reportDamage, type FileDamage } from './notices';

export interface Salvage<V> {
  /** The top-level lists written one entry per line, with each entry's schema. */
  lists: Record<string, z.ZodType>;
  /** The list staff are told about (tickets waiting to print, changes waiting to be sent). */
  counted: string;
  /** The file's value from the entries that could still be read. */
  rebuild(entries: Record<string, unknown[]>): V;
}

export interface OpenedFile<S extends z.ZodType> {
  file: AtomicJsonFile<S>;
  /** The file's value, what could be salvaged of it, or null (missing, or nothing to salvage): the store starts on its defaults. */
  value: z.output<S> | null;
  damage: FileDamage | null;
}

/**
 * Opens one of the desk's durable files. A file that cannot be read is kept aside
 * (`<name>.corrupt`), what can still be read of its lists is salvaged and written back,
 * and staff are told what was lost until they acknowledge it: nothing goes silently.
 */
export async function openDurable<S extends z.ZodType>(
  dataDir: string,
  name: DurableFile,
  schema: S,
  salvage?: Salvage<z.input<S>>,
): Promise<OpenedFile<S>> {
  const file = new AtomicJsonFile(path.join(dataDir, name), schema, salvage ? Object.keys(salvage.lists) : []);
  const read = await file.read();
  if (read.status === 'ok') return { file, value: read.value, damage: null };
  if (read.status === 'missing') return { file, value: null, damage: null };
  let value: z.output<S> | null = null;
  let counts: Pick<FileDamage, 'lost' | 'recovered'> = { lost: null, recovered: null };
  if (salvage) {
    const salvaged = salvageEntries(await readFile(read.keptAs, 'utf8'), salvage.lists);
    const rebuilt = schema.safeParse(salvage.rebuild(salvaged.entries));
    if (rebuilt.success) {
      value = rebuilt.data;
      // On disk before the desk acts on it: a second crash must not lose the salvage.
      await file.write(salvage.rebuild(salvaged.entries));
    }
    const kept = value === null ? 0 : (salvaged.entries[salvage.counted]?.length ?? 0);
    const held = salvaged.held[salvage.counted] ?? null;
    // Counted from what the file held, never from the lines that happen to be left: a file cut short lost the rest.
    if (held !== null) counts = { lost: Math.max(0, held - kept), recovered: kept };
    else if (kept > 0) counts = { lost: null, recovered: kept };
  }
  const damage: FileDamage = { file: name, keptAs: read.keptAs, reason: read.reason, ...counts };
  await reportDamage(dataDir, damage);
  return { file, value, damage };
}
