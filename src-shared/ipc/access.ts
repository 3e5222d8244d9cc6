import type { Channel } from './channels';

/**
 * Who may call a channel. Rules do not nest: a technician is not staff, an admin is not a
 * technician; each is proven by its own credential (docs/access-rules.md).
 * - `public`: anyone at the desk (the display, sign-in, app info, notices, read-only status).
 * - `staff`: a signed-in reception staff member (board, check-in, statistics, reprints).
 * - `technician`: technician mode is open (printer target and tests, connection probes, profiles).
 * - `admin`: a platform administration session (the administration service's JWT).
 */
export const ACCESS_RULES = ['public', 'staff', 'technician', 'admin'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

/** Every channel's rule, checked by the dispatcher before the handler runs; a new channel cannot be added without one. */
export const channelAccess = {
  'app/info': 'public',
  'app/acknowledgeNotice': 'public',
  'connection/status': 'public',
  'connection/probe': 'technician',
  'connection/compatibility': 'technician',
  'staff/signIn': 'public',
  'staff/session': 'public',
  'staff/signOut': 'public',
  'profiles/list': 'public',
  'profiles/save': 'technician',
  'profiles/activate': 'technician',
  'profiles/remove': 'technician',
  'board/workplaceOptions': 'staff',
  'board/chooseWorkplace': 'staff',
  'board/snapshot': 'staff',
  'board/callNext': 'staff',
  'board/call': 'staff',
  'board/setStatus': 'staff',
  'board/saveSettings': 'staff',
  'board/lock': 'staff',
  'board/unlock': 'staff',
  'checkin/search': 'staff',
  'checkin/byCode': 'staff',
  'checkin/readiness': 'staff',
  'checkin/checkIn': 'staff',
  'checkin/undo': 'staff',
  'display/calls': 'public',
  'display/screens': 'public',
  'display/open': 'public',
  'printing/reprint': 'staff',
  'printing/overview': 'public',
  'printing/saveSettings': 'technician',
  'printing/detect': 'technician',
  'printing/testPrint': 'technician',
  'printing/cancelJob': 'technician',
  'printing/checkStatus': 'public',
  'admin/signIn': 'public',
  'admin/session': 'public',
  'admin/signOut': 'public',
  'admin/forgotPassword': 'public',
  'admin/setPassword': 'public',
  'admin/switchLicence': 'admin',
  'admin/listLicences': 'admin',
  'admin/createLicence': 'admin',
  'admin/updateLicence': 'admin',
  'admin/removeLicence': 'admin',
  'admin/listUsers': 'admin',
  'admin/createUser': 'admin',
  'admin/updateUser': 'admin',
  'admin/removeUser': 'admin',
  'admin/inviteUser': 'admin',
  'admin/resendInvitation': 'admin',
  'admin/integrations': 'admin',
  'admin/savePublisherIntegration': 'admin',
  'admin/saveTestServerIntegration': 'admin',
  'admin/removeIntegration': 'admin',
  'admin/probeIntegration': 'admin',
  'admin/uploadReferential': 'admin',
  // Training only (the handler refuses elsewhere): a trainee resetting a password reads it before any sign-in.
  'admin/trainingOutbox': 'public',
  'statistics/day': 'staff',
  'statistics/live': 'staff',
  'statistics/exportCsv': 'staff',
  'technician/state': 'public',
  'technician/open': 'public',
  'technician/close': 'public',
  'technician/setPin': 'technician',
} as const satisfies Record<Channel, AccessRule>;
