import { z } from 'zod';

/**
 * A desk's connection profile (DESIGN.md §4.1). Secrets are not part of it: the
 * account key lives in main's secret store, keyed by profile id.
 */
export const contractModeSchema = z.enum(['direct', 'relay']);

/** One certificate in PEM, as an organisation's CA is handed out (base64 lines between the markers). */
const PEM_CERTIFICATE = /^\s*-----BEGIN CERTIFICATE-----\r?\n(?:[A-Za-z0-9+/=]{1,76}\r?\n)+-----END CERTIFICATE-----\s*$/;

export const caCertificatePemSchema = z
  .string()
  .max(65_536)
  .regex(PEM_CERTIFICATE, { message: 'Not a certificate in PEM form (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).' });

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
  /**
   * An extra certificate authority (PEM) this desk trusts beside the computer's own, for a medical
   * system (or a TLS-inspecting proxy) whose certificates come from the organisation's internal CA.
   * Absent or null: the computer's store alone.
   */
  caCertificatePem: caCertificatePemSchema.nullable().optional(),
  deviceId: z.string().min(1).max(128),
  officePlaceId: z.number().int().nullable(),
  deskId: z.number().int().nullable(),
  deskLabel: z.string().max(64),
});
export type ConnectionProfile = z.infer<typeof connectionProfileSchema>;

export const CONTRACT_BASE_PATH = '/api/kioskIntegrationService/v1';

/** The addresses of a profile that carry the account key and staff passwords. */
export const PROFILE_ADDRESS_FIELDS = ['platformUrl', 'contractBaseUrl'] as const;
export type ProfileAddressField = (typeof PROFILE_ADDRESS_FIELDS)[number];

/** This computer: plain http there never crosses the hospital network (a local relay, the training sandbox). */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return false;
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * The addresses of a real profile that would send `X-Kiosk-Auth-Key` and staff passwords in
 * clear: anything but `https:`, except on this computer. A training profile has none.
 */
export function plainTextAddresses(profile: Pick<ConnectionProfile, 'training' | ProfileAddressField>): ProfileAddressField[] {
  if (profile.training) return [];
  return PROFILE_ADDRESS_FIELDS.filter((field) => !profile[field].startsWith('https:') && !isLoopbackUrl(profile[field]));
}
