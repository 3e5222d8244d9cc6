import type { DISPLAY_CHANNELS } from '../../src-shared/ipc/features/display.names';
import type { DeskFeature, DeskJournalPort } from '../features';
import type { DeskEvents } from '../events/bus';
import type { TicketStreamFactory } from '../infrastructure';
import type { PlatformBoardClient } from '../platform/tickets/board';
import type { PublisherClient } from '../publisher/client';
import type { DisplayCalls } from '../../src-shared/ipc/features/display.contract';
import type { StaffSessionService } from '../staff/session';
import { ClinicName } from './clinic-name';
import { DisplayFeed } from './feed';
import type { DisplayWindows } from './windows';

export interface DisplayDeps {
  board: Pick<PlatformBoardClient, 'listForDay' | 'answers'>;
  ticketStream: TicketStreamFactory;
  events: DeskEvents;
  staff: Pick<StaffSessionService, 'workplace'>;
  /** Lists the office places: the one of this desk names the clinic on the screen. */
  publisher: Pick<PublisherClient, 'getConfig'>;
  /** Calls recorded at this desk when the platform does not take them (its own display shows them). */
  journal: Pick<DeskJournalPort, 'tickets' | 'subscribe'>;
  /** The public display window (Electron only). */
  displays?: DisplayWindows;
}

/** Composes the public display behind its IPC channels: it needs no staff session. */
export function createDisplayFeature(deps: DisplayDeps): DeskFeature<typeof DISPLAY_CHANNELS> {
  const officePlaceId = () => deps.staff.workplace()?.officePlaceId ?? null;
  const clinic = new ClinicName({ publisher: deps.publisher });
  const named = async (calls: DisplayCalls): Promise<DisplayCalls> => ({ ...calls, clinic: await clinic.of(officePlaceId()) });
  const feed = new DisplayFeed({
    platform: deps.board,
    openStream: deps.ticketStream,
    officePlaceId,
    changed: (calls) => void named(calls).then((answer) => deps.events.emit('display/callsChanged', answer)),
    journal: deps.journal,
  });
  const { displays } = deps;
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
