import path from 'node:path';
import { createAdminFeature } from './admin/feature';
import { createBoardFeature } from './board/feature';
import { createCheckinFeature } from './checkin/feature';
import { createDisplayFeature } from './display/feature';
import type { DisplayWindows } from './display/windows';
import type { DeskEvents } from './events/bus';
import { createInfrastructure } from './infrastructure';
import { DeskJournal } from './journal/desk-journal';
import { followAdminSession } from './ipc/access';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { createHandlerTable } from './ipc/handlers';
import { createPrintingFeature } from './printing/feature';
import { createStatisticsFeature } from './statistics/feature';
import { resolveConnection, type SandboxStartOptions } from './profiles/connection';
import { ProfilesService } from './profiles/service';
import type { AttachedSandbox } from './web/attach';
import { OfficeGrants } from './staff/grants';
import { OfficeRule } from './staff/office-rule';
import { StaffSessionService } from './staff/session';
import { WorkplaceMemory } from './staff/workplace-store';
import { TechnicianMode, TRAINING_TECHNICIAN_PIN } from './technician/mode';
import { TechnicianPinStore } from './technician/pin-store';
import { checkAuditTrail } from './store/audit-check';
import { lockDataFolder, type DataFolderLock } from './store/data-lock';
import { NoticeBoard } from './store/notices';
import { ProfileStore } from './store/profiles';
import { SecretStore, type Keystore } from './store/secrets';
import { APP_NAME, APP_VERSION } from './version';

/** Training mode's pace of simulated kiosk arrivals, so the board lives without a kiosk. */
export const TRAINING_KIOSK_INTERVAL_MS = 90_000;

export interface DeskStartOptions {
  runtime: 'electron' | 'web';
  /** Folder of settings.json and secrets.json (Electron: userData). */
  dataDir: string;
  /** Electron's safeStorage in the app; what encrypts secrets at rest. */
  keystore: Keystore;
  sandbox?: SandboxStartOptions;
  /**
   * A training sandbox already running in another process (tests that restart the
   * desk while its sandbox lives on): the desk connects to it instead of starting one.
   */
  attach?: AttachedSandbox;
  /** The public display window (Electron); absent in the browser preview. */
  displays?: DisplayWindows;
}

export interface RunningDesk {
  dispatch: Dispatch;
  events: DeskEvents;
  close(): Promise<void>;
}

/**
 * Composes the desk on the active connection profile (the Training sandbox when
 * nothing is configured): the infrastructure once, then each feature from the few
 * parts it uses, behind the IPC handler table.
 */
export async function startDesk(options: DeskStartOptions): Promise<RunningDesk> {
  const lock = await lockDataFolder(options.dataDir);
  try {
    return await composeDesk(options, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function composeDesk(options: DeskStartOptions, lock: DataFolderLock): Promise<RunningDesk> {
  // First: the other stores record their damage into it, after its own unreadable part is set aside.
  await checkAuditTrail(options.dataDir);
  const secrets = new SecretStore(path.join(options.dataDir, 'secrets.json'), options.keystore);
  const store = await ProfileStore.open(options.dataDir, secrets);
  const resolved = options.attach
    ? { ...options.attach, training: null, notices: [], close: async () => undefined }
    : await resolveConnection(store, { kioskIntervalMs: TRAINING_KIOSK_INTERVAL_MS, ...options.sandbox });
  const { profile, training } = resolved;
  // Patient names in the journal are sealed by the same keychain as the secrets.
  const journal = await DeskJournal.open(options.dataDir, undefined, options.keystore);
  const infrastructure = createInfrastructure({ runtime: options.runtime, dataDir: options.dataDir, profile, accountKey: resolved.accountKey, training, journal });
  const { publisher, events, connection } = infrastructure;
  const staff = new StaffSessionService(publisher, events, profile, await WorkplaceMemory.open(options.dataDir), infrastructure.audit);
  const grants = new OfficeGrants({ publisher, session: () => staff.requireSession(), profilePlace: () => profile.officePlaceId });
  const parts = { ...infrastructure, staff, grants };
  const technician = new TechnicianMode({
    pins: await TechnicianPinStore.open(options.dataDir),
    staff,
    events,
    trainingPin: profile.training ? TRAINING_TECHNICIAN_PIN : null,
  });
  const adminSignedIn = followAdminSession(events);
  // Printing first: check-in prints through it.
  const printing = await createPrintingFeature(parts);
  const board = await createBoardFeature(parts);
  const checkin = createCheckinFeature({ ...parts, printer: printing.printer });
  const display = createDisplayFeature({ ...parts, displays: options.displays });
  const admin = createAdminFeature(parts);
  const statistics = createStatisticsFeature({ ...parts, desk: () => board.service.snapshot() });
  const features = [admin, checkin, display, board, printing, statistics];
  // Last: every store has opened by now, so every damaged file has left its notice.
  const notices = await NoticeBoard.open(options.dataDir, resolved.notices);
  const table = createHandlerTable({
    info: {
      name: APP_NAME,
      version: APP_VERSION,
      runtime: options.runtime,
      training: profile.training,
      profileName: profile.name,
      trainingAccounts: [...(training?.accounts ?? [])],
      get notices() {
        return notices.list();
      },
    },
    notices,
    connection,
    publisher,
    staff,
    technician,
    profiles: new ProfilesService(store, secrets, training?.profile ?? trainingPlaceholder(), profile.id),
    features: {
      board: board.handlers,
      checkin: checkin.handlers,
      display: display.handlers,
      printing: printing.handlers,
      admin: admin.handlers,
      statistics: statistics.handlers,
    },
  });
  const close = async () => {
    for (const feature of features) await feature.close?.();
    technician.dispose();
    await resolved.close();
    await lock.release();
  };
  const dispatch = createDispatcher(table, {
    staffSignedIn: () => staff.current() !== null,
    technicianAtWork: () => technician.use(),
    adminSignedIn,
    boardLocked: () => board.service.isLocked(),
    offices: new OfficeRule({ grants, publisher, workplace: () => staff.workplace() }),
  });
  return { dispatch, events, close };
}

/** The Training profile as listed when the desk runs on a real one (its sandbox is not started). */
function trainingPlaceholder() {
  return {
    id: 'training',
    name: 'Training',
    training: true,
    platformUrl: 'http://127.0.0.1/',
    licenceUuid: 'training',
    officeIdHeader: 'training',
    contractMode: 'direct' as const,
    contractBaseUrl: 'http://127.0.0.1/',
    publisherPublicKeyPem: null,
    deviceId: 'training',
    officePlaceId: null,
    deskId: null,
    deskLabel: '',
  };
}
