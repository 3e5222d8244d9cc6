import { z } from 'zod';

/**
 * A desk's connection profile (DESIGN.md §4.1). Secrets are not part of it: the
 * account key lives in main's secret store, keyed by profile id.
 */
export const contractModeSchema = z.enum(['direct', 'relay']);

export const connectionProfileSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(120),
  training: z.boolean(),
  platformUrl: z.url(),
  licenceUuid: z.string().min(1).max(64),
  officeIdHeader: z.string().min(1).max(256),
  contractMode: contractModeSchema,
  /** Contract base URL including `/api/kioskIntegrationService/v1` (direct mode). */
  contractBaseUrl: z.url(),
  publisherPublicKeyPem: z.string().max(16_384).nullable(),
  deviceId: z.string().min(1).max(128),
  officePlaceId: z.number().int().nullable(),
  deskId: z.number().int().nullable(),
  deskLabel: z.string().max(64),
});
export type ConnectionProfile = z.infer<typeof connectionProfileSchema>;

export const CONTRACT_BASE_PATH = '/api/kioskIntegrationService/v1';
