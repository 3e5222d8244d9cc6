import { z } from 'zod';
import { platformClockSchema } from '../clock';
import { deploymentViewSchema } from '../deployment';
import { connectionProfileSchema } from '../profile';
import { compatibilityRequestSchema, compatibilityResultSchema } from '../publisher/compatibility';
import { configProbeResultSchema } from '../publisher/probe';
import { staffOfficeSchema, staffSignInRequestSchema } from '../publisher/schemas';
import type { Channel, EventName } from './channels';
import { adminContract, adminEvents } from './features/admin.contract';
import { boardContract, boardEvents } from './features/board.contract';
import { checkinContract, checkinEvents } from './features/checkin.contract';
import { diagnosticsContract, diagnosticsEvents } from './features/diagnostics.contract';
import { displayContract, displayEvents } from './features/display.contract';
import { printingContract, printingEvents } from './features/printing.contract';
import { statisticsContract, statisticsEvents } from './features/statistics.contract';
import { technicianContract, technicianEvents } from './features/technician.contract';
import { workstationContract, workstationEvents } from './features/workstation.contract';
import { none, type ChannelSpec } from './spec';

/** The desk's durable files whose damage staff are told about (file names only, never their content). */
export const DURABLE_FILES = [
  'settings.json',
  'secrets.json',
  'workplace.json',
  'board-settings.json',
  'printing.json',
  'print-queue.json',
  'board-outbox.json',
  'desk-journal.json',
  'notices.json',
  'technician.json',
  'desk-queue.json',
  'workstation.json',
] as const;
export const durableFileSchema = z.enum(DURABLE_FILES);
export type DurableFile = z.infer<typeof durableFileSchema>;

const noticeId = z.string().min(1).max(64);
const count = z.number().int().nonnegative();

/**
 * Something the desk must tell at start-up: a file kept aside. Shown until staff
 * acknowledge it by its id; a damaged file's notice survives restarts.
 */
export const startupNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('settings-corrupt'), id: noticeId, keptAs: z.string() }),
  /** `lost`/`recovered`: entries of the file's main list (tickets waiting to print, changes waiting to be sent); null when it has none. */
  z.object({ kind: z.literal('file-damaged'), id: noticeId, file: durableFileSchema, keptAs: z.string(), lost: count.nullable(), recovered: count.nullable() }),
  /** The audit trail could not be read from `line` (1-based) on: that part is kept aside, new entries follow the lines before it. */
  z.object({ kind: z.literal('audit-damaged'), id: noticeId, keptAs: z.string(), line: count }),
  /** The audit trail's chain of hashes breaks at `line`, and at `others` more lines: entries were changed, removed or inserted there. */
  z.object({ kind: z.literal('audit-altered'), id: noticeId, line: count, others: count }),
  /** The desk runs a version it installed by itself: what is new in it, from the update server's release notes. */
  z.object({ kind: z.literal('app-updated'), id: noticeId, version: z.string().max(64), notes: z.string().max(4000) }),
]);
export type StartupNotice = z.infer<typeof startupNoticeSchema>;

/**
 * Why a configured desk cannot connect. Such a desk never falls back to the training
 * world: it shows the connect page until a technician repairs it or chooses training.
 */
export const UNCONNECTED_REASONS = [
  /** settings.json could not be read: the profiles it held are lost. */
  'settings-damaged',
  /** The settings name an active profile that is not among them. */
  'profile-missing',
  /** A profile saved before https was required: its key would cross the network in clear. */
  'profile-insecure',
  /** The key was sealed by another OS user or a keychain since reset. */
  'key-unreadable',
  /** No key is stored for the profile. */
  'key-missing',
  /** The OS offers no keychain to read the key with. */
  'keychain-unavailable',
  /** The machine's deployment file is refused (fields named in `fields`): nothing of it is applied. */
  'deployment-invalid',
] as const;
export type UnconnectedReason = (typeof UNCONNECTED_REASONS)[number];
export const unconnectedSchema = z.object({
  reason: z.enum(UNCONNECTED_REASONS),
  /** The active profile, when the settings still name one (re-entering its key saves it again). */
  profileId: z.string().nullable(),
  profileName: z.string().nullable(),
  /** settings-damaged: the name the unreadable file was kept under; deployment-invalid: the deployment file's path. */
  keptAs: z.string().nullable(),
  /** deployment-invalid: the fields refused (`profiles.0.platformUrl`), never their values. */
  fields: z.array(z.string()).optional(),
});
export type Unconnected = z.infer<typeof unconnectedSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  runtime: z.enum(['electron', 'web']),
  training: z.boolean(),
  profileName: z.string(),
  /** Sign-in hints shown on the sign-in screen in training mode only. */
  trainingAccounts: z.array(z.object({ login: z.string(), password: z.string(), role: z.string() })),
  notices: z.array(startupNoticeSchema),
  /** Set when the desk could not connect: the renderer shows the connect page and nothing else. */
  unconnected: unconnectedSchema.nullable(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const connectionStateSchema = z.object({
  publisher: z.enum(['unknown', 'online', 'offline']),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The platform's clock against the desk's: waits and colours count on platform time. Absent before any measure. */
  clock: platformClockSchema.optional(),
});
export type ConnectionState = z.infer<typeof connectionStateSchema>;

// Own module so feature contracts can use it without an import cycle through this file.
export { workplaceSchema, type Workplace } from './workplace';

export const staffSessionSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  offices: z.array(staffOfficeSchema),
  signedInAt: z.iso.datetime({ offset: true }),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const profilesViewSchema = z.object({
  /** The profile this desk is running on now. */
  runningProfileId: z.string(),
  /** The profile the desk will use at its next start. */
  activeProfileId: z.string(),
  profiles: z.array(connectionProfileSchema),
  /** False when the OS offers no secure storage: real profiles cannot be saved. */
  secretStorageAvailable: z.boolean(),
  /** What the machine's deployment file sets, read-only at the desk; null without one. */
  deployment: deploymentViewSchema.nullable(),
});
export type ProfilesView = z.infer<typeof profilesViewSchema>;

/**
 * The profiles as a stranger at the desk may know them (nobody signed in, technician mode
 * closed): their names and which one runs, nothing of where they connect.
 */
export const publicProfilesViewSchema = z.strictObject({
  runningProfileId: z.string(),
  activeProfileId: z.string(),
  profiles: z.array(connectionProfileSchema.pick({ id: true, name: true, training: true }).strict()),
});
export type PublicProfilesView = z.infer<typeof publicProfilesViewSchema>;

export const saveProfileRequestSchema = z.object({
  profile: connectionProfileSchema,
  /** Required for a new profile; absent = keep the stored key. Never sent back to the renderer. */
  accountKey: z.string().min(1).max(1024).optional(),
});

const profileIdRequestSchema = z.object({ id: z.string().min(1).max(64) });

/** channel → {request, response}: the single source of the IPC API's types and checks. */
export const ipcContract = {
  'app/info': { request: none, response: appInfoSchema },
  'app/acknowledgeNotice': { request: z.object({ id: noticeId }), response: z.array(startupNoticeSchema) },
  'connection/status': { request: none, response: connectionStateSchema },
  'connection/probe': { request: none, response: configProbeResultSchema },
  'connection/compatibility': { request: compatibilityRequestSchema, response: compatibilityResultSchema },
  'staff/signIn': { request: staffSignInRequestSchema, response: staffSessionSchema },
  'staff/session': { request: none, response: staffSessionSchema.nullable() },
  'staff/signOut': { request: none, response: z.null() },
  'profiles/list': { request: none, response: z.union([profilesViewSchema, publicProfilesViewSchema]) },
  'profiles/save': { request: saveProfileRequestSchema, response: profilesViewSchema },
  'profiles/activate': { request: profileIdRequestSchema, response: profilesViewSchema },
  'profiles/remove': { request: profileIdRequestSchema, response: profilesViewSchema },
  ...boardContract,
  ...checkinContract,
  ...displayContract,
  ...printingContract,
  ...adminContract,
  ...statisticsContract,
  ...technicianContract,
  ...diagnosticsContract,
  ...workstationContract,
} as const satisfies Record<Channel, ChannelSpec>;

/** event → payload pushed from main to the renderer. */
export const eventContract = {
  'connection/changed': connectionStateSchema,
  'staff/sessionChanged': staffSessionSchema.nullable(),
  ...boardEvents,
  ...checkinEvents,
  ...displayEvents,
  ...printingEvents,
  ...adminEvents,
  ...statisticsEvents,
  ...technicianEvents,
  ...diagnosticsEvents,
  ...workstationEvents,
} as const satisfies Record<EventName, z.ZodType>;

export type RequestOf<C extends Channel> = z.input<(typeof ipcContract)[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<(typeof ipcContract)[C]['response']>;
export type EventPayloadOf<E extends EventName> = z.output<(typeof eventContract)[E]>;
