import { timingSafeEqual } from 'node:crypto';
import type { SandboxLicence } from '../world/types';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The ticket services authenticate with the raw account key in `Authorization` and
 * the licence UUID in the body; both must name the same licence.
 */
export function resolveLicence(
  licences: readonly SandboxLicence[],
  authorization: string | undefined,
  licenceUuid: unknown,
): SandboxLicence | null {
  if (typeof authorization !== 'string' || typeof licenceUuid !== 'string') return null;
  const licence = licences.find((candidate) => candidate.uuid === licenceUuid);
  return licence && sameSecret(licence.accountKey, authorization) ? licence : null;
}

export { sameSecret };
