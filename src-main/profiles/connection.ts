import { isDeskError, type DeskErrorCode } from '../../src-shared/errors';
import type { Unconnected } from '../../src-shared/ipc/contract';
import { plainTextAddresses, type ConnectionProfile } from '../../src-shared/profile';
import { logger } from '../log';
import { trustExtraCertificates } from '../net/wire';
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
  /** Stops what the connection started (the training sandbox). */
  close(): Promise<void>;
}

/** What the desk starts on: a connection, or the reason a configured desk has none. */
export type DeskConnection = { connected: ResolvedConnection } | { unconnected: Unconnected };

/**
 * Picks what the desk connects to at start: the active saved profile with its key,
 * or the Training sandbox when Training is the active profile (a desk never configured,
 * or a technician's choice). A configured desk whose profile cannot be used never falls
 * back to training: made-up patients on a real reception desk would hide the real ones.
 */
export async function resolveConnection(store: ProfileStore, sandboxOptions: SandboxStartOptions): Promise<DeskConnection> {
  const keptAs = store.damagedAs();
  if (keptAs !== null) return unconnected('settings-damaged', null, keptAs);
  const activeId = store.activeProfileId();
  if (activeId !== TRAINING_PROFILE_ID) {
    const saved = store.find(activeId);
    if (!saved) return unconnected('profile-missing', null);
    // A profile written before https was required is not used as it stands: its key would travel in clear.
    if (plainTextAddresses(saved).length > 0) return unconnected('profile-insecure', saved);
    // The profile's CA, trusted for every call of this run (Chromium's verify proc, or the Node wire's store).
    trustExtraCertificates(saved.caCertificatePem ? [saved.caCertificatePem] : []);
    try {
      return { connected: { profile: saved, accountKey: await store.accountKey(saved.id), training: null, close: async () => {} } };
    } catch (error) {
      if (!isDeskError(error)) throw error;
      return unconnected(KEY_FAILURES[error.code] ?? 'key-unreadable', saved);
    }
  }
  const sandbox = await startSandbox(sandboxOptions);
  return { connected: { profile: sandbox.profile, accountKey: sandbox.accountKey, training: trainingPortOf(sandbox), close: () => sandbox.close() } };
}

const KEY_FAILURES: Partial<Record<DeskErrorCode, Unconnected['reason']>> = {
  SECRET_UNREADABLE: 'key-unreadable',
  SECRET_STORAGE_UNAVAILABLE: 'keychain-unavailable',
  PROFILE_INVALID: 'key-missing',
};

function unconnected(reason: Unconnected['reason'], profile: ConnectionProfile | null, keptAs: string | null = null): DeskConnection {
  log.warn('configured desk cannot connect', { reason });
  return { unconnected: { reason, profileId: profile?.id ?? null, profileName: profile?.name ?? null, keptAs } };
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
