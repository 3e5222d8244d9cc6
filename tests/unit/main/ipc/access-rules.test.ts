import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_RULES_DOC, renderAccessRules } from '../../../../scripts/access-rules-doc';
import { createDispatcher, type HandlerTable } from '../../../../src-main/ipc/dispatch';
import type { OfficeCheck } from '../../../../src-main/ipc/access';
import { DeskError } from '../../../../src-shared/errors';
import { channelAccess, type AccessRule } from '../../../../src-shared/ipc/access';
import { CHANNELS, type Channel } from '../../../../src-shared/ipc/channels';
import type { CheckinSearchResponse } from '../../../../src-shared/ipc/features/checkin.contract';
import { staffRequests, type StaffChannel } from '../../../helpers/staff-requests';

/**
 * The policy of issue 15 written apart from the table, so a rule removed or loosened in
 * src-shared/ipc/access.ts fails here: whole domains by default, then the named exceptions.
 */
const PUBLIC = new Set<Channel>([
  'app/info',
  'app/acknowledgeNotice',
  'connection/status',
  'staff/signIn',
  'staff/session',
  'staff/signOut',
  'profiles/list',
  'printing/overview',
  'printing/state',
  'printing/checkStatus',
  'admin/signIn',
  'admin/session',
  'admin/signOut',
  'admin/forgotPassword',
  'admin/setPassword',
  'admin/trainingOutbox',
  'technician/state',
  'technician/open',
  'technician/close',
  'workstation/settings',
]);
const TECHNICIAN = new Set<Channel>([
  'connection/probe',
  'connection/compatibility',
  'profiles/save',
  'profiles/activate',
  'profiles/remove',
  'printing/saveSettings',
  'printing/detect',
  'printing/testPrint',
  'printing/cancelJob',
  'technician/setPin',
  'diagnostics/about',
  'diagnostics/export',
  'workstation/setStartWithSession',
]);
const BY_DOMAIN: Record<string, AccessRule> = { board: 'staff', checkin: 'staff', statistics: 'staff', printing: 'staff', display: 'public', admin: 'admin' };

function expectedRule(channel: Channel): AccessRule {
  if (PUBLIC.has(channel)) return 'public';
  if (TECHNICIAN.has(channel)) return 'technician';
  const rule = BY_DOMAIN[channel.split('/')[0]!];
  if (!rule) throw new Error(`${channel}: no expected rule; add it to this test`);
  return rule;
}

/**
 * The lock policy of issue 23, apart from the table: at a locked desk only what names no patient and
 * changes nothing of the desk answers (the lock screen's own needs, unlocking, the day's figures).
 */
const WORKS_LOCKED = new Set<Channel>(['board/workplaceOptions', 'board/snapshot', 'board/lock', 'board/unlock', 'board/office', 'statistics/day', 'statistics/live', 'statistics/waitEstimate']);

/** The office rule of issue 23, apart from the table: what each channel carrying an office, an appointment or a patient checks. */
const OFFICE: Partial<Record<Channel, string>> = {
  'board/chooseWorkplace': 'place',
  'checkin/search': 'answer',
  'checkin/byCode': 'answer',
  'checkin/readiness': 'appointments',
  'checkin/checkIn': 'appointments',
  'checkin/undo': 'appointments',
  'checkin/reverify': 'appointments+answer',
  'checkin/trainerRevertArrival': 'appointments+answer',
  'printing/reprint': 'appointments',
  ...Object.fromEntries(
    ['snapshot', 'callNext', 'call', 'setStatus', 'hold', 'undoHeld', 'office', 'setDeskState', 'setQueue', 'queueOptions', 'transfer', 'absent', 'dismissAbsent', 'unsent', 'dropUnsent', 'focus'].map((action) => [`board/${action}`, 'workplace']),
  ),
  'statistics/day': 'workplace',
  'statistics/live': 'workplace',
  'statistics/waitEstimate': 'workplace',
  'statistics/exportCsv': 'workplace',
};

function declaredOffice(channel: Channel): string | undefined {
  const access = channelAccess[channel];
  if (access.rule !== 'staff' || access.office === null) return undefined;
  if (access.office === 'workplace') return 'workplace';
  return Object.keys(access.office).join('+');
}

type Caller = 'nobody' | 'staff' | 'technician' | 'admin';
const CALLERS: Caller[] = ['nobody', 'staff', 'technician', 'admin'];
const REFUSED_WITH: Record<Exclude<AccessRule, 'public'>, string> = { staff: 'NOT_SIGNED_IN', technician: 'TECHNICIAN_MODE_REQUIRED', admin: 'NOT_SIGNED_IN' };

/** Every handler answers a marker error: reaching it is what "allowed" means here. */
function reachedTable(): { table: HandlerTable; reached: ReturnType<typeof vi.fn> } {
  const reached = vi.fn(() => {
    throw new DeskError('UNKNOWN_DOCUMENT', 'reached the handler');
  });
  return { table: Object.fromEntries(CHANNELS.map((channel) => [channel, reached])) as unknown as HandlerTable, reached };
}

/** An office rule that refuses every office and keeps no patient: what reaches it is what the table declares. */
function refusingOffices() {
  const forbidden = () => Promise.reject(new DeskError('FORBIDDEN', 'not granted'));
  return {
    requirePlace: vi.fn(forbidden),
    requireWorkplace: vi.fn(forbidden),
    requireAppointments: vi.fn(forbidden),
    grantedPatients: vi.fn(async (_answer: CheckinSearchResponse): Promise<CheckinSearchResponse> => ({ patients: [] })),
  } satisfies OfficeCheck;
}

/** Every office granted: the tests of who may call and of the lock are not about offices. */
const grantingOffices: OfficeCheck = {
  requirePlace: async () => undefined,
  requireWorkplace: async () => undefined,
  requireAppointments: async () => undefined,
  grantedPatients: async (answer) => answer,
};

function credentials(caller: Caller, locked = false, offices: OfficeCheck = grantingOffices) {
  return { staffSignedIn: () => caller === 'staff', technicianAtWork: () => caller === 'technician', adminSignedIn: () => caller === 'admin', boardLocked: () => locked, offices };
}

const SAMPLES = staffRequests({ appointmentId: 'A1', ticketId: 'T1', officePlaceId: 3, code: 'QR-1' });
const STAFF_CHANNELS = CHANNELS.filter((channel) => expectedRule(channel) === 'staff');

describe('access rules per channel', () => {
  it('the table holds the policy for every channel', () => {
    expect(Object.fromEntries(CHANNELS.map((channel) => [channel, channelAccess[channel].rule]))).toEqual(
      Object.fromEntries(CHANNELS.map((channel) => [channel, expectedRule(channel)])),
    );
  });

  const cases = CHANNELS.flatMap((channel) => CALLERS.map((caller) => ({ channel, caller, rule: expectedRule(channel) })));
  it.each(cases)('$channel ($rule) called by $caller', async ({ channel, caller, rule }) => {
    const { table, reached } = reachedTable();
    const result = await createDispatcher(table, credentials(caller))(channel, undefined);
    expect(result.ok).toBe(false);
    const allowed = rule === 'public' || rule === caller;
    if (allowed) {
      // Reached the handler, or stopped by the request's own validation: never by the access rule.
      expect(result.ok ? null : result.error.code).not.toBe(rule === 'public' ? 'NOT_SIGNED_IN' : REFUSED_WITH[rule]);
      expect(result.ok ? null : result.error.code).toMatch(/^(UNKNOWN_DOCUMENT|BAD_REQUEST)$/);
    } else {
      expect(result).toEqual({ ok: false, error: { code: REFUSED_WITH[rule as Exclude<AccessRule, 'public'>], message: expect.any(String) } });
      expect(reached).not.toHaveBeenCalled();
    }
  });

  it('the table holds the lock policy for every staff channel', () => {
    expect(Object.fromEntries(STAFF_CHANNELS.map((channel) => [channel, channelAccess[channel]]).map(([channel, access]) => [channel, (access as { locked: string }).locked]))).toEqual(
      Object.fromEntries(STAFF_CHANNELS.map((channel) => [channel, WORKS_LOCKED.has(channel) ? 'works' : 'refused'])),
    );
  });

  it.each(STAFF_CHANNELS)('%s called by staff at a locked desk', async (channel) => {
    const { table, reached } = reachedTable();
    const result = await createDispatcher(table, credentials('staff', true))(channel, SAMPLES[channel as StaffChannel]);
    if (WORKS_LOCKED.has(channel)) {
      expect(result.ok ? null : result.error.code).not.toBe('BOARD_LOCKED');
    } else {
      // Refused before the request is read, like NOT_SIGNED_IN: a malformed request is refused for the lock too.
      expect(result).toEqual({ ok: false, error: { code: 'BOARD_LOCKED', message: expect.any(String) } });
      expect(await createDispatcher(table, credentials('staff', true))(channel, { malformed: true })).toMatchObject({ ok: false, error: { code: 'BOARD_LOCKED' } });
      expect(reached).not.toHaveBeenCalled();
    }
  });

  it.each(CHANNELS.filter((channel) => expectedRule(channel) !== 'staff'))('%s is not the staff lock\'s (its own credential decides)', async (channel) => {
    const { table } = reachedTable();
    const result = await createDispatcher(table, credentials(expectedRule(channel) === 'public' ? 'nobody' : (expectedRule(channel) as Caller), true))(channel, undefined);
    expect(result.ok ? null : result.error.code).not.toBe('BOARD_LOCKED');
  });

  it('the table holds the office policy for every channel', () => {
    expect(Object.fromEntries(CHANNELS.map((channel) => [channel, declaredOffice(channel)]))).toEqual(Object.fromEntries(CHANNELS.map((channel) => [channel, OFFICE[channel]])));
  });

  it.each(STAFF_CHANNELS)('%s under the office rule of an office not granted', async (channel) => {
    const patient = { id: 'P1', displayName: 'Léa Garnier-Vidal', birthDate: '1980-01-01', appointments: [] };
    const reached = vi.fn((): unknown => ({ patients: [patient] }));
    const table = Object.fromEntries(CHANNELS.map((name) => [name, reached])) as unknown as HandlerTable;
    const offices = refusingOffices();
    const result = await createDispatcher(table, credentials('staff', false, offices))(channel, SAMPLES[channel as StaffChannel]);
    const rule = OFFICE[channel];
    if (rule === undefined) {
      expect(result.ok ? null : result.error.code).not.toBe('FORBIDDEN');
      for (const check of Object.values(offices)) expect(check).not.toHaveBeenCalled();
    } else if (rule === 'answer') {
      // Reached, and the answer went through the office rule: the patient of another office is not in it.
      expect(offices.grantedPatients).toHaveBeenCalledWith({ patients: [patient] });
      expect(result).toEqual({ ok: true, value: { patients: [] } });
    } else {
      expect(result).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect(reached).not.toHaveBeenCalled();
      const asked = { workplace: offices.requireWorkplace, place: offices.requirePlace, appointments: offices.requireAppointments, 'appointments+answer': offices.requireAppointments }[rule]!;
      expect(asked).toHaveBeenCalledWith(...(rule === 'workplace' ? [] : rule === 'place' ? [3] : [['A1']]));
    }
  });

  it('docs/access-rules.md is the table as generated (npx tsx scripts/access-rules-doc.ts)', () => {
    expect(readFileSync(ACCESS_RULES_DOC, 'utf8')).toBe(renderAccessRules());
  });
});
