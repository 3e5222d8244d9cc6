import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { startupNoticeSchema, type DurableFile, type StartupNotice } from '../../src-shared/ipc/contract';
import { AuditTrail } from './audit-trail';
import { logger } from '../log';
import { AtomicJsonFile, serialisedWrite } from './atomic-file';

const log = logger('store');

const noticesFileSchema = z.object({ version: z.literal(1), notices: z.array(startupNoticeSchema) });

export interface FileDamage {
  file: DurableFile;
  /** Full path of the file kept aside. */
  keptAs: string;
  reason: string;
  /** Entries of the file's main list lost, counted from what the file held; null when it no longer says. */
  lost: number | null;
  recovered: number | null;
}

/**
 * Changes `notices.json` in one serialised read-and-write: the stores open side by side
 * at start, and one store's notice must never overwrite another's.
 */
function changeNotices(dataDir: string, change: ((notices: StartupNotice[]) => StartupNotice[]) | null): Promise<StartupNotice[]> {
  const file = new AtomicJsonFile(path.join(dataDir, 'notices.json'), noticesFileSchema);
  let result: StartupNotice[] = [];
  // Its own queue key: the write inside takes the file's key, which would wait on this very step.
  return serialisedWrite(`${file.file}#change`, async () => {
    const read = await file.read();
    let notices = read.status === 'ok' ? read.value.notices : [];
    if (read.status === 'corrupt') {
      const damage: FileDamage = { file: 'notices.json', keptAs: read.keptAs, reason: read.reason, lost: null, recovered: null };
      notices = [noticeOf(damage)];
      await auditAndLog(dataDir, damage);
    }
    result = change ? change(notices) : notices;
    if (change || read.status === 'corrupt') await file.write({ version: 1, notices: result });
  }).then(() => result);
}

function noticeOf(damage: FileDamage): StartupNotice {
  const keptAs = path.basename(damage.keptAs);
  // The settings notice keeps its own words: the profiles it held are lost.
  if (damage.file === 'settings.json') return { kind: 'settings-corrupt', id: randomUUID(), keptAs };
  return { kind: 'file-damaged', id: randomUUID(), file: damage.file, keptAs, lost: damage.lost, recovered: damage.recovered };
}

async function auditAndLog(dataDir: string, damage: FileDamage): Promise<void> {
  const counts = damage.lost === null && damage.recovered === null ? '' : `; ${damage.lost ?? 'an unknown number'} lost, ${damage.recovered ?? 0} recovered`;
  const outcome = `${damage.file} kept as ${path.basename(damage.keptAs)}${counts}`;
  log.error('durable file unreadable, kept aside', { file: damage.file, keptAs: path.basename(damage.keptAs), reason: damage.reason, lost: damage.lost });
  await new AuditTrail(dataDir).record({ staff: 'desk', action: 'fileDamaged', outcome });
}

/** Tells staff (a notice kept until acknowledged), the audit trail and the log that a file was kept aside. */
export async function reportDamage(dataDir: string, damage: FileDamage): Promise<void> {
  await auditAndLog(dataDir, damage);
  await keepNotice(dataDir, noticeOf(damage));
}

/** Keeps a notice in `notices.json` until staff acknowledge it. */
export async function keepNotice(dataDir: string, notice: StartupNotice): Promise<void> {
  try {
    await changeNotices(dataDir, (notices) => [...notices, notice]);
  } catch (error) {
    // A full or read-only disk must not keep the desk from starting: the log and the audit line still tell.
    log.error('notice not written', { kind: notice.kind, error: error instanceof Error ? error.name : 'unknown' });
  }
}

/** The notices shown at start: those kept in `notices.json` until staff acknowledge them. */
export class NoticeBoard {
  private constructor(
    private readonly dataDir: string,
    private kept: StartupNotice[],
  ) {}

  static async open(dataDir: string): Promise<NoticeBoard> {
    return new NoticeBoard(dataDir, await changeNotices(dataDir, null));
  }

  list(): StartupNotice[] {
    return [...this.kept];
  }

  /** Unknown ids are ignored: a second click on "understood" is not an error. */
  async acknowledge(id: string): Promise<StartupNotice[]> {
    if (this.kept.some((notice) => notice.id === id)) this.kept = await changeNotices(this.dataDir, (notices) => notices.filter((notice) => notice.id !== id));
    return this.list();
  }
}
