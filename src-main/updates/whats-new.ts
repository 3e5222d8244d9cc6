import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { UpdateInfo } from 'electron-updater';
import { logger } from '../log';
import { AtomicJsonFile } from '../store/atomic-file';
import { keepNotice } from '../store/notices';

const log = logger('updates');

/** The update downloaded and waiting to be installed, with what is new in it. */
const updatesFileSchema = z.object({
  version: z.literal(1),
  downloaded: z.object({ version: z.string().max(64), notes: z.string().max(4000) }).nullable(),
});

function updatesFile(dataDir: string) {
  return new AtomicJsonFile(path.join(dataDir, 'updates.json'), updatesFileSchema);
}

/** Release notes as plain text: the server may write them as HTML or as a list per version. */
export function notesText(notes: UpdateInfo['releaseNotes']): string {
  const text = Array.isArray(notes) ? notes.map((note) => note.note ?? '').join('\n') : (notes ?? '');
  return text
    .replace(/<br\s*\/?>|<\/(p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 4000);
}

/** Kept until the desk starts on that version (the installer runs after the desk has quit). */
export async function rememberDownloaded(dataDir: string, info: Pick<UpdateInfo, 'version' | 'releaseNotes'>): Promise<void> {
  await updatesFile(dataDir).write({ version: 1, downloaded: { version: info.version, notes: notesText(info.releaseNotes) } });
}

/**
 * At start: the desk now runs the version it had downloaded, so staff are told what is new
 * (a notice kept until someone presses « Compris »). Nothing is said after a manual install.
 */
export async function announceIfUpdated(dataDir: string, runningVersion: string): Promise<boolean> {
  const file = updatesFile(dataDir);
  // An unreadable file only loses the « what's new »: it is kept aside by the reader.
  const read = await file.read().catch(() => null);
  const downloaded = read?.status === 'ok' ? read.value.downloaded : null;
  if (!downloaded || downloaded.version !== runningVersion) return false;
  await keepNotice(dataDir, { kind: 'app-updated', id: randomUUID(), version: downloaded.version, notes: downloaded.notes });
  await file.write({ version: 1, downloaded: null });
  log.info('desk updated', { version: runningVersion });
  return true;
}
