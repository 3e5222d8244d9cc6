import { randomBytes } from 'node:crypto';
import { WEB_SESSION_COOKIE } from '../../../../src-shared/platform/admin';
import type { UserRole } from '../../world/types';

/**
 * The web pages' session (spec: mechanism not shown): a random id in an HttpOnly,
 * SameSite=Strict cookie, mapped in memory to the account and its licence. No
 * `Secure` flag: the sandbox serves plain HTTP on 127.0.0.1.
 */
export interface WebSession {
  userId: number;
  role: UserRole;
  licenceId: number | null;
  expiresAt: Date;
}

export class WebSessions {
  readonly #sessions = new Map<string, WebSession>();
  readonly #now: () => Date;
  readonly #ttlSeconds: number;

  constructor(now: () => Date, ttlSeconds: number) {
    this.#now = now;
    this.#ttlSeconds = ttlSeconds;
  }

  open(userId: number, role: UserRole, licenceId: number | null): { id: string; session: WebSession } {
    this.#sweep();
    const id = randomBytes(32).toString('base64url');
    const session = { userId, role, licenceId, expiresAt: new Date(this.#now().getTime() + this.#ttlSeconds * 1000) };
    this.#sessions.set(id, session);
    return { id, session };
  }

  find(cookieHeader: string | undefined): WebSession | null {
    const id = readCookie(cookieHeader, WEB_SESSION_COOKIE);
    const session = id ? this.#sessions.get(id) : undefined;
    if (!session) return null;
    if (session.expiresAt.getTime() <= this.#now().getTime()) {
      this.#sessions.delete(id!);
      return null;
    }
    return session;
  }

  close(cookieHeader: string | undefined): void {
    const id = readCookie(cookieHeader, WEB_SESSION_COOKIE);
    if (id) this.#sessions.delete(id);
  }

  /** Sessions of deleted accounts must not outlive them. */
  closeAllOf(userId: number): void {
    for (const [id, session] of this.#sessions) if (session.userId === userId) this.#sessions.delete(id);
  }

  setCookie(id: string): string {
    return `${WEB_SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${this.#ttlSeconds}`;
  }

  static clearCookie(): string {
    return `${WEB_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
  }

  #sweep(): void {
    const now = this.#now().getTime();
    for (const [id, session] of this.#sessions) if (session.expiresAt.getTime() <= now) this.#sessions.delete(id);
  }
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}
