import { constants, createDecipheriv, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSessionKey,
  decodeBase64Strict,
  EnvelopeError,
  IV_BYTES,
  loadPrivateKeys,
  openEnvelope,
  sealEnvelope,
  sealJson,
  TAG_BYTES,
  unwrapSessionKey,
  wrapSessionKey,
  type EnvelopeFailure,
} from '../../../../../src-main/crypto/envelope';
import { rsaPair, type RsaPair } from './harness';

function failure(run: () => unknown): EnvelopeFailure | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof EnvelopeError) return error.reason;
    throw error;
  }
}

let first: RsaPair;
let second: RsaPair;
beforeAll(() => {
  first = rsaPair();
  second = rsaPair();
});

describe('crypto/envelope', () => {
  it('seal → open round trip; data is ciphertext followed by the 16-byte tag', () => {
    const key = createSessionKey();
    const envelope = sealJson(key, { hello: 'wörld' });
    expect(envelope.encrypted.v).toBe(1);
    expect(Buffer.from(envelope.encrypted.iv, 'base64')).toHaveLength(IV_BYTES);
    expect(Buffer.from(envelope.encrypted.data, 'base64')).toHaveLength(Buffer.byteLength('{"hello":"wörld"}') + TAG_BYTES);
    expect(JSON.parse(openEnvelope(key, envelope).toString('utf8'))).toEqual({ hello: 'wörld' });
  });

  it('every seal draws a new IV, so the same key never reuses one', () => {
    const key = createSessionKey();
    const ivs = new Set(Array.from({ length: 50 }, () => sealEnvelope(key, 'same').encrypted.iv));
    expect(ivs.size).toBe(50);
  });

  it('interoperates with a plain node:crypto AES-256-GCM decryption', () => {
    const key = createSessionKey();
    const { encrypted } = sealEnvelope(key, 'interop');
    const data = Buffer.from(encrypted.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(encrypted.iv, 'base64'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    expect(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString()).toBe('interop');
  });

  it('refuses a wrong key (bad tag), a malformed envelope and another version', () => {
    const key = createSessionKey();
    const envelope = sealJson(key, { a: 1 });
    expect(failure(() => openEnvelope(createSessionKey(), envelope))).toBe('badTag');
    expect(failure(() => openEnvelope(key, { encrypted: { ...envelope.encrypted, iv: randomBytes(16).toString('base64') } }))).toBe('malformedEnvelope');
    expect(failure(() => openEnvelope(key, { encrypted: { ...envelope.encrypted, data: 'AAAA' } }))).toBe('malformedEnvelope');
    expect(failure(() => openEnvelope(key, { encrypted: { ...envelope.encrypted, data: `${envelope.encrypted.data}!` } }))).toBe('malformedEnvelope');
    expect(failure(() => openEnvelope(key, { encrypted: { ...envelope.encrypted, v: 2 } }))).toBe('unsupportedVersion');
    expect(failure(() => openEnvelope(key, { data: 'x' }))).toBe('malformedEnvelope');
    expect(failure(() => openEnvelope(key, null))).toBe('malformedEnvelope');
    expect(failure(() => openEnvelope(randomBytes(16), envelope))).toBe('badKeyLength');
  });

  it('wraps with RSA-OAEP SHA-256 and unwraps with the first private key that yields 32 bytes (rotation)', () => {
    const key = createSessionKey();
    const wrapped = wrapSessionKey(key, second.publicKeyPem);
    expect(unwrapSessionKey(wrapped, loadPrivateKeys([first.privateKeyPem, second.privateKeyPem])).equals(key)).toBe(true);
    expect(unwrapSessionKey(wrapped, [second.privateKeyPem]).equals(key)).toBe(true);
    expect(failure(() => unwrapSessionKey(wrapped, [first.privateKeyPem]))).toBe('unknownKey');
    expect(failure(() => unwrapSessionKey(wrapped, []))).toBe('unknownKey');
    expect(failure(() => unwrapSessionKey('not base64!', [second.privateKeyPem]))).toBe('malformedKey');
    const short = publicEncrypt({ key: second.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, randomBytes(16));
    expect(failure(() => unwrapSessionKey(short.toString('base64'), [second.privateKeyPem]))).toBe('badKeyLength');
    expect(failure(() => wrapSessionKey(randomBytes(16), second.publicKeyPem))).toBe('badKeyLength');
  });

  it('refuses RSA keys under 2048 bits', () => {
    const weak = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(failure(() => loadPrivateKeys([weak.privateKey]))).toBe('weakKey');
    expect(failure(() => wrapSessionKey(createSessionKey(), weak.publicKey))).toBe('weakKey');
  });

  it('decodes strict base64 only', () => {
    expect(decodeBase64Strict('AAEC')).toEqual(Buffer.from([0, 1, 2]));
    expect(decodeBase64Strict('AAE=')).toEqual(Buffer.from([0, 1]));
    expect(decodeBase64Strict('')).toEqual(Buffer.alloc(0));
    for (const bad of ['AAE', 'AA E=', 'AA-_', 'data:AAAA', 'A===', '====']) expect(decodeBase64Strict(bad)).toBeNull();
  });
});
