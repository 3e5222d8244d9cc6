import { ConnectionMonitor } from './connection/monitor';
import { DeskEvents } from './events/bus';
import { createAdminFeature } from './admin/feature';
import { createBoardFeature } from './board/feature';
import { createCheckinFeature } from './checkin/feature';
import type { DisplayWindows } from './display/windows';
import type { DeskContext } from './features';
import { createPrintingFeature } from './printing/feature';
import { createDispatcher, type Dispatch } from './ipc/dispatch';
import { createHandlerTable } from './ipc/handlers';
import path from 'node:path';
import { resolveConnection } from './profiles/connection';
import { ProfilesService } from './profiles/service';
import { PublisherClient } from './publisher/client';
import type { SandboxStartOptions } from './sandbox/start';
import type { AttachedSandbox } from './web/attach';
import { StaffSessionService } from './staff/session';
import { WorkplaceMemory } from './staff/workplace-store';
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
 * Composes the desk's services behind the IPC handler table, on the active
 * connection profile (the Training sandbox when nothing is configured).
 */
export async function startDesk(options: DeskStartOptions): Promise<RunningDesk> {
  const secrets = new SecretStore(path.join(options.dataDir, 'secrets.json'), options.keystore);
  const store = await ProfileStore.open(options.dataDir, secrets);
  const resolved = options.attach
    ? { ...options.attach, sandbox: null, notices: [] }
    : await resolveConnection(store, { kioskIntervalMs: TRAINING_KIOSK_INTERVAL_MS, ...options.sandbox });
  const { profile, sandbox } = resolved;
  const events = new DeskEvents();
  const connection = new ConnectionMonitor(events);
  const publisher = new PublisherClient({
    profile,
    accountKey: resolved.accountKey,
    onReachability: (reachable) => connection.reportPublisher(reachable),
  });
  const staff = new StaffSessionService(publisher, events, profile, await WorkplaceMemory.open(options.dataDir));
  const context: DeskContext = {
    runtime: options.runtime,
    dataDir: options.dataDir,
    profile,
    accountKey: resolved.accountKey,
    publisher,
    events,
    connection,
    staff,
    sandbox,
  };
  // Printing first: the board and check-in print through it.
  const printing = await createPrintingFeature(context);
  const board = await createBoardFeature(context);
  const checkin = await createCheckinFeature(context, { printer: printing.printer, displays: options.displays });
  const admin = await createAdminFeature(context);
  const features = [admin, checkin, board, printing];
  const table = createHandlerTable({
    info: {
      name: APP_NAME,
      version: APP_VERSION,
      runtime: options.runtime,
      training: profile.training,
      profileName: profile.name,
      trainingAccounts: sandbox?.trainingAccounts ?? [],
      notices: resolved.notices,
    },
    connection,
    publisher,
    staff,
    profiles: new ProfilesService(store, secrets, sandbox?.profile ?? trainingPlaceholder(), profile.id),
    features: { board: board.handlers, checkin: checkin.handlers, printing: printing.handlers, admin: admin.handlers },
  });
  const close = async () => {
    for (const feature of features) await feature.close?.();
    await sandbox?.close();
  };
  return { dispatch: createDispatcher(table), events, close };
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
