import type { User } from '../../../../src-shared/platform/admin';
import type { SandboxUserSeed } from '../../world/types';
import type { PendingToken } from './one-time-tokens';
import { PasswordHash } from './passwords';

/**
 * The platform's accounts as the admin service keeps them: the seed's fields, a
 * scrypt hash instead of the password (null = invited, never activated) and at most
 * one pending invitation or reset token (a new one replaces the old one).
 */
export interface UserRecord extends Omit<SandboxUserSeed, 'password'> {
  password: PasswordHash | null;
  pending: PendingToken | null;
}

export type NewUser = Omit<UserRecord, 'id' | 'pending'>;

const emailKey = (email: string) => email.trim().toLowerCase();

export class Accounts {
  readonly #users = new Map<number, UserRecord>();

  /**
   * The seeds' training passwords become hashes derived at their first check (a start-up
   * that hashed every seed held the desk's first start ~0.5 s). The seeds
   * (`world.platform.users`) are only read here: the live accounts are in this store.
   */
  static fromSeeds(seeds: readonly SandboxUserSeed[]): Accounts {
    const accounts = new Accounts();
    for (const seed of seeds) {
      const { password, ...fields } = seed;
      const hash = password === null ? null : PasswordHash.onFirstCheck(password);
      accounts.#users.set(seed.id, { ...fields, grantedLicenceIds: [...seed.grantedLicenceIds], password: hash, pending: null });
    }
    return accounts;
  }

  list(): UserRecord[] {
    return [...this.#users.values()].sort((a, b) => a.id - b.id);
  }

  byId(id: number): UserRecord | undefined {
    return this.#users.get(id);
  }

  /** E-mails are unique case-insensitively. */
  byEmail(email: string): UserRecord | undefined {
    const key = emailKey(email);
    return this.list().find((user) => emailKey(user.email) === key);
  }

  emailTaken(email: string, exceptId?: number): boolean {
    const owner = this.byEmail(email);
    return owner !== undefined && owner.id !== exceptId;
  }

  add(fields: NewUser): UserRecord {
    const id = Math.max(0, ...this.#users.keys()) + 1;
    const record: UserRecord = { ...fields, email: fields.email.trim(), id, pending: null };
    this.#users.set(id, record);
    return record;
  }

  remove(id: number): boolean {
    return this.#users.delete(id);
  }

  /** A deleted licence leaves no dangling reference on the accounts. */
  forgetLicence(licenceId: number): void {
    for (const user of this.#users.values()) {
      if (user.defaultLicenceId === licenceId) user.defaultLicenceId = null;
      user.grantedLicenceIds = user.grantedLicenceIds.filter((id) => id !== licenceId);
    }
  }
}

/** The only view of an account that leaves the service. */
export function publicUser(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    defaultLicenceId: user.defaultLicenceId,
    canAccessCockpit: user.canAccessCockpit,
    grantedLicenceIds: [...user.grantedLicenceIds],
    activated: user.password !== null,
  };
}
