import type { App } from 'electron';
import type { DeploymentRead } from '../deployment/file';
import { logger } from '../log';

const log = logger('shell');

/** Whether the desk starts with the session: the deployment file's word when it says, else this desk's setting (off by default). */
export function startsWithSession(deployment: DeploymentRead, local: boolean): boolean {
  // A refused deployment file is not half applied: the desk's own setting stands.
  if (deployment.status === 'ok' && deployment.deployment.startWithSession !== undefined) return deployment.deployment.startWithSession;
  return local;
}

/**
 * Registers (or removes) the desk as an app opened when the Windows or macOS session opens.
 * Set at every start, so that turning it off in the deployment file takes it away too.
 */
export function applyStartWithSession(app: Pick<App, 'setLoginItemSettings'>, openAtLogin: boolean): void {
  try {
    app.setLoginItemSettings({ openAtLogin });
    log.info('start with the session', { openAtLogin });
  } catch (error) {
    // Linux has no login items in Electron: the session's autostart folder is IT's to fill.
    log.warn('start with the session not set', { error: error instanceof Error ? error.name : 'unknown' });
  }
}
