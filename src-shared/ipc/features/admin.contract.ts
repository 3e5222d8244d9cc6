import { z } from 'zod';
import { STATIC_REFERENTIAL_MAX_CHARS, staticReferentialSummarySchema } from '../../admin/referential';
import { tablePageSchema, tableQuerySchema } from '../../admin/table';
import {
  createLicenceRequestSchema,
  createUserRequestSchema,
  credentialsRequestSchema,
  emailSchema,
  entityIdSchema,
  forgotPasswordRequestSchema,
  inviteUserRequestSchema,
  licenceIntegrationsSchema,
  licenceRefSchema,
  licenceSchema,
  licenceSummarySchema,
  outboxResponseSchema,
  publisherIntegrationRequestSchema,
  publisherIntegrationSchema,
  setPasswordRequestSchema,
  switchLicenceRequestSchema,
  testServerIntegrationRequestSchema,
  testServerIntegrationSchema,
  updateLicenceRequestSchema,
  updateUserRequestSchema,
  userSchema,
} from '../../platform/admin';
import { configProbeResultSchema } from '../../publisher/probe';
import { none, type ChannelSpec } from '../spec';
import type { ADMIN_CHANNELS, ADMIN_EVENTS } from './admin.names';

/** The signed-in administrator as the renderer sees it; the JWT itself stays in main. */
export const adminSessionSchema = z.object({
  user: userSchema,
  currentLicence: licenceRefSchema.nullable(),
  /** Licences this account may switch to (its current one included). */
  accessibleLicences: z.array(licenceRefSchema),
  tokenExpiresAt: z.iso.datetime(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

const idRequestSchema = z.object({ id: entityIdSchema });
const licenceIdRequestSchema = z.object({ licenceId: entityIdSchema });

export const updateLicenceIpcSchema = z.object({ id: entityIdSchema, changes: updateLicenceRequestSchema });
export const updateUserIpcSchema = z.object({ id: entityIdSchema, changes: updateUserRequestSchema });

/** Invite and resend answer the same: who was invited and until when the link works. */
export const invitationSentSchema = z.object({ user: userSchema, invitationExpiresAt: z.iso.datetime() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const INTEGRATION_KINDS = ['publisher', 'testServer'] as const;
export const removeIntegrationRequestSchema = licenceIdRequestSchema.extend({ kind: z.enum(INTEGRATION_KINDS) });

export const savePublisherIpcSchema = licenceIdRequestSchema.extend({ integration: publisherIntegrationRequestSchema });
export const saveTestServerIpcSchema = licenceIdRequestSchema.extend({ integration: testServerIntegrationRequestSchema });

/** A saved publisher integration and the config probe run right after (null: no contract URL to probe). */
export const publisherSavedSchema = z.object({ integration: publisherIntegrationSchema, probe: configProbeResultSchema.nullable() });
export type PublisherSaved = z.infer<typeof publisherSavedSchema>;

/** The referential file's text: main parses and checks it (checkStaticReferential) before anything is sent. */
export const uploadReferentialRequestSchema = licenceIdRequestSchema.extend({ json: z.string().min(1).max(STATIC_REFERENTIAL_MAX_CHARS) });

export const trainingOutboxRequestSchema = z.object({ to: emailSchema.optional() });

export const adminContract = {
  'admin/signIn': { request: credentialsRequestSchema, response: adminSessionSchema },
  'admin/session': { request: none, response: adminSessionSchema.nullable() },
  'admin/signOut': { request: none, response: z.null() },
  'admin/forgotPassword': { request: forgotPasswordRequestSchema, response: z.null() },
  'admin/setPassword': { request: setPasswordRequestSchema, response: z.null() },
  'admin/switchLicence': { request: switchLicenceRequestSchema, response: adminSessionSchema },
  'admin/listLicences': { request: tableQuerySchema, response: tablePageSchema(licenceSummarySchema) },
  'admin/createLicence': { request: createLicenceRequestSchema, response: licenceSchema },
  'admin/updateLicence': { request: updateLicenceIpcSchema, response: licenceSchema },
  'admin/removeLicence': { request: idRequestSchema, response: z.null() },
  'admin/listUsers': { request: tableQuerySchema, response: tablePageSchema(userSchema) },
  'admin/createUser': { request: createUserRequestSchema, response: userSchema },
  'admin/updateUser': { request: updateUserIpcSchema, response: userSchema },
  'admin/removeUser': { request: idRequestSchema, response: z.null() },
  'admin/inviteUser': { request: inviteUserRequestSchema, response: invitationSentSchema },
  'admin/resendInvitation': { request: idRequestSchema, response: invitationSentSchema },
  'admin/integrations': { request: licenceIdRequestSchema, response: licenceIntegrationsSchema },
  'admin/savePublisherIntegration': { request: savePublisherIpcSchema, response: publisherSavedSchema },
  'admin/saveTestServerIntegration': { request: saveTestServerIpcSchema, response: testServerIntegrationSchema },
  'admin/removeIntegration': { request: removeIntegrationRequestSchema, response: z.null() },
  'admin/probeIntegration': { request: licenceIdRequestSchema, response: configProbeResultSchema },
  'admin/uploadReferential': { request: uploadReferentialRequestSchema, response: staticReferentialSummarySchema },
  'admin/trainingOutbox': { request: trainingOutboxRequestSchema, response: outboxResponseSchema },
} as const satisfies Record<(typeof ADMIN_CHANNELS)[number], ChannelSpec>;

export const adminEvents = {
  'admin/sessionChanged': adminSessionSchema.nullable(),
} as const satisfies Record<(typeof ADMIN_EVENTS)[number], z.ZodType>;
