import { DeskError, isDeskError } from '../../src-shared/errors';
import type { StaffSession, Workplace } from '../../src-shared/ipc/contract';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { StaffSignInRequest, StaffSignInResponse } from '../../src-shared/publisher/schemas';
import type { DeskEvents } from '../events/bus';
import type { PublisherClient } from '../publisher/client';
import { AttemptThrottle, type AttemptPolicy } from '../security/attempts';
import type { AuditTrail } from '../store/audit-trail';
import type { WorkplaceMemory } from './workplace-store';

/**
 * Wrong staff passwords in a row at this desk, sign-in and unlock alike (the same password):
 * 5 are free, then a wait from 30 s that doubles with each further wrong one, up to 15 min.
 */
export const STAFF_PASSWORD_ATTEMPTS: AttemptPolicy = { freeAttempts: 5, firstWaitMs: 30_000, maxWaitMs: 15 * 60_000 };

/** The signed-in reception staff member of this desk, held in main only. */
export class StaffSessionService {
  private session: StaffSession | null = null;
  /** Kept so a locked desk can be unlocked with the password alone; never sent anywhere else. */
  private login: string | null = null;
  private readonly attempts: AttemptThrottle;

  constructor(
    private readonly publisher: PublisherClient,
    private readonly events: DeskEvents,
    private readonly profile?: Pick<ConnectionProfile, 'id' | 'officePlaceId' | 'deskId' | 'deskLabel'>,
    private readonly memory?: WorkplaceMemory,
    private readonly audit?: Pick<AuditTrail, 'record'>,
    now?: () => number,
  ) {
    this.attempts = new AttemptThrottle(STAFF_PASSWORD_ATTEMPTS, now);
  }

  /**
   * The office place and desk this desk acts for: the one chosen on this workstation,
   * else the profile's. Null when neither names an office place (nothing to show yet),
   * and for staff of several offices until one is chosen here: the desk asks them which
   * rather than starting silently on the profile's.
   */
  workplace(): Workplace | null {
    const profile = this.profile;
    const chosen = profile?.id ? this.memory?.get(profile.id) : null;
    if (chosen) return chosen;
    if ((this.session?.offices.length ?? 0) > 1) return null;
    if (!profile || profile.officePlaceId === null) return null;
    return { officePlaceId: profile.officePlaceId, deskId: profile.deskId, deskLabel: profile.deskLabel || 'Accueil' };
  }

  requireWorkplace(): Workplace {
    const workplace = this.workplace();
    if (!workplace) throw new DeskError('PROFILE_INVALID', 'This desk has no office place: choose one in Settings.');
    return workplace;
  }

  /** Staff's choice of office place and desk, remembered on this workstation. */
  async chooseWorkplace(workplace: Workplace): Promise<Workplace> {
    if (!this.memory || !this.profile?.id) throw new DeskError('PROFILE_INVALID', 'This desk cannot remember a workplace.');
    await this.memory.set(this.profile.id, workplace);
    return workplace;
  }

  /** Checks the signed-in staff member's password again with the publisher (unlock after idle). */
  async confirmPassword(password: string): Promise<void> {
    if (!this.login) throw new DeskError('NOT_SIGNED_IN', 'Sign in first.');
    await this.checkPassword({ login: this.login, password });
  }

  current(): StaffSession | null {
    return this.session;
  }

  requireSession(): StaffSession {
    if (!this.session) throw new DeskError('NOT_SIGNED_IN', 'Sign in first.');
    return this.session;
  }

  async signIn(request: StaffSignInRequest): Promise<StaffSession> {
    const answer = await this.checkPassword(request);
    this.login = request.login;
    this.session = {
      displayName: answer.userDisplayName,
      email: answer.userEmail,
      offices: answer.offices,
      signedInAt: new Date().toISOString(),
    };
    this.events.emit('staff/sessionChanged', this.session);
    return this.session;
  }

  /**
   * The medical system checks the password; this desk counts the wrong ones. During a wait
   * nothing is asked at all, so even the right password is refused until it ends.
   */
  private async checkPassword(request: StaffSignInRequest): Promise<StaffSignInResponse> {
    const left = this.attempts.remainingMs();
    if (left > 0) throw waitRefusal(left);
    try {
      const answer = await this.publisher.staffSignIn(request);
      this.attempts.succeeded();
      return answer;
    } catch (error) {
      if (!isDeskError(error) || error.code !== 'INVALID_CREDENTIALS') throw error;
      const wait = this.attempts.failed();
      if (wait === 0) throw error;
      // Audited without the login typed: a password typed into the login field must not end up in the trail.
      await this.audit?.record({ staff: this.session?.displayName ?? 'desk', action: 'passwordWait', outcome: `wait ${Math.ceil(wait / 1000)} s` });
      throw waitRefusal(wait);
    }
  }

  signOut(): null {
    this.login = null;
    if (this.session) {
      this.session = null;
      this.events.emit('staff/sessionChanged', null);
    }
    return null;
  }
}

function waitRefusal(waitMs: number): DeskError {
  const seconds = Math.ceil(waitMs / 1000);
  return new DeskError('PASSWORD_ATTEMPTS_WAIT', `Too many wrong passwords in a row: try again in ${seconds} s.`, { retryAfterSeconds: seconds });
}
