import path from 'node:path';
import { z } from 'zod';
import { DeskError } from '../../src-shared/errors';
import { AtomicJsonFile } from './atomic-file';
import { reportDamage } from './notices';

/**
 * What encrypts secrets at rest: Electron's `safeStorage` in the app (OS keychain,
 * DPAPI, libsecret), an in-memory key in tests. The same asynchronous calls as
 * safeStorage (its synchronous ones are deprecated); `shouldReEncrypt` says the
 * keychain rotated its key and the value should be sealed again.
 */
export interface Keystore {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

const secretsFileSchema = z.object({
  version: z.literal(1),
  /** base64 ciphertexts by `scope/name`; never a plain value. */
  entries: z.record(z.string(), z.string()),
});

export type SecretName = 'accountKey' | 'adminToken';

/**
 * The desk's secrets (account keys, admin tokens), only in main, only encrypted.
 * When the OS offers no encryption the desk refuses to store them and says why;
 * it never falls back to plain text.
 */
export class SecretStore {
  private readonly file: AtomicJsonFile<typeof secretsFileSchema>;
  private entries: Record<string, string> | null = null;

  constructor(
    file: string,
    private readonly keystore: Keystore,
  ) {
    this.file = new AtomicJsonFile(file, secretsFileSchema);
  }

  available(): Promise<boolean> {
    return this.keystore.isAsyncEncryptionAvailable();
  }

  async get(scope: string, name: SecretName): Promise<string | null> {
    const stored = (await this.load())[key(scope, name)];
    if (stored === undefined) return null;
    await this.requireEncryption();
    let opened: { result: string; shouldReEncrypt: boolean };
    try {
      opened = await this.keystore.decryptStringAsync(Buffer.from(stored, 'base64'));
    } catch (error) {
      throw new DeskError('SECRET_UNREADABLE', 'A stored secret could not be decrypted on this computer; enter it again.', { cause: error });
    }
    // The keychain rotated its key: sealed again now, best effort (the value read is right either way).
    if (opened.shouldReEncrypt) await this.set(scope, name, opened.result).catch(() => undefined);
    return opened.result;
  }

  async set(scope: string, name: SecretName, value: string): Promise<void> {
    await this.requireEncryption();
    const sealed = (await this.keystore.encryptStringAsync(value)).toString('base64');
    const entries = { ...(await this.load()), [key(scope, name)]: sealed };
    await this.file.write({ version: 1, entries });
    this.entries = entries;
  }

  async remove(scope: string, name?: SecretName): Promise<void> {
    const entries = Object.fromEntries(
      Object.entries(await this.load()).filter(([entry]) => (name ? entry !== key(scope, name) : !entry.startsWith(`${scope}/`))),
    );
    await this.file.write({ version: 1, entries });
    this.entries = entries;
  }

  private async requireEncryption(): Promise<void> {
    if (!(await this.keystore.isAsyncEncryptionAvailable())) {
      throw new DeskError(
        'SECRET_STORAGE_UNAVAILABLE',
        'This computer offers no secure storage for secrets (OS keychain); the desk will not store them in clear.',
      );
    }
  }

  private async load(): Promise<Record<string, string>> {
    if (this.entries) return this.entries;
    const outcome = await this.file.read();
    // A corrupt secrets file is kept aside by the reader; its secrets must be entered again, and staff are told so.
    if (outcome.status === 'corrupt') {
      await reportDamage(path.dirname(this.file.file), { file: 'secrets.json', keptAs: outcome.keptAs, reason: outcome.reason, lost: null, recovered: null });
    }
    this.entries = outcome.status === 'ok' ? outcome.value.entries : {};
    return this.entries;
  }
}

function key(scope: string, name: SecretName): string {
  return `${scope}/${name}`;
}
