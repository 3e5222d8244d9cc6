import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keystore } from '../../src-main/store/secrets';

/** Stands in for Electron's safeStorage (which needs the Electron binary): real AES-GCM, key in memory. */
export class TestKeystore implements Keystore {
  constructor(
    private readonly key: Buffer = randomBytes(32),
    public available = true,
  ) {}

  /** Set to make the next reads say the keychain rotated its key (safeStorage's `shouldReEncrypt`). */
  rotated = false;
  /** How many values were sealed: a re-encryption shows here. */
  sealed = 0;

  isAsyncEncryptionAvailable(): Promise<boolean> {
    return Promise.resolve(this.available);
  }

  encryptStringAsync(plainText: string): Promise<Buffer> {
    this.sealed += 1;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Promise.resolve(Buffer.concat([iv, cipher.getAuthTag(), body]));
  }

  async decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(0, 12));
    decipher.setAuthTag(encrypted.subarray(12, 28));
    const result = Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    return { result, shouldReEncrypt: this.rotated };
  }
}
