import type { LoginResponse } from '../../../../src-shared/platform/admin';
import { publicUser, type UserRecord } from './accounts';
import type { AdminContext } from './context';
import { unauthorized } from './errors';
import { checkPassword } from './passwords';

/**
 * E-mail + password → the account, or 401 with one message for every failure
 * (unknown e-mail, wrong password, invitation never accepted): the answer does not
 * tell which e-mails have an account.
 */
export async function checkCredentials(ctx: AdminContext, email: string, password: string): Promise<UserRecord> {
  const user = ctx.accounts.byEmail(email);
  const ok = await checkPassword(user?.password ?? null, password, ctx.decoy);
  if (!user || !ok) throw unauthorized('Invalid e-mail or password.');
  return user;
}

/** The licence a fresh sign-in is bound to: the default one, while it exists. */
export function homeLicence(ctx: AdminContext, user: UserRecord): number | null {
  return user.defaultLicenceId !== null && ctx.licensing.byId(user.defaultLicenceId) ? user.defaultLicenceId : null;
}

export async function tokenResponse(ctx: AdminContext, user: UserRecord, licenceId: number | null): Promise<LoginResponse> {
  const { token } = await ctx.tokens.issue({ userId: user.id, role: user.role, licenceId });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: ctx.tokens.ttlSeconds,
    currentLicenceId: licenceId,
    user: publicUser(user),
  };
}
