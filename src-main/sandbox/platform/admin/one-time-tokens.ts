import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Invitation and password-reset tokens: random, single use, expiring. Only their
 * SHA-256 is kept on the account; the token itself exists in the e-mail alone.
 */
export type OneTimePurpose = 'invitation' | 'password-reset';

export interface PendingToken {
  purpose: OneTimePurpose;
  digest: Buffer;
  expiresAt: Date;
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function issueOneTimeToken(purpose: OneTimePurpose, now: Date, ttlSeconds: number): { token: string; pending: PendingToken } {
  const token = randomBytes(32).toString('base64url');
  return { token, pending: { purpose, digest: digest(token), expiresAt: new Date(now.getTime() + ttlSeconds * 1000) } };
}

/** True when `token` is the pending one and has not expired. The caller then clears it (single use). */
export function oneTimeTokenMatches(pending: PendingToken | null, token: string, now: Date): boolean {
  if (!pending) return false;
  const same = timingSafeEqual(digest(token), pending.digest);
  return same && now.getTime() < pending.expiresAt.getTime();
}
