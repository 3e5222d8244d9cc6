import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../world/types';
import { accessibleLicenceIds, type Principal } from './access';
import type { Accounts } from './accounts';
import { unauthorized } from './errors';
import type { AccessTokens } from './jwt';
import type { Licensing } from './licensing';
import type { WebSessions } from './web-sessions';

export interface AuthDeps {
  accounts: Accounts;
  licensing: Licensing;
  tokens: AccessTokens;
  sessions: WebSessions;
}

export type Authenticate = (mode: 'bearer' | 'session', request: FastifyRequest) => Promise<Principal>;

/**
 * Resolves the caller of a protected route. A token (or session) is honoured only
 * while it still tells the truth: the account exists, has the role it was issued
 * with, and may still be bound to the token's licence. Otherwise 401: sign in again.
 */
export function authenticator({ accounts, licensing, tokens, sessions }: AuthDeps): Authenticate {
  function principal(userId: number, role: UserRole, licenceId: number | null, expiresAt: Date): Principal {
    const user = accounts.byId(userId);
    if (!user || user.role !== role || user.password === null) {
      throw unauthorized('The account behind these credentials has changed or no longer exists: sign in again.');
    }
    if (user.role !== 'superadmin' && licenceId !== null && !accessibleLicenceIds(user, licensing).includes(licenceId)) {
      throw unauthorized(`Licence ${licenceId} is no longer accessible to this account: sign in again.`);
    }
    return { user, licenceId, expiresAt };
  }

  async function bearer(request: FastifyRequest): Promise<Principal> {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Missing bearer token: send "Authorization: Bearer <access_token>".');
    const match = /^Bearer +(\S+)$/i.exec(header.trim());
    if (!match) throw unauthorized('Authorization must be "Bearer <access_token>".');
    const verified = await tokens.verify(match[1]!);
    if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? 'Token expired: sign in again.' : 'Invalid token.');
    const { claims } = verified;
    return principal(Number(claims.sub), claims.role, claims.licenceId, new Date(claims.exp * 1000));
  }

  async function session(request: FastifyRequest): Promise<Principal> {
    const found = sessions.find(request.headers.cookie);
    if (!found) throw unauthorized('Not signed in: POST /web-auth/login first.');
    return principal(found.userId, found.role, found.licenceId, found.expiresAt);
  }

  return async (mode, request) => (mode === 'bearer' ? bearer(request) : session(request));
}
