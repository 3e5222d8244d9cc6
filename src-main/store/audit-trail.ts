import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '../log';
import { serialisedWrite } from './atomic-file';

const log = logger('board-audit');

export interface AuditRecord {
  /** Staff member's display name, as the publisher gave it at sign-in. */
  staff: string;
  /** `fileDamaged`: a durable file was kept aside at start (staff `desk`, outcome names the file and counts). */
  action: 'call' | 'recall' | 'inCare' | 'done' | 'closed' | 'chooseWorkplace' | 'lock' | 'unlock' | 'fileDamaged' | 'transfer' | 'absent' | 'dismissAbsent' | 'deskState' | 'queue' | 'passwordWait';
  ticket?: string;
  outcome: string;
}

/**
 * Append-only audit trail of desk actions (`board-audit.jsonl` in the data folder):
 * who did what to which ticket number, when, and how it ended. No patient name.
 * Lines are appended in call order; a failed write is logged, never blocks the desk.
 */
export class AuditTrail {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'board-audit.jsonl');
  }

  record(entry: AuditRecord): Promise<void> {
    const line = `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`;
    return serialisedWrite(this.file, async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      await appendFile(this.file, line, { encoding: 'utf8', mode: 0o600 });
    }).catch((error: unknown) => log.error('audit line not written', { error: error instanceof Error ? error.name : 'unknown' }));
  }
}
