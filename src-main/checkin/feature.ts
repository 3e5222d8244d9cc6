import type { CHECKIN_CHANNELS } from '../../src-shared/ipc/features/checkin.names';
import type { DeskFeature } from '../features';
import { CheckinService, type CheckinServiceDeps } from './service';

/** Composes desk check-in behind its IPC channels. */
export function createCheckinFeature(deps: CheckinServiceDeps): DeskFeature<typeof CHECKIN_CHANNELS> {
  const service = new CheckinService(deps);
  return {
    handlers: {
      'checkin/search': (request) => service.search(request),
      'checkin/byCode': (request) => service.byCode(request.code),
      'checkin/readiness': (request) => service.readiness(request.appointmentIds),
      'checkin/checkIn': (request) => service.checkIn(request.appointmentIds),
      'checkin/undo': (request) => service.undo(request.mainAppointmentId),
      'checkin/reverify': (request) => service.reverify(request.appointmentId),
      'checkin/trainerRevertArrival': (request) => service.trainerRevertArrival(request.appointmentId),
    },
  };
}
