import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { encryptedEnvelopeSchema, type EncryptedEnvelope } from '../../src-shared/publisher/schemas';

/**
 * The contract's end-to-end encryption (Authentication, "End-to-end encryption"):
 * a 32-byte AES-256-GCM session key wrapped with RSA-OAEP/SHA-256, and the
 * envelope `{encrypted: {v: 1, iv, data}}` where `data` is ciphertext || tag.
 *
 * Side-agnostic on purpose: the sandbox publisher opens requests and seals answers
 * with it, and the desk's contract client will seal requests and open answers with
 * the same functions. Nothing here logs, and errors carry a reason, never key or
 * plaintext material.
 */

export const ENVELOPE_VERSION = 1;
export const SESSION_KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
/** Contract: RSA at least 2048 bits. */
export const MIN_RSA_BITS = 2048;

export type EnvelopeFailure =
  | 'malformedEnvelope'
  | 'unsupportedVersion'
  | 'malformedKey'
  | 'unknownKey'
  | 'badKeyLength'
  | 'badTag'
  | 'weakKey';

export class EnvelopeError extends Error {
  readonly reason: EnvelopeFailure;
  constructor(reason: EnvelopeFailure, message: string) {
    super(message);
    this.name = 'EnvelopeError';
    this.reason = reason;
  }
}

// A plain character class (no repeated group): linear and backtrack-free even on a
// 13 MB upload, where a grouped pattern would exhaust the regexp stack.
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard padded base64, nothing else (no whitespace, no `data:` prefix, no URL alphabet). */
export function isStrictBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64_CHARS.test(text);
}

/**
 * Buffer.from(…, 'base64') silently skips garbage, so a corrupted envelope would
 * decode to *something*; the contract wants it refused, hence the strict check.
 */
export function decodeBase64Strict(text: string): Buffer | null {
  return isStrictBase64(text) ? Buffer.from(text, 'base64') : null;
}

export type PrivateKeyInput = string | KeyObject;
export type PublicKeyInput = string | KeyObject;

function assertStrongRsa(key: KeyObject): KeyObject {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
    throw new EnvelopeError('weakKey', `An RSA key of at least ${MIN_RSA_BITS} bits is required.`);
  }
  return key;
}

/** Parses PEM private keys once (parsing on every request would cost more than the unwrap). */
export function loadPrivateKeys(keys: readonly PrivateKeyInput[]): KeyObject[] {
  return keys.map((key) => assertStrongRsa(typeof key === 'string' ? createPrivateKey(key) : key));
}

export function loadPublicKey(key: PublicKeyInput): KeyObject {
  return assertStrongRsa(typeof key === 'string' ? createPublicKey(key) : key);
}

/** A fresh key per attempt, retries included (contract rule 5). */
export function createSessionKey(): Buffer {
  return randomBytes(SESSION_KEY_BYTES);
}

/** RSA-OAEP (SHA-256) wrap of a session key, base64: the `X-Kiosk-Encryption-Key` value. */
export function wrapSessionKey(sessionKey: Uint8Array, publicKey: PublicKeyInput): string {
  if (sessionKey.length !== SESSION_KEY_BYTES) {
    throw new EnvelopeError('badKeyLength', `A session key has ${SESSION_KEY_BYTES} bytes.`);
  }
  const key = loadPublicKey(publicKey);
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sessionKey).toString('base64');
}

/**
 * Unwraps with each private key in turn (rotation): the first one that yields a
 * 32-byte key wins. A key that decrypts to another length is treated like a key
 * that does not decrypt at all, so a stale key cannot shadow the right one.
 */
export function unwrapSessionKey(wrappedBase64: string, privateKeys: readonly PrivateKeyInput[]): Buffer {
  const wrapped = decodeBase64Strict(wrappedBase64);
  if (!wrapped || wrapped.length === 0) throw new EnvelopeError('malformedKey', 'The wrapped session key is not base64.');
  let sawWrongLength = false;
  for (const candidate of privateKeys) {
    const key = typeof candidate === 'string' ? createPrivateKey(candidate) : candidate;
    let unwrapped: Buffer;
    try {
      unwrapped = privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, wrapped);
    } catch {
      continue;
    }
    if (unwrapped.length === SESSION_KEY_BYTES) return unwrapped;
    sawWrongLength = true;
  }
  throw sawWrongLength
    ? new EnvelopeError('badKeyLength', `The session key does not have ${SESSION_KEY_BYTES} bytes.`)
    : new EnvelopeError('unknownKey', 'No private key unwraps the session key.');
}

/** Seals with a NEW random IV every time: an answer never reuses the request's IV. */
export function sealEnvelope(sessionKey: Uint8Array, plaintext: string | Uint8Array): EncryptedEnvelope {
  if (sessionKey.length !== SESSION_KEY_BYTES) {
    throw new EnvelopeError('badKeyLength', `A session key has ${SESSION_KEY_BYTES} bytes.`);
  }
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sessionKey, iv, { authTagLength: TAG_BYTES });
  const body = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext;
  const data = Buffer.concat([cipher.update(body), cipher.final(), cipher.getAuthTag()]);
  return { encrypted: { v: ENVELOPE_VERSION, iv: iv.toString('base64'), data: data.toString('base64') } };
}

export function sealJson(sessionKey: Uint8Array, value: unknown): EncryptedEnvelope {
  return sealEnvelope(sessionKey, JSON.stringify(value));
}

/** Opens an envelope (any JSON value accepted; the shape is checked here). Returns the plaintext bytes. */
export function openEnvelope(sessionKey: Uint8Array, envelope: unknown): Buffer {
  if (sessionKey.length !== SESSION_KEY_BYTES) {
    throw new EnvelopeError('badKeyLength', `A session key has ${SESSION_KEY_BYTES} bytes.`);
  }
  const version = (envelope as { encrypted?: { v?: unknown } } | null)?.encrypted?.v;
  if (version !== undefined && version !== ENVELOPE_VERSION) {
    throw new EnvelopeError('unsupportedVersion', 'Unsupported envelope version.');
  }
  const parsed = encryptedEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) throw new EnvelopeError('malformedEnvelope', 'Malformed encrypted envelope.');
  const iv = decodeBase64Strict(parsed.data.encrypted.iv);
  const data = decodeBase64Strict(parsed.data.encrypted.data);
  if (!iv || iv.length !== IV_BYTES || !data || data.length < TAG_BYTES) {
    throw new EnvelopeError('malformedEnvelope', 'Malformed encrypted envelope.');
  }
  const decipher = createDecipheriv('aes-256-gcm', sessionKey, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new EnvelopeError('badTag', 'The envelope does not authenticate with this session key.');
  }
}
