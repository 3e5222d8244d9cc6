import type { DISPLAY_CHANNELS } from '../../src-shared/ipc/features/display.names';
import type { DeskFeature, DeskJournalPort } from '../features';
import type { DeskEvents } from '../events/bus';
import type { TicketStreamFactory } from '../infrastructure';
import type { PlatformBoardClient } from '../platform/tickets/board';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { DisplayCalls } from '../../src-shared/ipc/features/display.contract';
import type { StaffSessionService } from '../staff/session';
import { DisplayFeed } from './feed';
import type { DisplayWindows } from './windows';

export interface DisplayDeps {
  board: Pick<PlatformBoardClient, 'listForDay' | 'answers'>;
  ticketStream: TicketStreamFactory;
  events: DeskEvents;
  staff: Pick<StaffSessionService, 'workplace'>;
  /** Its name is the clinic's name on the screen. */
  profile: Pick<ConnectionProfile, 'name'>;
  /** Calls recorded at this desk when the platform does not take them (its own display shows them). */
  journal: Pick<DeskJournalPort, 'tickets' | 'subscribe'>;
  /** The public display window (Electron only). */
  displays?: DisplayWindows;
}

/** Composes the public display behind its IPC channels: it needs no staff session. */
export function createDisplayFeature(deps: DisplayDeps): DeskFeature<typeof DISPLAY_CHANNELS> {
  const feed = new DisplayFeed({
    platform: deps.board,
    openStream: deps.ticketStream,
    officePlaceId: () => deps.staff.workplace()?.officePlaceId ?? null,
    changed: (calls) => deps.events.emit('display/callsChanged', named(calls)),
    journal: deps.journal,
  });
  const { displays } = deps;
  const named = (calls: DisplayCalls): DisplayCalls => ({ ...calls, clinic: deps.profile.name });
  return {
    handlers: {
      'display/calls': async () => named(await feed.calls()),
      'display/screens': () => ({ windowAvailable: displays !== undefined, screens: displays?.screens() ?? [] }),
      'display/open': (request) => {
        displays?.open(request.screenId);
        return { opened: displays !== undefined };
      },
    },
    close: async () => feed.dispose(),
  };
}
