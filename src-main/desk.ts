import path from 'node:path';
import { createAdminFeature } from './admin/feature';
import { createBoardFeature } from './board/feature';
import { createCheckinFeature } from './checkin/feature';
import { createDiagnosticsFeature } from './diagnostics/feature';
import { LastChecks } from './diagnostics/last-checks';
import { createDisplayFeature } from './display/feature';
import type { DisplayWindows } from './display/windows';
import { importDeploymentKeys } from './deployment/apply';
import { deploymentFilePath, readDeployment } from './deployment/file';
import { DeskEvents } from './events/bus';
import { createInfrastructure } from './infrastructure';
import { DeskJournal } from './journal/desk-journal';
import { followAdminSession } from './ipc/access';
import { createDispatcher } from './ipc/dispatch';
import { createHandlerTable } from './ipc/handlers';
import { createPrintingFeature } from './printing/feature';
import { createStatisticsFeature } from './statistics/feature';
import { platformNow } from '../src-shared/clock';
import { resolveConnection, type SandboxStartOptions } from './profiles/connection';
import { ProfilesService, TRAINING_PLACEHOLDER } from './profiles/service';
import { composeUnconnectedDesk, type ComposedDesk } from './profiles/unconnected-desk';
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
import { WorkstationMemory } from './shell/workstation-store';
import { createWorkstationFeature, type LoginItem } from './workstation/feature';
import { logger } from './log';
import { TRAINING_KIOSK_INTERVAL_MS } from './training-pace';

const log = logger('desk');

export { TRAINING_KIOSK_INTERVAL_MS };

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
  /** The machine's deployment file (default: deploymentFilePath(), or DESK_DEPLOYMENT_FILE). */
  deploymentFile?: string;
  /** Electron's workstation.json, shared with the display windows; the preview opens its own. */
  workstation?: WorkstationMemory;
  /** Electron's login items; absent in the browser preview. */
  loginItem?: LoginItem;
}

export type RunningDesk = ComposedDesk;

/**
 * Starts the desk on this data folder, which it holds for its whole life. The
 * transports see one dispatch and one event bus throughout: a desk that could not
 * connect is composed again in place once a technician has repaired its connection.
 */
export async function startDesk(options: DeskStartOptions): Promise<RunningDesk> {
  const lock = await lockDataFolder(options.dataDir);
  try {
    return await hostDesk(options, lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function hostDesk(options: DeskStartOptions, lock: DataFolderLock): Promise<RunningDesk> {
  const events = new DeskEvents();
  let current: ComposedDesk | null = null;
  let stopRelay = () => {};
  let switching: Promise<unknown> = Promise.resolve();
  const install = (desk: ComposedDesk) => {
    stopRelay();
    current = desk;
    stopRelay = desk.events.subscribe((event, payload) => events.relay(event, payload));
  };
  // One instance for the desk's whole life: two would each write their own copy of the file.
  const workstation = options.workstation ?? (await WorkstationMemory.open(options.dataDir));
  const reconnect = async (): Promise<void> => {
    const switched = (async () => {
      // The new desk first: if it cannot be composed, the one showing the connect page stays.
      const next = await composeDesk(options, workstation, reconnect);
      const previous = current;
      install(next);
      log.info('desk started again on its repaired connection');
      await previous?.close();
    })();
    switching = switched.catch(() => undefined);
    await switched;
  };
  // First: the other stores record their damage into it, after its own unreadable part is set aside.
  await checkAuditTrail(options.dataDir);
  install(await composeDesk(options, workstation, reconnect));
  const now = (): ComposedDesk => current as unknown as ComposedDesk;
  return {
    dispatch: async (channel, payload) => {
      await switching;
      return now().dispatch(channel, payload);
    },
    events,
    close: async () => {
      await switching;
      stopRelay();
      await now().close();
      await lock.release();
    },
  };
}

/**
 * Composes the desk on the active connection profile (the Training sandbox when that
 * is the active one): the infrastructure once, then each feature from the few parts
 * it uses, behind the IPC handler table; or, when a configured desk's profile cannot
 * be used, the unconnected desk that says why.
 */
async function composeDesk(options: DeskStartOptions, memory: WorkstationMemory, reconnect: () => Promise<void>): Promise<ComposedDesk> {
  const secrets = new SecretStore(path.join(options.dataDir, 'secrets.json'), options.keystore);
  const deployment = await readDeployment(options.deploymentFile ?? deploymentFilePath());
  if (deployment.status === 'invalid') {
    // Nothing of a refused file is applied, and a desk IT meant to configure never falls back to training.
    log.error('deployment file refused', { file: deployment.file, fields: deployment.fields });
    const store = await ProfileStore.open(options.dataDir, secrets);
    const unconnected = { reason: 'deployment-invalid' as const, profileId: null, profileName: null, keptAs: deployment.file, fields: deployment.fields };
    const workstation = createWorkstationFeature({ memory, deployment: undefined, loginItem: options.loginItem });
    return composeUnconnectedDesk({ runtime: options.runtime, dataDir: options.dataDir, store, secrets, unconnected, reconnect, workstation });
  }
  const preset = deployment.status === 'ok' ? deployment.deployment : null;
  const workstation = createWorkstationFeature({ memory, deployment: preset?.startWithSession, loginItem: options.loginItem });
  const store = await ProfileStore.open(options.dataDir, secrets, preset);
  if (deployment.status === 'ok') await importDeploymentKeys(deployment.file, deployment.deployment, store);
  const resolution = options.attach
    ? { connected: { ...options.attach, training: null, close: async () => undefined } }
    : await resolveConnection(store, { kioskIntervalMs: TRAINING_KIOSK_INTERVAL_MS, ...options.sandbox });
  if ('unconnected' in resolution) {
    return composeUnconnectedDesk({ runtime: options.runtime, dataDir: options.dataDir, store, secrets, unconnected: resolution.unconnected, reconnect, workstation });
  }
  const resolved = resolution.connected;
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
  // Its tickets may print the estimated wait, which the statistics (composed below) compute when a ticket is printed.
  const printing = await createPrintingFeature({ ...parts, waitEstimate: (id) => statistics.waitForAppointment(id) });
  const board = await createBoardFeature(parts);
  const checkin = createCheckinFeature({ ...parts, printer: printing.printer, punctuality: () => board.service.currentSettings() });
  const display = createDisplayFeature({ ...parts, displays: options.displays });
  const admin = createAdminFeature(parts);
  // The longest wait now counts on the platform's clock, as the board's waits do.
  const statistics = createStatisticsFeature({ ...parts, desk: () => board.service.deskView(), today: (officePlaceId) => board.service.liveDayList(officePlaceId), now: () => new Date(platformNow(infrastructure.clock.reading())) });
  const features = [admin, checkin, display, board, printing, statistics];
  // Last: every store has opened by now, so every damaged file has left its notice.
  const notices = await NoticeBoard.open(options.dataDir);
  const checks = new LastChecks();
  const diagnostics = createDiagnosticsFeature({
    runtime: options.runtime,
    dataDir: options.dataDir,
    profile,
    notices,
    printing: () => printing.overview(),
    connection,
    clock: infrastructure.clock,
    checks,
  });
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
      unconnected: null,
    },
    notices,
    connection,
    publisher,
    checks,
    staff,
    technician,
    profiles: new ProfilesService(store, secrets, training?.profile ?? TRAINING_PLACEHOLDER, profile.id),
    features: {
      board: board.handlers,
      checkin: checkin.handlers,
      display: display.handlers,
      printing: printing.handlers,
      admin: admin.handlers,
      statistics: statistics.handlers,
      diagnostics: diagnostics.handlers,
      workstation: workstation.handlers,
    },
  });
  const close = async () => {
    for (const feature of features) await feature.close?.();
    technician.dispose();
    await resolved.close();
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
