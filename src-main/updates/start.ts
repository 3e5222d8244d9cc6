import type { AppUpdater } from 'electron-updater';
import type { DeploymentRead } from '../deployment/file';
import type { DeskEvents } from '../events/bus';
import { logger } from '../log';
import { UpdateService } from './service';

const log = logger('updates');

export interface StartUpdatesInput {
  deployment: DeploymentRead;
  /** electron-updater's autoUpdater, loaded only when the deployment file names a server. */
  updater: () => Promise<AppUpdater>;
  dataDir: string;
  /** The desk's events: a staff session under way holds the install hour back. */
  events: Pick<DeskEvents, 'subscribe'>;
}

/**
 * Background updates when the deployment file names an update server; none otherwise
 * (a desk installed by hand is updated by hand). The install hour waits while staff are signed in.
 */
export async function startUpdates(input: StartUpdatesInput): Promise<UpdateService | null> {
  if (input.deployment.status !== 'ok' || !input.deployment.deployment.updates) return null;
  const settings = input.deployment.deployment.updates;
  let signedIn = false;
  input.events.subscribe((event, payload) => {
    if (event === 'staff/sessionChanged') signedIn = payload !== null;
  });
  const service = new UpdateService({ updater: await input.updater(), settings, dataDir: input.dataDir, staffSignedIn: () => signedIn });
  service.start();
  log.info('updates from the deployment file', { channel: settings.channel, installHour: settings.installHour });
  return service;
}
