import { DeskError, isDeskError } from '../../src-shared/errors';
import type { StartupNotice } from '../../src-shared/ipc/contract';
import { plainTextAddresses, type ConnectionProfile } from '../../src-shared/profile';
import { logger } from '../log';
import type { TrainingPort } from '../features';
import { revertArrivalOverHttp } from '../sandbox/publisher/trainer-client';
import { startSandbox, type RunningSandbox, type SandboxStartOptions } from '../sandbox/start';
import { type ProfileStore, TRAINING_PROFILE_ID } from '../store/profiles';

const log = logger('connection');

export type { SandboxStartOptions };

export interface ResolvedConnection {
  profile: ConnectionProfile;
  accountKey: string;
  /** Set only when the desk runs its own training sandbox. */
  training: TrainingPort | null;
  notices: StartupNotice[];
  /** Stops what the connection started (the training sandbox). */
  close(): Promise<void>;
}

/**
 * Picks what the desk connects to at start: the active saved profile with its key,
 * or the Training sandbox. A profile that cannot be used (its key unreadable on
 * this computer, say) never stops the desk: it starts in Training and says why.
 */
export async function resolveConnection(store: ProfileStore, sandboxOptions: SandboxStartOptions): Promise<ResolvedConnection> {
  // A damaged settings file is told through notices.json (src-main/store/notices.ts), kept until acknowledged.
  const notices: StartupNotice[] = [];
  const activeId = store.activeProfileId();
  const saved = activeId === TRAINING_PROFILE_ID ? null : store.find(activeId);
  if (saved) {
    try {
      // A profile written before https was required is not used as it stands: its key would travel in clear.
      const inClear = plainTextAddresses(saved);
      if (inClear.length > 0) throw new DeskError('PROFILE_INSECURE', `Plain http refused for ${inClear.join(', ')}.`);
      return { profile: saved, accountKey: await store.accountKey(saved.id), training: null, notices, close: async () => {} };
    } catch (error) {
      if (!isDeskError(error)) throw error;
      log.warn('active profile unusable, starting in training', { code: error.code });
      notices.push({ kind: 'profile-unusable', id: 'profile-unusable', profileName: saved.name, code: error.code });
    }
  }
  const sandbox = await startSandbox(sandboxOptions);
  return { profile: sandbox.profile, accountKey: sandbox.accountKey, training: trainingPortOf(sandbox), notices, close: () => sandbox.close() };
}

/** The little of the training world product features may know; the sandbox stays here. */
export function trainingPortOf(sandbox: RunningSandbox): TrainingPort {
  return {
    profile: sandbox.profile,
    officePlaces: sandbox.world.publisher.officePlaces.map(({ platformId, name, visibleId }) => ({ platformId, name, visibleId })),
    accounts: sandbox.trainingAccounts,
    revertArrival: (appointmentId) => revertArrivalOverHttp(sandbox, appointmentId),
  };
}
