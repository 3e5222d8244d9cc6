import { DeskError } from '../../src-shared/errors';
import { CHANNELS, isChannel } from '../../src-shared/ipc/channels';
import type { Unconnected } from '../../src-shared/ipc/contract';
import { DeskEvents } from '../events/bus';
import { fail } from '../../src-shared/result';
import type { OfficeCheck } from '../ipc/access';
import { createDispatcher, type Dispatch, type HandlerTable } from '../ipc/dispatch';
import { NoticeBoard } from '../store/notices';
import type { ProfileStore } from '../store/profiles';
import type { SecretStore } from '../store/secrets';
import { TechnicianMode } from '../technician/mode';
import { TechnicianPinStore } from '../technician/pin-store';
import { APP_NAME, APP_VERSION } from '../version';
import { ProfilesService, TRAINING_PLACEHOLDER } from './service';
import { createDiagnosticsFeature } from '../diagnostics/feature';
import { LastChecks } from '../diagnostics/last-checks';
import type { DeskFeature } from '../features';
import type { WORKSTATION_CHANNELS } from '../../src-shared/ipc/features/workstation.names';

export interface UnconnectedDeskInput {
  runtime: 'electron' | 'web';
  dataDir: string;
  store: ProfileStore;
  secrets: SecretStore;
  unconnected: Unconnected;
  /** Starts the desk again on the profile now active: called once a technician has repaired or chosen one. */
  reconnect(): Promise<void>;
  /** Whether the desk starts with the session: nothing to do with the connection, so still set here. */
  workstation: DeskFeature<typeof WORKSTATION_CHANNELS>;
}

export interface ComposedDesk {
  dispatch: Dispatch;
  events: DeskEvents;
  close(): Promise<void>;
}

function notConnectedError(): DeskError {
  return new DeskError('DESK_NOT_CONNECTED', 'This desk cannot connect until a technician repairs its connection profile.');
}

function notConnected(): never {
  throw notConnectedError();
}

/** No staff member, so no office: never asked, as every staff channel is answered before its rule. */
const NO_OFFICES: OfficeCheck = {
  requirePlace: async () => notConnected(),
  requireWorkplace: async () => notConnected(),
  requireAppointments: async () => notConnected(),
  grantedPatients: async () => notConnected(),
};

/**
 * The desk a configured workstation starts as when its profile cannot be used: no
 * platform, no publisher, no training world. App info says why; the technician's ways
 * out (re-enter the key, choose another profile, start training on purpose) each start
 * the desk again on the result; every other channel answers DESK_NOT_CONNECTED.
 */
export async function composeUnconnectedDesk(input: UnconnectedDeskInput): Promise<ComposedDesk> {
  const events = new DeskEvents();
  const technician = new TechnicianMode({
    pins: await TechnicianPinStore.open(input.dataDir),
    staff: { current: () => null },
    events,
    trainingPin: null,
  });
  const profiles = new ProfilesService(input.store, input.secrets, TRAINING_PLACEHOLDER, '');
  const notices = await NoticeBoard.open(input.dataDir);
  // A desk that cannot connect is the one a technician most needs to send diagnostics of.
  const diagnostics = createDiagnosticsFeature({
    runtime: input.runtime,
    dataDir: input.dataDir,
    profile: null,
    notices,
    printing: null,
    connection: null,
    clock: null,
    checks: new LastChecks(),
  });
  const refusing = Object.fromEntries(CHANNELS.map((channel) => [channel, notConnected])) as unknown as HandlerTable;
  const reachable: Partial<HandlerTable> = {
    'app/info': () => ({
      name: APP_NAME,
      version: APP_VERSION,
      runtime: input.runtime,
      training: false,
      profileName: input.unconnected.profileName ?? '',
      trainingAccounts: [],
      notices: notices.list(),
      unconnected: input.unconnected,
    }),
    'app/acknowledgeNotice': (request) => notices.acknowledge(request.id),
    'connection/status': () => ({ publisher: 'unknown', checkedAt: null }),
    'staff/session': () => null,
    'staff/signOut': () => null,
    'profiles/list': () => profiles.list(technician.isOpen()),
    'profiles/save': async (request) => {
      const view = await profiles.save(request.profile, request.accountKey);
      await input.reconnect();
      return view;
    },
    'profiles/activate': async (request) => {
      const view = await profiles.activate(request.id);
      await input.reconnect();
      return view;
    },
    'profiles/remove': (request) => profiles.remove(request.id),
    'technician/state': () => technician.state(),
    'technician/open': (request) => technician.open(request),
    'technician/close': () => technician.close(),
    'technician/setPin': (request) => technician.setPin(request.pin),
    ...diagnostics.handlers,
    ...input.workstation.handlers,
  };
  const dispatcher = createDispatcher(
    { ...refusing, ...reachable },
    { staffSignedIn: () => false, technicianAtWork: () => technician.use(), adminSignedIn: () => false, boardLocked: () => false, offices: NO_OFFICES },
  );
  // Said before any access rule: "sign in first" would send staff to a sign-in that cannot work.
  const dispatch: Dispatch = (channel, payload) =>
    isChannel(channel) && !(channel in reachable) ? Promise.resolve(fail(notConnectedError().toJSON())) : dispatcher(channel, payload);
  return { dispatch, events, close: async () => technician.dispose() };
}
