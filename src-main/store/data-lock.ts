import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DeskError } from '../../src-shared/errors';
import { logger } from '../log';

const log = logger('data-lock');
export const LOCK_FILE = 'desk.lock';

export interface DataFolderLock {
  release(): Promise<void>;
}

/** Desks of this process holding each folder: a restart in the same process is not a second desk. */
const held = new Map<string, number>();

/**
 * One desk process per data folder: two processes writing the same settings, queue and
 * outbox would overwrite each other's changes. The lock file holds the owner's pid; a
 * lock whose process is gone (a crash, a power cut) is taken over.
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  const count = held.get(file) ?? 0;
  if (count === 0) {
    // The first start on a machine: the lock is the first thing written in the folder.
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await take(file);
  }
  held.set(file, count + 1);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      const left = (held.get(file) ?? 1) - 1;
      if (left > 0) return void held.set(file, left);
      held.delete(file);
      await unlink(file).catch(() => undefined);
    },
  };
}

async function take(file: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n`, 'utf8');
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DeskError('DATA_FOLDER_IN_USE', 'Another Desk Console is already running on this data folder.');
    }
    log.warn('stale data folder lock taken over', { owner: Number.isInteger(owner) ? owner : null });
    await unlink(file).catch(() => undefined);
  }
  throw new DeskError('DATA_FOLDER_IN_USE', 'The data folder lock could not be taken.');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
