import type { AppInfo } from '../../src-shared/ipc/contract';
import type { ConnectionMonitor } from '../connection/monitor';
import type { ProfilesService } from '../profiles/service';
import type { StaffSessionService } from '../staff/session';
import type { HandlerTable } from './dispatch';

export interface DeskServices {
  info: AppInfo;
  connection: ConnectionMonitor;
  staff: StaffSessionService;
  profiles: ProfilesService;
}

/** One line per channel: handlers only route to services, which hold the logic. */
export function createHandlerTable(services: DeskServices): HandlerTable {
  return {
    'app/info': () => services.info,
    'connection/status': () => services.connection.current(),
    'staff/signIn': (request) => services.staff.signIn(request),
    'staff/session': () => services.staff.current(),
    'staff/signOut': () => services.staff.signOut(),
    'profiles/list': () => services.profiles.view(),
    'profiles/save': (request) => services.profiles.save(request.profile, request.accountKey),
    'profiles/activate': (request) => services.profiles.activate(request.id),
    'profiles/remove': (request) => services.profiles.remove(request.id),
  };
}
