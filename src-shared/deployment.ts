import { z } from 'zod';
import { connectionProfileSchema, isLoopbackUrl } from './profile';

/**
 * The machine-wide deployment file hospital IT pushes (GPO, Intune, a package):
 * `%ProgramData%\Desk Console\deployment.json` on Windows, `/etc/desk-console/deployment.json`
 * on Linux. Every object is strict: a misspelled key is refused, not silently ignored.
 */
export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export const updateChannelSchema = z.enum(UPDATE_CHANNELS);
export type UpdateChannel = z.infer<typeof updateChannelSchema>;

/** Updates travel to every desk: https only, except a server on this computer (tests, a local mirror). */
const updateServerUrl = z.url().refine((url) => url.startsWith('https:') || isLoopbackUrl(url), 'https required');

export const updateSettingsSchema = z.strictObject({
  /** The generic update server's folder holding latest.yml (stable) or beta.yml and the installers. */
  url: updateServerUrl,
  channel: updateChannelSchema.default('stable'),
  /**
   * Local hour (0–23) at which a downloaded update may be installed while nobody is signed
   * in; null: only when the desk quits.
   */
  installHour: z.number().int().min(0).max(23).nullable().default(null),
  /** Rollback: accept an older version than the one installed (the server's files put back to it). */
  allowDowngrade: z.boolean().default(false),
});
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

export const deploymentProfileSchema = connectionProfileSchema
  .omit({ training: true })
  .extend({
    /** Read once, sealed with the OS keychain at first start, removed from the file when the desk may write it. */
    accountKey: z.string().min(1).max(1024).optional(),
  })
  .strict();
export type DeploymentProfile = z.infer<typeof deploymentProfileSchema>;

export const deploymentFileSchema = z.strictObject({
  version: z.literal(1),
  /** Preset connection profiles: shown at every desk of the machine, read-only there. */
  profiles: z.array(deploymentProfileSchema).max(32).default([]),
  /** The profile the desk runs on; when set, a technician cannot choose another one. */
  activeProfileId: z.string().min(1).max(64).optional(),
  updates: updateSettingsSchema.optional(),
  /** Start the desk when the Windows or macOS session opens. */
  startWithSession: z.boolean().optional(),
});
export type DeploymentFile = z.infer<typeof deploymentFileSchema>;

/** What the Settings screen shows of the deployment file, read-only ("set by your IT department"). */
export const deploymentViewSchema = z.object({
  /** Ids of the preset profiles (no key: it never leaves main). */
  profileIds: z.array(z.string()),
  activeProfileLocked: z.boolean(),
  updates: updateSettingsSchema.nullable(),
  startWithSession: z.boolean().nullable(),
});
export type DeploymentView = z.infer<typeof deploymentViewSchema>;
