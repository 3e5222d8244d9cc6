import type { ConnectionProfile } from '../../src-shared/profile';
import type { ProfilesView, PublicProfilesView } from '../../src-shared/ipc/contract';
import type { ProfileStore } from '../store/profiles';
import type { SecretStore } from '../store/secrets';

/** The Training profile as listed when the desk runs on a real one (its sandbox is not started). */
export const TRAINING_PLACEHOLDER: ConnectionProfile = {
  id: 'training',
  name: 'Training',
  training: true,
  platformUrl: 'http://127.0.0.1/',
  licenceUuid: 'training',
  officeIdHeader: 'training',
  contractMode: 'direct',
  contractBaseUrl: 'http://127.0.0.1/',
  publisherPublicKeyPem: null,
  deviceId: 'training',
  officePlaceId: null,
  deskId: null,
  deskLabel: '',
};

/**
 * What the Settings screen manages: the saved profiles plus the built-in Training one.
 * Activating a profile takes effect at the desk's next start: a desk never switches
 * medical systems under a signed-in staff member.
 */
export class ProfilesService {
  constructor(
    private readonly store: ProfileStore,
    private readonly secrets: SecretStore,
    private readonly training: ConnectionProfile,
    private readonly runningProfileId: string,
  ) {}

  /** The whole view for staff and technicians; names only for anyone else at the desk. */
  async list(full: boolean): Promise<ProfilesView | PublicProfilesView> {
    if (full) return this.view();
    return {
      runningProfileId: this.runningProfileId,
      activeProfileId: this.store.activeProfileId(),
      profiles: [this.training, ...this.store.saved()].map(({ id, name, training }) => ({ id, name, training })),
    };
  }

  async view(): Promise<ProfilesView> {
    return {
      runningProfileId: this.runningProfileId,
      activeProfileId: this.store.activeProfileId(),
      profiles: [this.training, ...this.store.saved()],
      secretStorageAvailable: await this.secrets.available(),
      deployment: this.store.deploymentView(),
    };
  }

  async save(profile: ConnectionProfile, accountKey?: string): Promise<ProfilesView> {
    await this.store.save(profile, accountKey);
    return this.view();
  }

  async activate(id: string): Promise<ProfilesView> {
    await this.store.activate(id);
    return this.view();
  }

  async remove(id: string): Promise<ProfilesView> {
    await this.store.remove(id);
    return this.view();
  }
}
