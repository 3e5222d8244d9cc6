import type { CHECKIN_CHANNELS } from '../../src-shared/ipc/features/checkin.names';
import { DisplayFeed } from '../display/feed';
import type { DisplayWindows } from '../display/windows';
import type { DeskContext, DeskFeature, TicketPrinter } from '../features';
import { PlatformBoardClient } from '../platform/tickets/board';
import { PlatformHttp } from '../platform/tickets/http';
import { ReceptionClient } from '../platform/tickets/reception';
import { CheckinService } from './service';

export interface CheckinFeatureOptions {
  /** The desk printer (printing feature). */
  printer: TicketPrinter;
  /** The public display window (Electron only). */
  displays?: DisplayWindows;
}

/** Composes desk check-in and the public display behind their IPC channels. */
export async function createCheckinFeature(
  context: DeskContext,
  options: CheckinFeatureOptions,
): Promise<DeskFeature<typeof CHECKIN_CHANNELS>> {
  const http = new PlatformHttp({ platformUrl: context.profile.platformUrl, licenceUuid: context.profile.licenceUuid, accountKey: context.accountKey });
  const service = new CheckinService({ publisher: context.publisher, reception: new ReceptionClient(http), staff: context.staff, printer: options.printer });
  const feed = new DisplayFeed(new PlatformBoardClient(http), () => context.staff.workplace()?.officePlaceId ?? null);
  const displays = options.displays;
  return {
    handlers: {
      'checkin/search': (request) => service.search(request),
      'checkin/byCode': (request) => service.byCode(request.code),
      'checkin/readiness': (request) => service.readiness(request.appointmentIds),
      'checkin/checkIn': (request) => service.checkIn(request.appointmentIds),
      'checkin/undo': (request) => service.undo(request.mainAppointmentId),
      'display/calls': () => feed.calls(),
      'display/screens': () => ({ windowAvailable: displays !== undefined, screens: displays?.screens() ?? [] }),
      'display/open': (request) => {
        displays?.open(request.screenId);
        return { opened: displays !== undefined };
      },
    },
  };
}
