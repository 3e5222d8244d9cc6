import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { accessTokenClaimsSchema, type AccessTokenClaims } from '../../../../src-shared/platform/admin';
import type { UserRole } from '../../world/types';

export const TOKEN_ISSUER = 'desk-console-sandbox-platform';

export interface AccessTokens {
  issue(subject: { userId: number; role: UserRole; licenceId: number | null }): Promise<{ token: string; claims: AccessTokenClaims }>;
  /** The token's claims, or why it is refused (never the token itself). */
  verify(token: string): Promise<{ ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' }>;
  ttlSeconds: number;
}

/**
 * HS256 access tokens with the sandbox's per-run secret. Claims: `sub` (user id),
 * `role`, `licenceId` (the licence the token is bound to), `iss`, `iat`, `exp` and a
 * random `jti` so that two tokens are never equal. Time comes from the injected clock,
 * for signing and for checking, so tests can make a token expire.
 */
export function accessTokens(secret: Uint8Array, now: () => Date, ttlSeconds: number): AccessTokens {
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    ttlSeconds,
    async issue({ userId, role, licenceId }) {
      const iat = seconds();
      const claims: AccessTokenClaims = {
        sub: String(userId),
        role,
        licenceId,
        iss: TOKEN_ISSUER,
        iat,
        exp: iat + ttlSeconds,
        jti: randomUUID(),
      };
      const token = await new SignJWT({ role, licenceId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(TOKEN_ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(claims.exp)
        .setJti(claims.jti)
        .sign(secret);
      return { token, claims };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const claims = accessTokenClaimsSchema.safeParse(payload);
        return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
