import path from 'node:path';
import { z } from 'zod';
import { DeskError } from '../../src-shared/errors';
import { connectionProfileSchema, plainTextAddresses, type ConnectionProfile } from '../../src-shared/profile';
import type { AtomicJsonFile } from './atomic-file';
import { openDurable } from './durable';
import type { SecretStore } from './secrets';

export const TRAINING_PROFILE_ID = 'training';

const settingsSchema = z.object({
  version: z.literal(1),
  activeProfileId: z.string(),
  profiles: z.array(connectionProfileSchema),
  /**
   * The file was found unreadable and kept aside under this name: the desk had been
   * configured, so it does not start in training until a technician chooses a profile.
   */
  damaged: z.object({ keptAs: z.string() }).optional(),
});
type Settings = z.infer<typeof settingsSchema>;

const EMPTY: Settings = { version: 1, activeProfileId: TRAINING_PROFILE_ID, profiles: [] };

export interface SettingsNotice {
  kind: 'settings-corrupt';
  keptAs: string;
  reason: string;
}

/**
 * The desk's connection profiles: several, one active, the built-in Training one
 * always present (its URLs come from the sandbox started at run time, so it is never
 * written). Secrets live in the SecretStore under the profile id, never in settings.
 */
export class ProfileStore {
  private constructor(
    private readonly file: AtomicJsonFile<typeof settingsSchema>,
    private settings: Settings,
    private readonly secrets: SecretStore,
    readonly notice: SettingsNotice | null,
  ) {}

  static async open(dataDir: string, secrets: SecretStore): Promise<ProfileStore> {
    // A damaged file also leaves a notice in notices.json: staff are told even when this notice is not passed on.
    const { file, value, damage } = await openDurable(dataDir, 'settings.json', settingsSchema);
    const notice: SettingsNotice | null = damage && { kind: 'settings-corrupt', keptAs: damage.keptAs, reason: damage.reason };
    if (!damage) return new ProfileStore(file, value ?? structuredClone(EMPTY), secrets, null);
    const settings: Settings = { ...structuredClone(EMPTY), damaged: { keptAs: path.basename(damage.keptAs) } };
    // Written down so the next start knows too: an absent file would read as a desk never configured.
    await file.write(settings).catch(() => undefined);
    return new ProfileStore(file, settings, secrets, notice);
  }

  /** The settings were found damaged and no profile has been chosen since (the name they were kept under). */
  damagedAs(): string | null {
    return this.settings.damaged?.keptAs ?? null;
  }

  activeProfileId(): string {
    return this.settings.activeProfileId;
  }

  /** Profiles saved on this desk (the Training profile is not among them). */
  saved(): ConnectionProfile[] {
    return this.settings.profiles;
  }

  find(id: string): ConnectionProfile | null {
    return this.settings.profiles.find((profile) => profile.id === id) ?? null;
  }

  async save(input: unknown, accountKey?: string): Promise<ConnectionProfile> {
    const parsed = connectionProfileSchema.safeParse(input);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(profile)'))].join(', ');
      throw new DeskError('PROFILE_INVALID', `Connection profile invalid: ${fields}.`);
    }
    const profile = { ...parsed.data, training: false };
    if (profile.id === TRAINING_PROFILE_ID) throw new DeskError('PROFILE_INVALID', 'The Training profile is built in.');
    const inClear = plainTextAddresses(profile);
    if (inClear.length > 0) throw new DeskError('PROFILE_INSECURE', `Plain http refused for ${inClear.join(', ')}: use https.`);
    const known = this.find(profile.id) !== null;
    if (!known && accountKey === undefined) throw new DeskError('PROFILE_INVALID', 'A new profile needs its account key.');
    // The secret first: a profile is never saved without the key it needs.
    if (accountKey !== undefined) await this.secrets.set(profile.id, 'accountKey', accountKey);
    await this.commit({
      ...this.settings,
      profiles: known ? this.settings.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...this.settings.profiles, profile],
    });
    return profile;
  }

  async remove(id: string): Promise<void> {
    if (!this.find(id)) throw new DeskError('PROFILE_NOT_FOUND', 'Unknown connection profile.');
    await this.commit({
      ...this.settings,
      activeProfileId: this.settings.activeProfileId === id ? TRAINING_PROFILE_ID : this.settings.activeProfileId,
      profiles: this.settings.profiles.filter((profile) => profile.id !== id),
    });
    await this.secrets.remove(id);
  }

  async activate(id: string): Promise<void> {
    if (id !== TRAINING_PROFILE_ID && !this.find(id)) throw new DeskError('PROFILE_NOT_FOUND', 'Unknown connection profile.');
    // A technician's choice ends what damaged settings left open.
    const { damaged: _chosen, ...settings } = this.settings;
    await this.commit({ ...settings, activeProfileId: id });
  }

  async accountKey(id: string): Promise<string> {
    const key = await this.secrets.get(id, 'accountKey');
    if (key === null) throw new DeskError('PROFILE_INVALID', 'This profile has no account key stored; enter it again.');
    return key;
  }

  private async commit(next: Settings): Promise<void> {
    await this.file.write(next);
    this.settings = next;
  }
}
