import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password storage: scrypt with a random salt per password, compared in constant time.
 * Only the derived key is kept; plaintext passwords live no longer than the request
 * (or the start-up seeding) that carries them.
 */
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** OWASP's minimum for scrypt (N=2^14, r=8, p=1): ~40 ms per hash on a developer machine. */
const COST: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * An scrypt hash. Serialises to nothing, so that a record holding one can never put
 * it in a response or a log line by accident.
 */
export class PasswordHash {
  readonly #salt: Buffer;
  readonly #key: Buffer;

  private constructor(salt: Buffer, key: Buffer) {
    this.#salt = salt;
    this.#key = key;
  }

  static async of(password: string): Promise<PasswordHash> {
    const salt = randomBytes(SALT_BYTES);
    return new PasswordHash(salt, await derive(password, salt));
  }

  async matches(password: string): Promise<boolean> {
    const candidate = await derive(password, this.#salt);
    return timingSafeEqual(candidate, this.#key);
  }

  toJSON(): undefined {
    return undefined;
  }

  toString(): string {
    return '[password hash]';
  }
}

/**
 * Checks a password against an account that may have none (unknown e-mail, or an
 * invitation never accepted) in about the same time as a real check, so that timing
 * does not tell which e-mails have an account.
 */
export async function checkPassword(hash: PasswordHash | null, password: string, decoy: PasswordHash): Promise<boolean> {
  if (!hash) {
    await decoy.matches(password);
    return false;
  }
  return hash.matches(password);
}
