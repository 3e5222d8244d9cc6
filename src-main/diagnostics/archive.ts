import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { channelAccess } from '../../src-shared/ipc/access';
import type { ConnectionState, StartupNotice } from '../../src-shared/ipc/contract';
import type { DeskVersions } from '../../src-shared/ipc/features/diagnostics.contract';
import type { PrintingOverview } from '../../src-shared/ipc/features/printing.contract';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { ClockDiagnostics } from '../connection/platform-clock';
import { localDay } from '../../src-shared/day';
import { LOG_DAYS_KEPT, LOG_FILE_PATTERN } from '../logging/files';
import type { LastCheckResults } from './last-checks';

/** A bound on the logs read into memory (a desk logging in a loop): the newest files first, up to this. */
export const DIAGNOSTICS_LOG_BYTES = 30 * 1024 * 1024;

/** What the archive is made of, each part read by the desk that exports it; none holds a patient or a secret. */
export interface DiagnosticsInput {
  versions: DeskVersions;
  runtime: 'electron' | 'web';
  dataDir: string;
  logFolder: string;
  /** The running profile: where it connects and as which device; the account key is kept apart (secrets.json) and never handed here. */
  profile: ConnectionProfile | null;
  notices: StartupNotice[];
  /** Null when the desk could not connect (no printing feature then). */
  printing: PrintingOverview | null;
  connection: ConnectionState | null;
  clock: ClockDiagnostics | null;
  checks: LastCheckResults;
  now: Date;
}

export interface DiagnosticsArchive {
  fileName: string;
  bytes: Uint8Array;
  entries: string[];
}

/**
 * The zip a technician sends: one JSON file per subject, the recent log files as written
 * (already redacted when written), and the access-rule table. Printer queue jobs are
 * counted by state, never listed: a job carries a ticket number and times of a patient's visit.
 */
export async function buildDiagnosticsArchive(input: DiagnosticsInput): Promise<DiagnosticsArchive> {
  const files: Record<string, unknown> = {
    'versions.json': { ...input.versions, runtime: input.runtime, dataDir: input.dataDir, exportedAt: input.now.toISOString() },
    'profile.json': input.profile,
    'notices.json': input.notices,
    'printer.json': input.printing ? printerPart(input.printing) : null,
    'checks.json': { connection: input.connection, clock: input.clock, probe: input.checks.probe, compatibility: input.checks.compatibility },
    'access-rules.json': channelAccess,
  };
  const zippable: Zippable = {};
  for (const [name, value] of Object.entries(files)) zippable[name] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  for (const [name, bytes] of await recentLogs(input.logFolder, input.now)) zippable[`logs/${name}`] = bytes;
  const stamp = input.now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { fileName: `desk-diagnostics-${stamp}.zip`, bytes: zipSync(zippable, { level: 6, mtime: input.now }), entries: Object.keys(zippable) };
}

function printerPart(overview: PrintingOverview) {
  const queue: Record<PrintingOverview['queue'][number]['state'], number> = { waiting: 0, printing: 0, printed: 0, preview: 0, cancelled: 0 };
  for (const job of overview.queue) queue[job.state] += 1;
  return { printer: overview.settings.printer, status: overview.status, queue, officePlaceId: overview.officePlaceId };
}

/** The log files of the week the desk keeps, newest first until the bound, in the order of their names. */
async function recentLogs(folder: string, now: Date): Promise<[string, Uint8Array][]> {
  const oldestDay = localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (LOG_DAYS_KEPT - 1)));
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const recent = names
    .map((name) => ({ name, match: LOG_FILE_PATTERN.exec(name) }))
    .filter((file) => file.match !== null && file.match[1]! >= oldestDay)
    .sort((a, b) => (a.match![1]! === b.match![1]! ? Number(b.match![2]) - Number(a.match![2]) : a.match![1]! < b.match![1]! ? 1 : -1));
  const kept: [string, Uint8Array][] = [];
  let total = 0;
  for (const { name } of recent) {
    const bytes = await readFile(path.join(folder, name)).catch(() => null);
    if (bytes === null) continue;
    total += bytes.byteLength;
    if (total > DIAGNOSTICS_LOG_BYTES) break;
    kept.push([name, new Uint8Array(bytes)]);
  }
  return kept.sort(([a], [b]) => a.localeCompare(b));
}
