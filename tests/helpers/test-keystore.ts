import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keystore } from '../../src-main/store/secrets';

/** Stands in for Electron's safeStorage (which needs the Electron binary): real AES-GCM, key in memory. */
export class TestKeystore implements Keystore {
  constructor(
    private readonly key: Buffer = randomBytes(32),
    public available = true,
  ) {}

  isEncryptionAvailable(): boolean {
    return this.available;
  }

  encryptString(plainText: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  decryptString(encrypted: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(0, 12));
    decipher.setAuthTag(encrypted.subarray(12, 28));
    return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
  }
}
