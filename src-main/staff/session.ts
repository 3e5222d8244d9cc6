import { DeskError } from '../../src-shared/errors';
import type { StaffSession, Workplace } from '../../src-shared/ipc/contract';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { StaffSignInRequest } from '../../src-shared/publisher/schemas';
import type { DeskEvents } from '../events/bus';
import type { PublisherClient } from '../publisher/client';
import type { WorkplaceMemory } from './workplace-store';

/** The signed-in reception staff member of this desk, held in main only. */
export class StaffSessionService {
  private session: StaffSession | null = null;
  /** Kept so a locked desk can be unlocked with the password alone; never sent anywhere else. */
  private login: string | null = null;

  constructor(
    private readonly publisher: PublisherClient,
    private readonly events: DeskEvents,
    private readonly profile?: Pick<ConnectionProfile, 'id' | 'officePlaceId' | 'deskId' | 'deskLabel'>,
    private readonly memory?: WorkplaceMemory,
  ) {}

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
    await this.publisher.staffSignIn({ login: this.login, password });
  }

  current(): StaffSession | null {
    return this.session;
  }

  requireSession(): StaffSession {
    if (!this.session) throw new DeskError('NOT_SIGNED_IN', 'Sign in first.');
    return this.session;
  }

  async signIn(request: StaffSignInRequest): Promise<StaffSession> {
    const answer = await this.publisher.staffSignIn(request);
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

  signOut(): null {
    this.login = null;
    if (this.session) {
      this.session = null;
      this.events.emit('staff/sessionChanged', null);
    }
    return null;
  }
}
