import { isDeskError } from '../../src-shared/errors';
import type { StartupNotice } from '../../src-shared/ipc/contract';
import type { ConnectionProfile } from '../../src-shared/profile';
import { logger } from '../log';
import { startSandbox, type RunningSandbox, type SandboxStartOptions } from '../sandbox/start';
import { type ProfileStore, TRAINING_PROFILE_ID } from '../store/profiles';
import path from 'node:path';

const log = logger('connection');

export interface ResolvedConnection {
  profile: ConnectionProfile;
  accountKey: string;
  /** Running only when the desk is on the Training profile. */
  sandbox: RunningSandbox | null;
  notices: StartupNotice[];
}

/**
 * Picks what the desk connects to at start: the active saved profile with its key,
 * or the Training sandbox. A profile that cannot be used (its key unreadable on
 * this computer, say) never stops the desk: it starts in Training and says why.
 */
export async function resolveConnection(store: ProfileStore, sandboxOptions: SandboxStartOptions): Promise<ResolvedConnection> {
  const notices: StartupNotice[] = store.notice ? [{ kind: 'settings-corrupt', keptAs: path.basename(store.notice.keptAs) }] : [];
  const activeId = store.activeProfileId();
  const saved = activeId === TRAINING_PROFILE_ID ? null : store.find(activeId);
  if (saved) {
    try {
      return { profile: saved, accountKey: await store.accountKey(saved.id), sandbox: null, notices };
    } catch (error) {
      if (!isDeskError(error)) throw error;
      log.warn('active profile unusable, starting in training', { code: error.code });
      notices.push({ kind: 'profile-unusable', profileName: saved.name, code: error.code });
    }
  }
  const sandbox = await startSandbox(sandboxOptions);
  return { profile: sandbox.profile, accountKey: sandbox.accountKey, sandbox, notices };
}
