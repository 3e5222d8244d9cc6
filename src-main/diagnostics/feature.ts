import type { ConnectionState, StartupNotice } from '../../src-shared/ipc/contract';
import type { DIAGNOSTICS_CHANNELS } from '../../src-shared/ipc/features/diagnostics.names';
import type { PrintingOverview } from '../../src-shared/ipc/features/printing.contract';
import type { ConnectionProfile } from '../../src-shared/profile';
import { clockDiagnostics, type PlatformClockWatch } from '../connection/platform-clock';
import type { DeskFeature } from '../features';
import { flushLogFiles, logFolder, logger } from '../log';
import { buildDiagnosticsArchive } from './archive';
import type { LastChecks } from './last-checks';
import { deskVersions } from './versions';

const log = logger('diagnostics');

export interface DiagnosticsDeps {
  runtime: 'electron' | 'web';
  dataDir: string;
  /** Null on a desk that could not connect: the archive then says so by its absence. */
  profile: ConnectionProfile | null;
  notices: { list(): StartupNotice[] };
  printing: (() => PrintingOverview) | null;
  connection: { current(): ConnectionState } | null;
  clock: Pick<PlatformClockWatch, 'reading'> | null;
  checks: LastChecks;
  now?: () => Date;
}

/** The About card's versions and data folder, and the archive a technician sends (Settings, technician mode). */
export function createDiagnosticsFeature(deps: DiagnosticsDeps): DeskFeature<typeof DIAGNOSTICS_CHANNELS> {
  const now = deps.now ?? (() => new Date());
  return {
    handlers: {
      'diagnostics/about': () => ({ versions: deskVersions(), dataDir: deps.dataDir }),
      'diagnostics/export': async () => {
        // The lines of the last minutes are the ones a technician exports for.
        await flushLogFiles();
        const archive = await buildDiagnosticsArchive({
          versions: deskVersions(),
          runtime: deps.runtime,
          dataDir: deps.dataDir,
          logFolder: logFolder(deps.dataDir),
          profile: deps.profile,
          notices: deps.notices.list(),
          printing: deps.printing?.() ?? null,
          connection: deps.connection?.current() ?? null,
          clock: deps.clock ? clockDiagnostics(deps.clock) : null,
          checks: deps.checks.current(),
          now: now(),
        });
        log.info('diagnostics exported', { entries: archive.entries.length, bytes: archive.bytes.byteLength });
        return { fileName: archive.fileName, base64: Buffer.from(archive.bytes).toString('base64'), entries: archive.entries };
      },
    },
  };
}
