import type { UserRole } from '../../world/types';
import type { UserRecord } from './accounts';
import { forbidden } from './errors';
import type { Licensing } from './licensing';

/** Who is calling: the live account, and the licence its token or session is bound to. */
export interface Principal {
  user: UserRecord;
  /** The current licence (the default one at login, another after a switch). */
  licenceId: number | null;
  expiresAt: Date;
}

/**
 * Role rules (spec: "Authentication" 3, "What the service does" 2 and 5):
 * - superadmin: every licence and every account;
 * - admin: the licence their token is bound to — their default one, or one granted to
 *   them after a switch — and the non-superadmin accounts whose default licence it is;
 * - user: their own account only; no licence, user or integration management.
 */
export function requireRole(principal: Principal, roles: readonly UserRole[], what: string): void {
  if (!roles.includes(principal.user.role)) throw forbidden(`${what} requires the ${roles.join(' or ')} role.`);
}

export function requireSuperadmin(principal: Principal, what: string): void {
  requireRole(principal, ['superadmin'], what);
}

/** Licences an account may be bound to: all (superadmin), default + granted (admin), default (user). */
export function accessibleLicenceIds(user: UserRecord, licensing: Licensing): number[] {
  const all = licensing.list().map((licence) => licence.id);
  if (user.role === 'superadmin') return all;
  const wanted = new Set<number>(user.role === 'admin' ? user.grantedLicenceIds : []);
  if (user.defaultLicenceId !== null) wanted.add(user.defaultLicenceId);
  return all.filter((id) => wanted.has(id));
}

/** Reading or changing a licence, its integrations: superadmin, or an admin bound to it. */
export function requireLicenceAdministration(principal: Principal, licenceId: number): void {
  requireRole(principal, ['admin', 'superadmin'], 'Licence administration');
  if (principal.user.role === 'admin' && principal.licenceId !== licenceId) {
    throw forbidden(`An admin manages only the licence their token is bound to (${principal.licenceId ?? 'none'}).`);
  }
}

/** Whether `target` is one of the accounts the principal administers (or is themself). */
export function userInScope(principal: Principal, target: UserRecord): boolean {
  switch (principal.user.role) {
    case 'superadmin':
      return true;
    case 'admin':
      return (
        target.id === principal.user.id ||
        (target.role !== 'superadmin' && principal.licenceId !== null && target.defaultLicenceId === principal.licenceId)
      );
    case 'user':
      return target.id === principal.user.id;
  }
}

export function requireUserInScope(principal: Principal, target: UserRecord): void {
  if (!userInScope(principal, target)) throw forbidden(`User ${target.id} is outside your scope.`);
}
