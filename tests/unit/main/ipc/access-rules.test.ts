import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_RULES_DOC, renderAccessRules } from '../../../../scripts/access-rules-doc';
import { createDispatcher, type HandlerTable } from '../../../../src-main/ipc/dispatch';
import { DeskError } from '../../../../src-shared/errors';
import { channelAccess, type AccessRule } from '../../../../src-shared/ipc/access';
import { CHANNELS, type Channel } from '../../../../src-shared/ipc/channels';

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
]);
const BY_DOMAIN: Record<string, AccessRule> = { board: 'staff', checkin: 'staff', statistics: 'staff', printing: 'staff', display: 'public', admin: 'admin' };

function expectedRule(channel: Channel): AccessRule {
  if (PUBLIC.has(channel)) return 'public';
  if (TECHNICIAN.has(channel)) return 'technician';
  const rule = BY_DOMAIN[channel.split('/')[0]!];
  if (!rule) throw new Error(`${channel}: no expected rule; add it to this test`);
  return rule;
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

function credentials(caller: Caller) {
  return { staffSignedIn: () => caller === 'staff', technicianAtWork: () => caller === 'technician', adminSignedIn: () => caller === 'admin' };
}

describe('access rules per channel', () => {
  it('the table holds the policy for every channel', () => {
    expect(Object.fromEntries(CHANNELS.map((channel) => [channel, channelAccess[channel]]))).toEqual(
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

  it('docs/access-rules.md is the table as generated (npx tsx scripts/access-rules-doc.ts)', () => {
    expect(readFileSync(ACCESS_RULES_DOC, 'utf8')).toBe(renderAccessRules());
  });
});
