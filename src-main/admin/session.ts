import { DeskError } from '../../src-shared/errors';
import type { AdminSession } from '../../src-shared/ipc/features/admin.contract';
import type { CredentialsRequest } from '../../src-shared/platform/admin';
import type { DeskEvents } from '../events/bus';
import { logger } from '../log';
import type { AdminClient } from '../platform/admin/client';

const log = logger('admin');

/**
 * The administrator's platform session. The JWT lives in the client and nowhere
 * else; the renderer sees only `AdminSession` (who, which licence, until when).
 * Every authenticated call goes through `run`, so a token the platform refuses
 * ends the session here and the renderer is told at once.
 */
export class AdminSessionService {
  private current: AdminSession | null = null;

  constructor(
    private readonly client: AdminClient,
    private readonly events: DeskEvents,
  ) {}

  view(): AdminSession | null {
    return this.current;
  }

  async signIn(credentials: CredentialsRequest): Promise<AdminSession> {
    this.client.forgetToken();
    await this.client.login(credentials);
    const session = await this.run(() => this.describe());
    log.info('admin signed in', { userId: session.user.id, role: session.user.role });
    return session;
  }

  signOut(): null {
    this.client.forgetToken();
    this.replace(null);
    return null;
  }

  /** A new token bound to the chosen licence; the renderer reloads the whole admin view. */
  async switchLicence(licenceId: number): Promise<AdminSession> {
    return this.run(async () => {
      await this.client.switchLicence(licenceId);
      return this.describe();
    });
  }

  /** Re-reads profile and accessible licences (after a licence is created, renamed or deleted). */
  refresh(): Promise<AdminSession> {
    return this.run(() => this.describe());
  }

  /** Runs an authenticated call; an expired or refused token ends the session. */
  async run<T>(call: (client: AdminClient) => Promise<T>): Promise<T> {
    try {
      return await call(this.client);
    } catch (error) {
      if (error instanceof DeskError && (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_SIGNED_IN') && this.current) {
        this.client.forgetToken();
        this.replace(null);
      }
      throw error;
    }
  }

  private async describe(): Promise<AdminSession> {
    const [profile, accessible] = await Promise.all([this.client.profile(), this.client.accessibleLicences()]);
    const session: AdminSession = {
      user: profile.user,
      currentLicence: profile.currentLicence,
      accessibleLicences: accessible.licences,
      tokenExpiresAt: profile.tokenExpiresAt,
    };
    this.replace(session);
    return session;
  }

  private replace(session: AdminSession | null): void {
    this.current = session;
    this.events.emit('admin/sessionChanged', session);
  }
}
