import { z } from 'zod';
import { staticReferentialSummarySchema } from '../admin/referential';
import { answerDateTimeSchema, listOf, orNull, textOrEmpty } from '../publisher/tolerant';

// The static referential upload route's schemas, named here so the platform's OpenAPI document lists them.
export { staticReferentialSchema, staticReferentialSummarySchema } from '../admin/referential';

/**
 * Platform Administration Service (spec/platform-administration-service.md): every
 * request body and every response body, as the sandbox serves them and as the desk's
 * admin client parses them. Where the spec says "not shown", the choice made here is
 * documented in docs/sandbox-platform-admin.md.
 *
 * Response schemas are plain `z.object`s: a client parsing them tolerates extra keys
 * (they are stripped), and the sandbox runs every answer through them, so a field
 * that is not declared here (a hash, a token) can never leave the server. They read
 * tolerantly (`../publisher/tolerant.ts`): a nullable field may be left out, a text
 * the spec does not require may be null, a date-time may carry an offset.
 */

export const ADMIN_API_VERSION = '1.0';

/** Longest string the service accepts in any field (the spec shows no limits). */
export const ADMIN_MAX_TEXT = 256;
export const ADMIN_MIN_PASSWORD = 8;

export const USER_ROLES = ['user', 'admin', 'superadmin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRoleName = z.infer<typeof userRoleSchema>;

export const ACTIVE_INTEGRATIONS = ['PUBLISHER', 'LIBRE', 'TEST_SERVEUR', 'NONE'] as const;
export const activeIntegrationSchema = z.enum(ACTIVE_INTEGRATIONS);
export type ActiveIntegrationName = z.infer<typeof activeIntegrationSchema>;

export const FLAVORS = ['PUBLISHER', 'LIBRE'] as const;
export const flavorSchema = z.enum(FLAVORS);
export type FlavorName = z.infer<typeof flavorSchema>;

const text = z.string().max(ADMIN_MAX_TEXT);
/** A required human label: trimmed, never empty. */
const label = z.string().trim().min(1).max(ADMIN_MAX_TEXT);
export const entityIdSchema = z.number().int().positive();
export const emailSchema = z.email().max(ADMIN_MAX_TEXT);
/** A new password. Login and validate accept any non-empty string (older accounts). */
export const newPasswordSchema = z.string().min(ADMIN_MIN_PASSWORD).max(ADMIN_MAX_TEXT);
const anyPassword = z.string().min(1).max(ADMIN_MAX_TEXT);
/** An http(s) URL; `''` is accepted where the spec gives emptiness a meaning. */
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);
const optionalUrl = z.union([httpUrl, z.literal('')]).nullable().optional();

// ── errors ─────────────────────────────────────────────────────────────────────
export const adminErrorIssueSchema = z.object({ path: z.string(), message: z.string() });

/**
 * The one error body of the service (every 400/401/403/404/409/413/415/500). It is
 * also Fastify's own default shape, so the platform's built-in 404 for unknown
 * routes and the other modules' errors parse with it too (`code` appears there).
 */
export const adminErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /** 400 on invalid input: one entry per offending field. */
  issues: z.array(adminErrorIssueSchema).optional(),
});
export type AdminErrorBody = z.infer<typeof adminErrorBodySchema>;

/** The answer of actions that have nothing else to say (delete, forgot-password…). */
export const ackResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export type AckResponse = z.infer<typeof ackResponseSchema>;

export const homeResponseSchema = z.object({ name: z.string(), version: z.literal(ADMIN_API_VERSION) });
export type HomeResponse = z.infer<typeof homeResponseSchema>;

// ── users ──────────────────────────────────────────────────────────────────────
/** A user as the service returns it: never a password, hash or token. */
export const userSchema = z.object({
  id: entityIdSchema,
  email: z.string(),
  firstName: textOrEmpty,
  lastName: textOrEmpty,
  phone: textOrEmpty,
  role: userRoleSchema,
  defaultLicenceId: orNull(entityIdSchema),
  canAccessCockpit: z.boolean(),
  /** Licences an admin may switch to besides the default one. */
  grantedLicenceIds: listOf(entityIdSchema),
  /** false = invited, password never set (resend-invitation applies). */
  activated: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

export const createUserRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  role: userRoleSchema,
  firstName: text.optional(),
  lastName: text.optional(),
  phone: text.optional(),
  /** Absent: the creator's current licence. */
  defaultLicenceId: entityIdSchema.optional(),
  canAccessCockpit: z.boolean().optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  email: emailSchema.optional(),
  password: newPasswordSchema.optional(),
  firstName: text.optional(),
  lastName: text.optional(),
  phone: text.optional(),
  role: userRoleSchema.optional(),
  defaultLicenceId: entityIdSchema.nullable().optional(),
  canAccessCockpit: z.boolean().optional(),
  /** Sandbox addition, superadmin only: the licences an admin may switch to. */
  grantedLicenceIds: z.array(entityIdSchema).max(ADMIN_MAX_TEXT).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const inviteUserRequestSchema = z.object({
  email: emailSchema,
  firstName: text.optional(),
  lastName: text.optional(),
  /** Default `user`. */
  role: userRoleSchema.optional(),
  defaultLicenceId: entityIdSchema.optional(),
});
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

/** Answer of invite and resend-invitation. The token itself goes only by e-mail. */
export const invitationResponseSchema = z.object({
  message: z.string(),
  user: userSchema,
  invitationExpiresAt: answerDateTimeSchema,
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const setPasswordRequestSchema = z.object({
  email: emailSchema,
  token: z.string().min(1).max(512),
  password: newPasswordSchema,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const credentialsRequestSchema = z.object({ email: emailSchema, password: anyPassword });
export type CredentialsRequest = z.infer<typeof credentialsRequestSchema>;

export const validateCredentialsResponseSchema = z.object({ valid: z.literal(true), user: userSchema });
export type ValidateCredentialsResponse = z.infer<typeof validateCredentialsResponseSchema>;

// ── authentication ─────────────────────────────────────────────────────────────
export const loginRequestSchema = credentialsRequestSchema;
export type LoginRequest = CredentialsRequest;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int().positive(),
  /** The licence the token is bound to (the user's default at login). */
  currentLicenceId: orNull(entityIdSchema),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const switchLicenceRequestSchema = z.object({ licenceId: entityIdSchema });
export type SwitchLicenceRequest = z.infer<typeof switchLicenceRequestSchema>;

export const switchLicenceResponseSchema = loginResponseSchema.extend({ currentLicenceId: entityIdSchema });
export type SwitchLicenceResponse = z.infer<typeof switchLicenceResponseSchema>;

export const licenceRefSchema = z.object({ id: entityIdSchema, name: z.string() });
export type LicenceRef = z.infer<typeof licenceRefSchema>;

export const accessibleLicencesSchema = z.object({ licences: z.array(licenceRefSchema) });
export type AccessibleLicences = z.infer<typeof accessibleLicencesSchema>;

export const profileResponseSchema = z.object({
  user: userSchema,
  currentLicenceId: orNull(entityIdSchema),
  currentLicence: orNull(licenceRefSchema),
  tokenExpiresAt: answerDateTimeSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Claims of the HS256 access token (readable by a client that wants the expiry). */
export const accessTokenClaimsSchema = z.object({
  /** The user id, as a string (JWT). */
  sub: z.string().regex(/^[1-9]\d*$/),
  role: userRoleSchema,
  licenceId: entityIdSchema.nullable(),
  iss: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

// ── licences ───────────────────────────────────────────────────────────────────
export const licenceSchema = z.object({
  id: entityIdSchema,
  uuid: z.string(),
  name: z.string(),
  activeIntegration: activeIntegrationSchema,
  assignedFlavor: orNull(flavorSchema),
  /** What the licence's kiosks and desks send as `Authorization` to the ticket services. */
  accountKey: z.string(),
  /** The platform's integer office places of this licence. */
  officePlaceIds: z.array(z.number().int()),
});
export type Licence = z.infer<typeof licenceSchema>;
export const licenceListSchema = z.array(licenceSchema);

export const createLicenceRequestSchema = z.object({ name: label });
export type CreateLicenceRequest = z.infer<typeof createLicenceRequestSchema>;

export const updateLicenceRequestSchema = z.object({
  name: label.optional(),
  activeIntegration: activeIntegrationSchema.optional(),
  /** Superadmin only; null = unassigned. */
  assignedFlavor: flavorSchema.nullable().optional(),
});
export type UpdateLicenceRequest = z.infer<typeof updateLicenceRequestSchema>;

/**
 * What the platform has persisted about a licence's integration. The sandbox never
 * probes the publisher, so `probe` is always `unknown`.
 * - `none`: activeIntegration NONE;
 * - `configured`: the active integration's record exists with a URL;
 * - `incomplete`: the record exists without a URL;
 * - `missing`: the active integration has no record.
 */
export const CONFIGURATION_STATES = ['none', 'configured', 'incomplete', 'missing'] as const;
export const configurationStateSchema = z.enum(CONFIGURATION_STATES);

export const licenceSummarySchema = z.object({
  id: entityIdSchema,
  uuid: z.string(),
  name: z.string(),
  activeIntegration: activeIntegrationSchema,
  assignedFlavor: orNull(flavorSchema),
  /** The flavor in force: the assigned one, else the one the active integration implies. */
  flavor: orNull(flavorSchema),
  configuration: z.object({
    integration: activeIntegrationSchema,
    state: configurationStateSchema,
    probe: z.literal('unknown'),
  }),
  counters: z.object({
    users: z.number().int().nonnegative(),
    admins: z.number().int().nonnegative(),
    officePlaces: z.number().int().nonnegative(),
    kiosks: z.number().int().nonnegative(),
    ticketsToday: z.number().int().nonnegative(),
  }),
});
export type LicenceSummary = z.infer<typeof licenceSummarySchema>;

export const dashboardSummarySchema = z.object({
  day: z.iso.date(),
  generatedAt: answerDateTimeSchema,
  licences: z.array(licenceSummarySchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

// ── integrations ───────────────────────────────────────────────────────────────
export const publisherIntegrationSchema = z.object({
  licenceId: entityIdSchema,
  officeId: textOrEmpty,
  officeVisibleId: textOrEmpty,
  /** Historical fallback for both base URLs. */
  targetUrl: orNull(z.string()),
  contractBaseUrl: orNull(z.string()),
  /** Empty or null: no referential forwarding. */
  configServiceBaseUrl: orNull(z.string()),
});
export type PublisherIntegration = z.infer<typeof publisherIntegrationSchema>;

export const publisherIntegrationRequestSchema = z.object({
  officeId: text.optional(),
  officeVisibleId: text.optional(),
  targetUrl: optionalUrl,
  contractBaseUrl: optionalUrl,
  configServiceBaseUrl: optionalUrl,
  /** Historical: accepted and ignored (every contract route is mandatory). */
  supportedRoutes: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type PublisherIntegrationRequest = z.infer<typeof publisherIntegrationRequestSchema>;

export const testServerIntegrationSchema = z.object({
  licenceId: entityIdSchema,
  serverUrl: orNull(z.string()),
});
export type TestServerIntegration = z.infer<typeof testServerIntegrationSchema>;

export const testServerIntegrationRequestSchema = z.object({ serverUrl: optionalUrl });
export type TestServerIntegrationRequest = z.infer<typeof testServerIntegrationRequestSchema>;

/** Sandbox addition `GET /licences/{id}/integrations`: both records of a licence. */
export const licenceIntegrationsSchema = z.object({
  licenceId: entityIdSchema,
  activeIntegration: activeIntegrationSchema,
  publisher: orNull(publisherIntegrationSchema),
  testServer: orNull(testServerIntegrationSchema),
  /** Sandbox addition: the static referential uploaded for the publisher integration, if any. */
  staticReferential: orNull(staticReferentialSummarySchema),
});
export type LicenceIntegrations = z.infer<typeof licenceIntegrationsSchema>;

// ── sandbox outbox (mail catcher) ──────────────────────────────────────────────
export const outboxMessageSchema = z.object({
  id: z.number().int().positive(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Set for invitation and reset e-mails: what the link carries. */
  token: orNull(z.string()),
  kind: z.enum(['invitation', 'password-reset']),
  /** The set-password page, with e-mail and token in the query. */
  link: orNull(z.string()),
  sentAt: answerDateTimeSchema,
});
export type OutboxMessageBody = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

// ── web session (cookie) routes ────────────────────────────────────────────────
export const WEB_SESSION_COOKIE = 'platform_session';

export const webLoginResponseSchema = z.object({ user: userSchema, currentLicenceId: orNull(entityIdSchema) });
export type WebLoginResponse = z.infer<typeof webLoginResponseSchema>;

export const webLicencesSchema = z.object({ currentLicenceId: orNull(entityIdSchema), licences: z.array(licenceSchema) });
export type WebLicences = z.infer<typeof webLicencesSchema>;

export const webUsersSchema = z.object({ users: z.array(userSchema) });
export type WebUsers = z.infer<typeof webUsersSchema>;

export const webPublisherIntegrationSchema = z.object({
  licenceId: orNull(entityIdSchema),
  integration: orNull(publisherIntegrationSchema),
});
export type WebPublisherIntegration = z.infer<typeof webPublisherIntegrationSchema>;

export const webTestServerIntegrationSchema = z.object({
  licenceId: orNull(entityIdSchema),
  integration: orNull(testServerIntegrationSchema),
});
export type WebTestServerIntegration = z.infer<typeof webTestServerIntegrationSchema>;

/** What a kiosk (or a desk) of the session's licence needs to be provisioned. */
export const kioskConfigurationSchema = z.object({
  platformUrl: z.string(),
  licence: z
    .object({
      id: entityIdSchema,
      uuid: z.string(),
      name: z.string(),
      activeIntegration: activeIntegrationSchema,
      /** null for the `user` role: only administrators see the licence's key. */
      accountKey: orNull(z.string()),
      officePlaceIds: z.array(z.number().int()),
    })
    .nullable(),
  kiosks: z.array(
    z.object({ id: z.number().int(), externalId: z.string(), officePlaceId: z.number().int(), hasPrinter: z.boolean() }),
  ),
  publisher: z
    .object({
      officeId: z.string(),
      officeVisibleId: z.string(),
      /** `contractBaseUrl`, else the historical `targetUrl`. */
      contractBaseUrl: orNull(z.string()),
      /** The platform's relay base for this licence's contract calls. */
      relayBaseUrl: z.string(),
    })
    .nullable(),
});
export type KioskConfiguration = z.infer<typeof kioskConfigurationSchema>;

/** Paths of the service, for the client and the tests. */
export const ADMIN_PATHS = {
  home: '/',
  openapi: '/swagger.json',
  login: '/auth/login',
  profile: '/auth/profile',
  accessibleLicences: '/auth/accessibleLicences',
  switchLicence: '/auth/switchLicence',
  licences: '/licences',
  dashboardSummary: '/licences/dashboard-summary',
  users: '/users',
  inviteUser: '/users/invite',
  forgotPassword: '/users/forgot-password',
  setPassword: '/users/set-password',
  validateCredentials: '/users/validate',
  outbox: '/sandbox/outbox',
} as const;

/** `/licences/{id}`-style paths. */
export const adminPath = {
  licence: (id: number) => `/licences/${id}`,
  licenceIntegrations: (id: number) => `/licences/${id}/integrations`,
  publisherIntegration: (licenceId: number) => `/licences/${licenceId}/integration/publisher`,
  testServerIntegration: (licenceId: number) => `/licences/${licenceId}/integration/test-serveur`,
  user: (id: number) => `/users/${id}`,
  resendInvitation: (id: number) => `/users/${id}/resend-invitation`,
  staticReferential: (licenceId: number) => `/licences/${licenceId}/integration/publisher/static-referential`,
} as const;
