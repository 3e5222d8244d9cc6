import type { KeyObject } from 'node:crypto';
import { ENCRYPTION_HEADER, ENCRYPTION_KEY_HEADER, ENCRYPTION_VERSION } from '../../src-shared/publisher/schemas';
import { createSessionKey, EnvelopeError, loadPublicKey, openEnvelope, sealJson, wrapSessionKey } from '../crypto/envelope';
import type { Outgoing } from '../net/json-http';
import { ContractError } from './errors';

/**
 * The desk side of the contract's end-to-end encryption: one session per attempt
 * (a new session key and, through sealEnvelope, a new IV, retries included), the
 * request body replaced by the envelope, and the answer opened with the SAME key.
 * Nothing here logs; errors name a reason, never key or plaintext material.
 */
export interface RequestSession {
  key: Buffer;
  headers: Record<string, string>;
}

/** Parses the profile's PEM once; a bad PEM is a profile problem, reported as such. */
export function parsePublisherKey(pem: string): KeyObject {
  try {
    return loadPublicKey(pem);
  } catch {
    throw new ContractError(
      'PROFILE_INVALID',
      "The publisher public key of the connection profile is not an RSA public key of at least 2048 bits (PEM).",
    );
  }
}

export function openSession(publicKey: KeyObject): RequestSession {
  const key = createSessionKey();
  return {
    key,
    headers: { [ENCRYPTION_HEADER]: ENCRYPTION_VERSION, [ENCRYPTION_KEY_HEADER]: wrapSessionKey(key, publicKey) },
  };
}

export function sealBody(session: RequestSession, body: unknown): string {
  return JSON.stringify(sealJson(session.key, body));
}

/**
 * The plaintext of a 2xx answer to an encrypted call. A clear answer is refused
 * (anti-downgrade: the desk never accepts patient data in clear once it encrypts),
 * and so is an envelope that does not authenticate with the session key — a bad
 * tag means the answer was altered or sealed with another key, a fault of the
 * path or the publisher, not of this desk: CONTRACT_VIOLATION, never retried.
 */
export function openAnswer(session: RequestSession, operation: string, status: number, encryptionHeader: string | null, raw: string): string {
  if (encryptionHeader !== ENCRYPTION_VERSION) {
    throw new ContractError(
      'CONTRACT_VIOLATION',
      `The medical system answered ${operation} in clear to an encrypted call (no ${ENCRYPTION_HEADER}: ${ENCRYPTION_VERSION}); the answer was refused.`,
      { status, reason: 'clearAnswer' },
    );
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch {
    throw new ContractError('CONTRACT_VIOLATION', `The medical system answered ${operation} with an envelope that is not JSON.`, {
      status,
      reason: 'malformedEnvelope',
    });
  }
  try {
    return openEnvelope(session.key, envelope).toString('utf8');
  } catch (error) {
    const reason = error instanceof EnvelopeError ? error.reason : 'malformedEnvelope';
    throw new ContractError(
      'CONTRACT_VIOLATION',
      `The medical system's encrypted answer to ${operation} could not be opened (${reason}); the answer was refused.`,
      { status, reason },
    );
  }
}

/**
 * One sealed attempt as the JSON core sends it: a new session (key and IV) per
 * attempt, retries included (contract, encryption rule 5), the body sealed, the
 * answer opened with the same key. A 204 has no body and so nothing sealed (rule 6).
 */
export function sealedAttempt(publicKey: KeyObject, operation: string, headers: Record<string, string>, body: unknown): Outgoing {
  const session = openSession(publicKey);
  return {
    headers: { ...headers, ...session.headers },
    body: body === undefined ? undefined : sealBody(session, body),
    open: (answer) => (answer.status === 204 ? answer.text : openAnswer(session, operation, answer.status, answer.header(ENCRYPTION_HEADER), answer.text)),
  };
}
