import { logger } from '../../../log';
import type { UserRecord } from './accounts';
import type { AdminContext } from './context';
import { badRequest } from './errors';
import { issueOneTimeToken, oneTimeTokenMatches } from './one-time-tokens';
import { Outbox } from './outbox';
import { PasswordHash } from './passwords';

const log = logger('sandbox-admin');

/** Refused before anything changes, so an unreachable address leaves no half-made account. */
export function requireReachable(email: string): void {
  if (!Outbox.reachable(email)) {
    throw badRequest('E-mail unreachable: the sandbox does not deliver to .invalid addresses.', [{ path: 'email', message: 'unreachable' }]);
  }
}

/** Issues a fresh invitation token (the previous one stops working) and e-mails it. */
export function sendInvitation(ctx: AdminContext, user: UserRecord): Date {
  requireReachable(user.email);
  const { token, pending } = issueOneTimeToken('invitation', ctx.now(), ctx.invitationTtlSeconds);
  user.pending = pending;
  ctx.outbox.sendToken('invitation', user, token, pending.expiresAt);
  log.info('invitation sent', { userId: user.id });
  return pending.expiresAt;
}

/**
 * Seeded accounts never activated were invited before the training day began: their
 * invitation waits in the outbox, so a trainee can accept it as the README says.
 */
export function inviteSeededAccounts(ctx: AdminContext): void {
  for (const user of ctx.accounts.list()) if (user.password === null) sendInvitation(ctx, user);
}

/**
 * Forgot-password: a reset token e-mailed when the account exists and is reachable,
 * nothing otherwise; the caller answers the same in every case. A never-activated
 * account gets a reset link too: it reaches the same mailbox as the invitation.
 */
export function sendPasswordReset(ctx: AdminContext, email: string): void {
  const user = ctx.accounts.byEmail(email);
  if (!user || !Outbox.reachable(user.email)) return;
  const { token, pending } = issueOneTimeToken('password-reset', ctx.now(), ctx.resetTtlSeconds);
  user.pending = pending;
  ctx.outbox.sendToken('password-reset', user, token, pending.expiresAt);
  log.info('password reset sent', { userId: user.id });
}

/**
 * Sets the password from an invitation or reset link and activates the account. The
 * token is consumed before the (slow) hashing so that it can serve only once.
 */
export async function setPasswordWithToken(ctx: AdminContext, email: string, token: string, password: string): Promise<UserRecord> {
  const user = ctx.accounts.byEmail(email);
  if (!user || !oneTimeTokenMatches(user.pending, token, ctx.now())) {
    throw badRequest('Invitation or reset link invalid, already used or expired.', [{ path: 'token', message: 'invalid, used or expired' }]);
  }
  user.pending = null;
  user.password = await PasswordHash.of(password);
  log.info('password set', { userId: user.id });
  return user;
}
