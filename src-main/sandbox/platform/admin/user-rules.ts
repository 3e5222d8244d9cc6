import type { UpdateUserRequest } from '../../../../src-shared/platform/admin';
import type { UserRole } from '../../world/types';
import { requireRole, requireUserInScope, type Principal } from './access';
import type { UserRecord } from './accounts';
import type { AdminContext } from './context';
import { badRequest, conflict, forbidden } from './errors';

/**
 * Who may give which account to whom. Checks run in the order: role (403), field
 * references (400), scope (403), uniqueness (409) — so a plain user always gets 403
 * and learns nothing about existing e-mails.
 */
function requireKnownLicence(ctx: AdminContext, field: string, licenceId: number): void {
  if (!ctx.licensing.byId(licenceId)) throw badRequest(`Invalid body: ${field}: unknown licence ${licenceId}`, [{ path: field, message: `unknown licence ${licenceId}` }]);
}

/**
 * A new account (created or invited): an admin creates only non-superadmin accounts
 * of their current licence; a superadmin anything. The default licence defaults to
 * the creator's current licence. Returns that licence.
 */
export function checkNewAccount(
  ctx: AdminContext,
  principal: Principal,
  account: { email: string; role: UserRole; defaultLicenceId?: number | undefined },
): number | null {
  requireRole(principal, ['admin', 'superadmin'], 'Creating or inviting users');
  const licenceId = account.defaultLicenceId ?? principal.licenceId;
  if (licenceId !== null) requireKnownLicence(ctx, 'defaultLicenceId', licenceId);
  if (principal.user.role === 'admin') {
    if (account.role === 'superadmin') throw forbidden('An admin cannot create superadmin accounts.');
    if (licenceId === null || licenceId !== principal.licenceId) throw forbidden('An admin creates users only on their own licence.');
  }
  if (ctx.accounts.emailTaken(account.email)) throw conflict('E-mail already used by another account.');
  return licenceId;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** The fields of `patch` whose value differs from the account's: only real changes are judged. */
function changes(target: UserRecord, patch: UpdateUserRequest): Set<keyof UpdateUserRequest> {
  const changed = new Set<keyof UpdateUserRequest>();
  for (const key of Object.keys(patch) as (keyof UpdateUserRequest)[]) {
    const value = patch[key];
    if (value === undefined) continue;
    if (key === 'password') changed.add(key);
    else if (key === 'grantedLicenceIds') {
      if (!sameIds([...new Set(patch.grantedLicenceIds)].sort((a, b) => a - b), [...target.grantedLicenceIds].sort((a, b) => a - b))) changed.add(key);
    } else if (value !== target[key]) changed.add(key);
  }
  return changed;
}

/**
 * An edit: within scope; nobody changes their own role (no self-lockout, no
 * self-promotion); a user edits only their own name, phone and password; an admin
 * cannot promote to superadmin, move an account to another licence or grant licences;
 * only a superadmin grants licences.
 */
export function checkAccountUpdate(ctx: AdminContext, principal: Principal, target: UserRecord, patch: UpdateUserRequest): void {
  requireUserInScope(principal, target);
  const changed = changes(target, patch);
  const self = target.id === principal.user.id;
  if (self && changed.has('role')) throw forbidden('You cannot change your own role.');
  if (principal.user.role === 'user') {
    const allowed = new Set<keyof UpdateUserRequest>(['firstName', 'lastName', 'phone', 'password']);
    const refused = [...changed].filter((key) => !allowed.has(key));
    if (refused.length > 0) throw forbidden(`A user may change only their name, phone and password (refused: ${refused.join(', ')}).`);
  }
  if (principal.user.role === 'admin') {
    if (patch.role === 'superadmin' && changed.has('role')) throw forbidden('An admin cannot promote to superadmin.');
    if (changed.has('defaultLicenceId') && patch.defaultLicenceId !== principal.licenceId) {
      throw forbidden('An admin cannot move an account to another licence.');
    }
    if (changed.has('grantedLicenceIds')) throw forbidden('Only a superadmin grants licences.');
  }
  if (changed.has('defaultLicenceId') && patch.defaultLicenceId) requireKnownLicence(ctx, 'defaultLicenceId', patch.defaultLicenceId);
  if (changed.has('grantedLicenceIds')) {
    for (const id of patch.grantedLicenceIds ?? []) requireKnownLicence(ctx, 'grantedLicenceIds', id);
  }
  if (patch.email !== undefined && ctx.accounts.emailTaken(patch.email, target.id)) throw conflict('E-mail already used by another account.');
}
