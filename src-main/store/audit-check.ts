import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { logger } from '../log';
import { AUDIT_FILE, AuditTrail } from './audit-trail';
import { keepNotice } from './notices';

const log = logger('audit');

/**
 * Checks the audit trail at start, before anything is recorded into it, and tells what it
 * found: an unreadable part kept aside, entries changed, removed or inserted afterwards.
 * Staff see a notice (line numbers only, never an entry), the log and the trail itself
 * record it; a break recorded so is not told again at the next start.
 */
export async function checkAuditTrail(dataDir: string): Promise<void> {
  const trail = new AuditTrail(dataDir);
  const { damage, breaks } = await trail.check();
  if (damage) {
    const keptAs = path.basename(damage.keptAs);
    log.error('audit trail unreadable from a line on, that part kept aside', { line: damage.line, keptAs, reason: damage.reason });
    await trail.record({ staff: 'desk', action: 'fileDamaged', outcome: `${AUDIT_FILE} from line ${damage.line} kept as ${keptAs}` });
    await keepNotice(dataDir, { kind: 'audit-damaged', id: randomUUID(), keptAs, line: damage.line });
  }
  if (breaks.length > 0) {
    log.error('audit trail altered', { lines: breaks });
    await trail.record({ staff: 'desk', action: 'trailAltered', outcome: `chain broken at line ${breaks.join(', ')}`, lines: breaks });
    await keepNotice(dataDir, { kind: 'audit-altered', id: randomUUID(), line: breaks[0]!, others: breaks.length - 1 });
  }
}
