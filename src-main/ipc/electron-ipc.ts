import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNELS } from '../../src-shared/ipc/channels';
import { fail } from '../../src-shared/result';
import type { DeskEvents } from '../events/bus';
import { logger } from '../log';
import type { Dispatch } from './dispatch';
import { isTrustedSender, type SenderPolicy } from './sender';

const log = logger('ipc');

/** Registers exactly the contract's channels; each refuses foreign senders before any work. */
export function registerIpcHandlers(ipcMain: IpcMain, dispatch: Dispatch, policy: SenderPolicy): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, payload: unknown) => {
      if (!isTrustedSender(event, policy)) {
        log.warn('refused a message from a foreign sender', { channel });
        return fail({ code: 'FORBIDDEN_SENDER', message: 'This window may not use the desk.' });
      }
      return dispatch(channel, payload);
    });
  }
}

/** Forwards main → renderer events to the app's windows. */
export function forwardEvents(events: Pick<DeskEvents, 'subscribe'>, targets: () => WebContents[]): () => void {
  return events.subscribe((event, payload) => {
    for (const contents of targets()) if (!contents.isDestroyed()) contents.send(event, payload);
  });
}
