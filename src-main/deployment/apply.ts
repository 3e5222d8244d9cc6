import { createHash } from 'node:crypto';
import type { DeploymentFile } from '../../src-shared/deployment';
import { isDeskError } from '../../src-shared/errors';
import { logger } from '../log';
import type { ProfileStore } from '../store/profiles';
import { removeKeysFromFile } from './file';

const log = logger('deployment');

/** Enough of a SHA-256 to tell that IT changed a key; far too little to guess one. */
export function keyFingerprint(accountKey: string): string {
  return createHash('sha256').update(accountKey).digest('hex').slice(0, 16);
}

/**
 * The deployment file's account keys, sealed with the OS keychain (safeStorage) at the first
 * start that meets them, then taken out of the file when this desk may write it. Where it may
 * not (IT's file, read-only to users), a key already sealed is never used from the file again:
 * only a different key (IT changed it) is sealed anew.
 */
export async function importDeploymentKeys(file: string, deployment: DeploymentFile, store: ProfileStore): Promise<void> {
  let inFile = false;
  for (const profile of deployment.profiles) {
    if (profile.accountKey === undefined) continue;
    inFile = true;
    const fingerprint = keyFingerprint(profile.accountKey);
    if (store.deploymentKeyImported(profile.id) === fingerprint) continue;
    try {
      await store.importDeploymentKey(profile.id, profile.accountKey, fingerprint);
      log.info('deployment account key sealed', { profile: profile.id });
    } catch (error) {
      // No keychain: the profile then has no key and the desk says so on its connect page.
      if (!isDeskError(error)) throw error;
      log.error('deployment account key not sealed', { profile: profile.id, code: error.code });
      return;
    }
  }
  if (!inFile) return;
  if (await removeKeysFromFile(file)) log.info('account keys removed from the deployment file', { file });
  else log.warn('the deployment file holds account keys in clear and this desk may not remove them: restrict who can read it', { file });
}
