import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password storage: scrypt with a random salt per password, compared in constant time.
 * Only the derived key is kept; plaintext passwords live no longer than the request that
 * carries them (the training seeds', public anyway, until their first check).
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
  #key: Promise<Buffer> | null;
  /** A seed's training password until its first check derives the key (see `onFirstCheck`). */
  #seed: string | null;

  private constructor(salt: Buffer, key: Promise<Buffer> | null, seed: string | null) {
    this.#salt = salt;
    this.#key = key;
    this.#seed = seed;
  }

  static async of(password: string): Promise<PasswordHash> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt);
    return new PasswordHash(salt, Promise.resolve(key), null);
  }

  /**
   * A hash whose key is derived at its first check: the training sandbox's seeded accounts
   * (and the decoy), so that a desk's start-up does not wait for an scrypt per seed on two
   * cores. Every check still compares two scrypt keys, so timing tells no more than before.
   */
  static onFirstCheck(password: string): PasswordHash {
    return new PasswordHash(randomBytes(SALT_BYTES), null, password);
  }

  async matches(password: string): Promise<boolean> {
    if (this.#key === null) {
      this.#key = derive(this.#seed ?? '', this.#salt);
      this.#seed = null;
    }
    const [candidate, key] = await Promise.all([derive(password, this.#salt), this.#key]);
    return timingSafeEqual(candidate, key);
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
