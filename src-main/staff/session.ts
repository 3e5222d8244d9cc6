import { DeskError } from '../../src-shared/errors';
import type { StaffSession, Workplace } from '../../src-shared/ipc/contract';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { StaffSignInRequest } from '../../src-shared/publisher/schemas';
import type { DeskEvents } from '../events/bus';
import type { PublisherClient } from '../publisher/client';

/** The signed-in reception staff member of this desk, held in main only. */
export class StaffSessionService {
  private session: StaffSession | null = null;

  constructor(
    private readonly publisher: PublisherClient,
    private readonly events: DeskEvents,
    private readonly profile?: Pick<ConnectionProfile, 'officePlaceId' | 'deskId' | 'deskLabel'>,
  ) {}

  /**
   * The office place and desk this desk acts for: the profile's until staff choose
   * otherwise. Null when the profile names no office place (nothing to show yet).
   */
  workplace(): Workplace | null {
    const profile = this.profile;
    if (!profile || profile.officePlaceId === null) return null;
    return { officePlaceId: profile.officePlaceId, deskId: profile.deskId, deskLabel: profile.deskLabel || 'Accueil' };
  }

  requireWorkplace(): Workplace {
    const workplace = this.workplace();
    if (!workplace) throw new DeskError('PROFILE_INVALID', 'This desk has no office place: choose one in Settings.');
    return workplace;
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
    if (this.session) {
      this.session = null;
      this.events.emit('staff/sessionChanged', null);
    }
    return null;
  }
}
