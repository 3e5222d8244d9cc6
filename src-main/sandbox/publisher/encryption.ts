import type { KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { EnvelopeError, loadPrivateKeys, openEnvelope, sealJson, unwrapSessionKey } from '../../crypto/envelope';
import type { EncryptedEnvelope } from '../../../src-shared/publisher/schemas';
import { contractError, errors } from './errors';
import { headerValue } from './headers';
import { parseJsonText } from './json';
import type { PublisherBehaviour } from './options';

/**
 * The publisher side of end-to-end encryption. A request to one of the 10
 * kiosk-originated operations is either encrypted (both headers, body in an
 * envelope) or clear; anything in between is DECRYPTION_FAILED, in clear, so a
 * kiosk is never silently downgraded.
 */
export type EncryptionScope =
  /** The 10 kiosk-originated operations. */
  | 'contract'
  /** Outside the 10, but patient data: sealed when the caller encrypts (by-ticket, document content). */
  | 'optional'
  /** /config/*, staff sign-in, PUT status, deferred notification. */
  | 'never';

export interface Session {
  /** The unwrapped 32-byte session key, or null for a clear call. */
  key: Buffer | null;
}

export class PublisherEncryption {
  private readonly keys: KeyObject[];

  constructor(private readonly config: PublisherBehaviour['encryption']) {
    // Parsed once at start-up: a bad PEM is a configuration error, not a request error.
    this.keys = config ? loadPrivateKeys(config.privateKeysPem) : [];
  }

  get enabled(): boolean {
    return this.config !== null;
  }

  open(request: FastifyRequest, scope: EncryptionScope): Session {
    if (scope === 'never') return { key: null };
    const flag = headerValue(request, 'x-kiosk-encryption');
    const wrapped = headerValue(request, 'x-kiosk-encryption-key');
    if (flag === null && wrapped === null) {
      const refused = this.config?.clearCalls === 'refuseAll' || (scope === 'contract' && this.config?.clearCalls === 'refuse');
      if (refused && this.config) {
        throw contractError(400, this.config.refusalCode, 'This operation requires end-to-end encryption.');
      }
      return { key: null };
    }
    if (flag !== 'v1') throw errors.decryptionFailed('unsupportedVersion');
    if (wrapped === null) throw errors.decryptionFailed('missingKey');
    // A kiosk encrypting towards a publisher that holds no key must not be answered in clear.
    if (!this.config) throw errors.decryptionFailed('unknownKey');
    try {
      return { key: unwrapSessionKey(wrapped, this.keys) };
    } catch (error) {
      throw errors.decryptionFailed(error instanceof EnvelopeError ? error.reason : 'unknownKey');
    }
  }

  /** The plaintext JSON text of an encrypted body; a plain body under encryption headers is refused. */
  static openBody(key: Buffer, raw: string): string {
    let envelope: unknown;
    try {
      envelope = parseJsonText(raw);
    } catch {
      throw errors.decryptionFailed('malformedEnvelope');
    }
    if (typeof envelope !== 'object' || envelope === null || !('encrypted' in envelope)) {
      throw errors.decryptionFailed('plainBody');
    }
    try {
      return openEnvelope(key, envelope).toString('utf8');
    } catch (error) {
      throw errors.decryptionFailed(error instanceof EnvelopeError ? error.reason : 'malformedEnvelope');
    }
  }

  /** Same session key, new IV (sealEnvelope draws one per call). */
  static seal(key: Buffer, payload: unknown): EncryptedEnvelope {
    return sealJson(key, payload);
  }
}
