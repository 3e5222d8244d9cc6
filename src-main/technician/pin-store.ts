import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';
import { z } from 'zod';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

const KEY_LENGTH = 32;

const fileSchema = z.object({
  /** scrypt of the PIN with its own random salt (base64); the PIN itself is never written. */
  pin: z.object({ salt: z.string().min(1), hash: z.string().min(1) }).nullable(),
});

function derive(pin: string, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFC'), salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The desk's local technician PIN, hashed in `technician.json` of the data folder.
 * A damaged file is kept aside and told like every durable file; the desk then has
 * no PIN until a supervisor sets one again.
 */
export class TechnicianPinStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof fileSchema>,
    private stored: z.output<typeof fileSchema>['pin'],
  ) {}

  static async open(dataDir: string): Promise<TechnicianPinStore> {
    const { file, value } = await openDurable(dataDir, 'technician.json', fileSchema);
    return new TechnicianPinStore(file, value?.pin ?? null);
  }

  isSet(): boolean {
    return this.stored !== null;
  }

  async set(pin: string): Promise<void> {
    const salt = randomBytes(16);
    const hash = await derive(pin, salt);
    const stored = { salt: salt.toString('base64'), hash: hash.toString('base64') };
    await this.file.write({ pin: stored });
    this.stored = stored;
  }

  async matches(pin: string): Promise<boolean> {
    if (!this.stored) return false;
    const expected = Buffer.from(this.stored.hash, 'base64');
    const actual = await derive(pin, Buffer.from(this.stored.salt, 'base64'));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
