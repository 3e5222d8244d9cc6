import type { Channel } from './channels';
import type { RequestOf } from './contract';

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

/**
 * Whether a staff channel answers while the desk is locked. The lock screen promises the next
 * person at the counter sees no patient: only what names no patient and changes nothing of the
 * desk works locked (what the lock screen needs, unlocking itself, the day's figures).
 */
export type LockedRule = 'works' | 'refused';

/** The request's fields holding what the office rule reads (an appointment id or ids, an office place). */
type FieldOf<C extends Channel, T> = {
  [K in keyof NonNullable<RequestOf<C>>]-?: NonNullable<NonNullable<RequestOf<C>>[K]> extends T ? K : never;
}[keyof NonNullable<RequestOf<C>>];

/**
 * The office rule: a staff member reaches only the patients of the offices their sign-in granted
 * (src-main/staff/office-rule.ts decides, for every channel declared here).
 * - `null`: the channel carries no appointment, patient or office place.
 * - `workplace`: it works on the desk's office place, which must be one of the granted ones.
 * - `place`: the office place the request names must be granted.
 * - `appointments`: each appointment the request names must be at a granted office place.
 * - `answer: 'patients'`: the answer's appointments at other offices are taken out, and a patient left with none.
 */
export type OfficeRule<C extends Channel> =
  | null
  | 'workplace'
  | { place: FieldOf<C, number> }
  | { appointments: FieldOf<C, string | readonly string[]>; answer?: 'patients' }
  | { answer: 'patients' };

export type ChannelAccess<C extends Channel> =
  | { rule: Exclude<AccessRule, 'staff'> }
  | { rule: 'staff'; locked: LockedRule; office: OfficeRule<C> };

const PUBLIC = { rule: 'public' } as const;
const TECHNICIAN = { rule: 'technician' } as const;
const ADMIN = { rule: 'admin' } as const;
function staff<const L extends LockedRule, const O>(locked: L, office: O) {
  return { rule: 'staff', locked, office } as const;
}

/**
 * Every channel's rules, checked by the dispatcher before the handler runs (the office rule on
 * the answer after it); a new channel cannot be added without them.
 */
export const channelAccess = {
  'app/info': PUBLIC,
  'app/acknowledgeNotice': PUBLIC,
  'connection/status': PUBLIC,
  'connection/probe': TECHNICIAN,
  'connection/compatibility': TECHNICIAN,
  'staff/signIn': PUBLIC,
  'staff/session': PUBLIC,
  'staff/signOut': PUBLIC,
  'profiles/list': PUBLIC,
  'profiles/save': TECHNICIAN,
  'profiles/activate': TECHNICIAN,
  'profiles/remove': TECHNICIAN,
  'board/workplaceOptions': staff('works', null),
  'board/chooseWorkplace': staff('refused', { place: 'officePlaceId' }),
  'board/snapshot': staff('works', 'workplace'),
  'board/callNext': staff('refused', 'workplace'),
  'board/call': staff('refused', 'workplace'),
  'board/setStatus': staff('refused', 'workplace'),
  'board/hold': staff('refused', 'workplace'),
  'board/undoHeld': staff('refused', 'workplace'),
  'board/saveSettings': staff('refused', null),
  'board/lock': staff('works', null),
  'board/unlock': staff('works', null),
  'board/office': staff('works', 'workplace'),
  'board/setDeskState': staff('refused', 'workplace'),
  'board/setQueue': staff('refused', 'workplace'),
  'board/queueOptions': staff('refused', 'workplace'),
  'board/transfer': staff('refused', 'workplace'),
  'board/absent': staff('refused', 'workplace'),
  'board/dismissAbsent': staff('refused', 'workplace'),
  'board/unsent': staff('refused', 'workplace'),
  'board/dropUnsent': staff('refused', 'workplace'),
  'board/focus': staff('refused', 'workplace'),
  'checkin/search': staff('refused', { answer: 'patients' }),
  'checkin/byCode': staff('refused', { answer: 'patients' }),
  'checkin/readiness': staff('refused', { appointments: 'appointmentIds' }),
  'checkin/checkIn': staff('refused', { appointments: 'appointmentIds' }),
  'checkin/undo': staff('refused', { appointments: 'mainAppointmentId' }),
  'checkin/reverify': staff('refused', { appointments: 'appointmentId', answer: 'patients' }),
  'checkin/trainerRevertArrival': staff('refused', { appointments: 'appointmentId', answer: 'patients' }),
  'display/calls': PUBLIC,
  'display/screens': PUBLIC,
  'display/open': PUBLIC,
  'printing/reprint': staff('refused', { appointments: 'contractAppointmentId' }),
  'printing/overview': PUBLIC,
  'printing/state': PUBLIC,
  'printing/saveSettings': TECHNICIAN,
  'printing/detect': TECHNICIAN,
  'printing/testPrint': TECHNICIAN,
  'printing/cancelJob': TECHNICIAN,
  'printing/checkStatus': PUBLIC,
  'admin/signIn': PUBLIC,
  'admin/session': PUBLIC,
  'admin/signOut': PUBLIC,
  'admin/forgotPassword': PUBLIC,
  'admin/setPassword': PUBLIC,
  'admin/switchLicence': ADMIN,
  'admin/listLicences': ADMIN,
  'admin/createLicence': ADMIN,
  'admin/updateLicence': ADMIN,
  'admin/removeLicence': ADMIN,
  'admin/listUsers': ADMIN,
  'admin/createUser': ADMIN,
  'admin/updateUser': ADMIN,
  'admin/removeUser': ADMIN,
  'admin/inviteUser': ADMIN,
  'admin/resendInvitation': ADMIN,
  'admin/integrations': ADMIN,
  'admin/savePublisherIntegration': ADMIN,
  'admin/saveTestServerIntegration': ADMIN,
  'admin/removeIntegration': ADMIN,
  'admin/probeIntegration': ADMIN,
  'admin/uploadReferential': ADMIN,
  // Training only (the handler refuses elsewhere): a trainee resetting a password reads it before any sign-in.
  'admin/trainingOutbox': PUBLIC,
  'statistics/day': staff('works', 'workplace'),
  'statistics/live': staff('works', 'workplace'),
  // Names no patient: the locked desk's display keeps showing it.
  'statistics/waitEstimate': staff('works', 'workplace'),
  'statistics/exportCsv': staff('refused', 'workplace'),
  'technician/state': PUBLIC,
  'technician/open': PUBLIC,
  'technician/close': PUBLIC,
  'technician/setPin': TECHNICIAN,
  // As printer tests and connection probes: technician mode, signed in or not (a desk nobody can sign in to needs it most).
  'diagnostics/about': TECHNICIAN,
  'diagnostics/export': TECHNICIAN,
  // Whether the desk starts with the session names nobody; changing it is the technician's, as the printer and profiles are.
  'workstation/settings': PUBLIC,
  'workstation/setStartWithSession': TECHNICIAN,
} as const satisfies { [C in Channel]: ChannelAccess<C> };

/** One channel's entry as declared, whichever the channel. */
export type DeclaredAccess = (typeof channelAccess)[Channel];
