import type { AppInfo } from '../../src-shared/ipc/contract';
import type { ConnectionMonitor } from '../connection/monitor';
import type { LastChecks } from '../diagnostics/last-checks';
import { checkCompatibility } from '../publisher/compatibility';
import { probeConfigRoutes } from '../publisher/probe';
import type { PublisherClient } from '../publisher/client';
import type { ProfilesService } from '../profiles/service';
import type { NoticeBoard } from '../store/notices';
import type { StaffSessionService } from '../staff/session';
import type { TechnicianMode } from '../technician/mode';
import type { ADMIN_CHANNELS } from '../../src-shared/ipc/features/admin.names';
import type { BOARD_CHANNELS } from '../../src-shared/ipc/features/board.names';
import type { CHECKIN_CHANNELS } from '../../src-shared/ipc/features/checkin.names';
import type { DIAGNOSTICS_CHANNELS } from '../../src-shared/ipc/features/diagnostics.names';
import type { DISPLAY_CHANNELS } from '../../src-shared/ipc/features/display.names';
import type { PRINTING_CHANNELS } from '../../src-shared/ipc/features/printing.names';
import type { STATISTICS_CHANNELS } from '../../src-shared/ipc/features/statistics.names';
import type { WORKSTATION_CHANNELS } from '../../src-shared/ipc/features/workstation.names';
import type { FeatureHandlers } from '../features';
import type { HandlerTable } from './dispatch';

export interface DeskServices {
  info: AppInfo;
  notices: NoticeBoard;
  connection: ConnectionMonitor;
  /** The running profile's publisher: the technician's configuration probe and compatibility check go through it. */
  publisher: PublisherClient;
  /** The last probe and compatibility check, kept for the diagnostics archive. */
  checks: LastChecks;
  staff: StaffSessionService;
  technician: TechnicianMode;
  profiles: ProfilesService;
  features: {
    board: FeatureHandlers<typeof BOARD_CHANNELS>;
    checkin: FeatureHandlers<typeof CHECKIN_CHANNELS>;
    display: FeatureHandlers<typeof DISPLAY_CHANNELS>;
    printing: FeatureHandlers<typeof PRINTING_CHANNELS>;
    admin: FeatureHandlers<typeof ADMIN_CHANNELS>;
    statistics: FeatureHandlers<typeof STATISTICS_CHANNELS>;
    diagnostics: FeatureHandlers<typeof DIAGNOSTICS_CHANNELS>;
    workstation: FeatureHandlers<typeof WORKSTATION_CHANNELS>;
  };
}

/** One line per channel: handlers only route to services, which hold the logic. */
export function createHandlerTable(services: DeskServices): HandlerTable {
  return {
    'app/info': () => services.info,
    'app/acknowledgeNotice': (request) => services.notices.acknowledge(request.id),
    'connection/status': () => services.connection.current(),
    'connection/probe': () => services.checks.record('probe', probeConfigRoutes(services.publisher)),
    'connection/compatibility': (request) => services.checks.record('compatibility', checkCompatibility(services.publisher, request)),
    'staff/signIn': (request) => services.staff.signIn(request),
    'staff/session': () => services.staff.current(),
    'staff/signOut': () => services.staff.signOut(),
    // Public: a stranger at the desk learns the names, not the addresses and licences (those need staff or a technician).
    'profiles/list': () => services.profiles.list(services.staff.current() !== null || services.technician.isOpen()),
    'profiles/save': (request) => services.profiles.save(request.profile, request.accountKey),
    'profiles/activate': (request) => services.profiles.activate(request.id),
    'profiles/remove': (request) => services.profiles.remove(request.id),
    'technician/state': () => services.technician.state(),
    'technician/open': (request) => services.technician.open(request),
    'technician/close': () => services.technician.close(),
    'technician/setPin': (request) => services.technician.setPin(request.pin),
    ...services.features.board,
    ...services.features.checkin,
    ...services.features.display,
    ...services.features.printing,
    ...services.features.admin,
    ...services.features.statistics,
    ...services.features.diagnostics,
    ...services.features.workstation,
  };
}
