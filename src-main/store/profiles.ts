import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DeskError } from '../../src-shared/errors';
import type { DeploymentFile, DeploymentView } from '../../src-shared/deployment';
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
  /**
   * Account keys of the deployment file already sealed here, by profile id: a truncated
   * SHA-256 of each, so the key is sealed again only when IT changes it.
   */
  deploymentKeys: z.record(z.string(), z.string()).optional(),
});
type Settings = z.infer<typeof settingsSchema>;

const EMPTY: Settings = { version: 1, activeProfileId: TRAINING_PROFILE_ID, profiles: [] };

export interface SettingsNotice {
  kind: 'settings-corrupt';
  keptAs: string;
  reason: string;
}

function managedProfile({ accountKey: _key, ...profile }: DeploymentFile['profiles'][number]): ConnectionProfile {
  return { ...profile, training: false };
}

/** What the deployment file sets is refused at the desk, in the same words whatever the setting. */
export function managedError(): DeskError {
  return new DeskError('PROFILE_MANAGED', 'This is set by your IT department in the deployment file; it cannot be changed at this desk.');
}

/**
 * The desk's connection profiles: several, one active, the built-in Training one
 * always present (its URLs come from the sandbox started at run time, so it is never
 * written). Secrets live in the SecretStore under the profile id, never in settings.
 * The machine's deployment file adds preset profiles, never written to settings.json
 * and never changed here; it may also fix the active one.
 */
export class ProfileStore {
  private readonly managed: ConnectionProfile[];

  private constructor(
    private readonly file: AtomicJsonFile<typeof settingsSchema>,
    private settings: Settings,
    private readonly secrets: SecretStore,
    readonly notice: SettingsNotice | null,
    private readonly deployment: DeploymentFile | null,
  ) {
    this.managed = deployment?.profiles.map(managedProfile) ?? [];
  }

  static async open(dataDir: string, secrets: SecretStore, deployment: DeploymentFile | null = null): Promise<ProfileStore> {
    // A damaged file also leaves a notice in notices.json: staff are told even when this notice is not passed on.
    const { file, value, damage } = await openDurable(dataDir, 'settings.json', settingsSchema);
    const notice: SettingsNotice | null = damage && { kind: 'settings-corrupt', keptAs: damage.keptAs, reason: damage.reason };
    if (!damage) {
      const settings = value ?? structuredClone(EMPTY);
      // A desk never configured starts on IT's first preset profile rather than in training.
      const firstPreset = deployment?.profiles[0];
      if (value === null && firstPreset) settings.activeProfileId = firstPreset.id;
      return new ProfileStore(file, settings, secrets, null, deployment);
    }
    const settings: Settings = { ...structuredClone(EMPTY), damaged: { keptAs: path.basename(damage.keptAs) } };
    // Written down so the next start knows too: an absent file would read as a desk never configured.
    await file.write(settings).catch(() => undefined);
    return new ProfileStore(file, settings, secrets, notice, deployment);
  }

  /** Whether a profile comes from the deployment file (read-only at the desk). */
  isManaged(id: string): boolean {
    return this.managed.some((profile) => profile.id === id);
  }

  /** What the Settings screen shows read-only; null without a deployment file. */
  deploymentView(): DeploymentView | null {
    const deployment = this.deployment;
    if (!deployment) return null;
    return {
      profileIds: this.managed.map((profile) => profile.id),
      activeProfileLocked: this.activeLocked(),
      updates: deployment.updates ?? null,
      startWithSession: deployment.startWithSession ?? null,
    };
  }

  /** The deployment file fixes the active profile: no other may be chosen here. */
  activeLocked(): boolean {
    return this.deployment?.activeProfileId !== undefined;
  }

  /** The truncated SHA-256 of the deployment key last sealed for this profile. */
  deploymentKeyImported(id: string): string | null {
    return this.settings.deploymentKeys?.[id] ?? null;
  }

  /** Seals a deployment file's account key for its preset profile and remembers which key it was. */
  async importDeploymentKey(id: string, accountKey: string, fingerprint: string): Promise<void> {
    await this.secrets.set(id, 'accountKey', accountKey);
    await this.commit({ ...this.settings, deploymentKeys: { ...this.settings.deploymentKeys, [id]: fingerprint } });
  }

  /** The settings were found damaged and no profile has been chosen since (the name they were kept under). */
  damagedAs(): string | null {
    return this.settings.damaged?.keptAs ?? null;
  }

  activeProfileId(): string {
    const fixed = this.deployment?.activeProfileId;
    if (fixed !== undefined) return fixed;
    return this.settings.activeProfileId;
  }

  /** Profiles of this desk: the deployment file's first, then those saved here (the Training profile is not among them). */
  saved(): ConnectionProfile[] {
    return [...this.managed, ...this.settings.profiles.filter((profile) => !this.isManaged(profile.id))];
  }

  find(id: string): ConnectionProfile | null {
    return this.saved().find((profile) => profile.id === id) ?? null;
  }

  async save(input: unknown, accountKey?: string): Promise<ConnectionProfile> {
    const parsed = connectionProfileSchema.safeParse(input);
    if (!parsed.success) {
      const paths = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(profile)'))];
      throw new DeskError('PROFILE_INVALID', `Connection profile invalid: ${paths.join(', ')}.`, {
        fields: parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || '(profile)', message: issue.message.slice(0, 512) })),
      });
    }
    const unreadable = unreadableCertificate(parsed.data.caCertificatePem);
    if (unreadable) throw new DeskError('PROFILE_INVALID', `Connection profile invalid: caCertificatePem (${unreadable}).`, { fields: [{ path: 'caCertificatePem', message: unreadable }] });
    const profile = { ...parsed.data, training: false };
    if (profile.id === TRAINING_PROFILE_ID) throw new DeskError('PROFILE_INVALID', 'The Training profile is built in.');
    const preset = this.managed.find((managed) => managed.id === profile.id);
    if (preset) {
      // A technician may only enter its key again (another Windows user, a keychain reset), never change it.
      if (accountKey === undefined || !sameProfile(preset, profile)) throw managedError();
      await this.secrets.set(profile.id, 'accountKey', accountKey);
      return preset;
    }
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
    if (this.isManaged(id)) throw managedError();
    if (!this.find(id)) throw new DeskError('PROFILE_NOT_FOUND', 'Unknown connection profile.');
    await this.commit({
      ...this.settings,
      activeProfileId: this.settings.activeProfileId === id ? TRAINING_PROFILE_ID : this.settings.activeProfileId,
      profiles: this.settings.profiles.filter((profile) => profile.id !== id),
    });
    await this.secrets.remove(id);
  }

  async activate(id: string): Promise<void> {
    if (this.activeLocked() && id !== this.activeProfileId()) throw managedError();
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

function sameProfile(a: ConnectionProfile, b: ConnectionProfile): boolean {
  return (Object.keys(a) as (keyof ConnectionProfile)[]).every((key) => a[key] === b[key]);
}

/** The PEM's shape is checked by the schema; whether it decodes to a certificate only here, with Node's X.509 reader. */
function unreadableCertificate(pem: string | null | undefined): string | null {
  if (!pem) return null;
  try {
    return new X509Certificate(pem).ca ? null : 'This certificate is not a certificate authority.';
  } catch {
    return 'Not a certificate in PEM form.';
  }
}
