import type { WORKSTATION_CHANNELS } from '../../src-shared/ipc/features/workstation.names';
import type { WorkstationSettings } from '../../src-shared/ipc/features/workstation.contract';
import type { DeskFeature } from '../features';
import { logger } from '../log';
import type { WorkstationMemory } from '../shell/workstation-store';
import { managedError } from '../store/profiles';

const log = logger('workstation');

/** Registers the desk with the session's login items at once (Electron's `app.setLoginItemSettings`). */
export type LoginItem = (openAtLogin: boolean) => void;

export interface WorkstationDeps {
  memory: Pick<WorkstationMemory, 'startWithSession' | 'setStartWithSession'>;
  /** The deployment file's `startWithSession`; undefined when it does not say (or there is no valid file). */
  deployment: boolean | undefined;
  /** Absent in the browser preview: the choice is saved for the installed app. */
  loginItem?: LoginItem;
}

/** This computer's own settings in Settings: start the desk when the user signs in (technician mode to change it). */
export function createWorkstationFeature(deps: WorkstationDeps): DeskFeature<typeof WORKSTATION_CHANNELS> {
  const settings = (): WorkstationSettings => ({
    startWithSession: deps.deployment ?? deps.memory.startWithSession,
    startWithSessionLocked: deps.deployment !== undefined,
    appliedHere: deps.loginItem !== undefined,
  });
  return {
    handlers: {
      'workstation/settings': settings,
      'workstation/setStartWithSession': async ({ startWithSession }) => {
        if (deps.deployment !== undefined) throw managedError();
        // Saved first: the login item is set again from workstation.json at every start.
        await deps.memory.setStartWithSession(startWithSession);
        deps.loginItem?.(startWithSession);
        log.info('start with the session chosen at the desk', { startWithSession });
        return settings();
      },
    },
  };
}
