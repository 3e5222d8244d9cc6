import type { UpdateChannel } from '../../src-shared/deployment';

/**
 * The updater's decisions, apart from electron-updater so they are tested as plain rules:
 * which channel file to read, when a downloaded update may be installed, what a failure means.
 */

/** electron-updater's channel: none for stable (it reads latest.yml), 'beta' reads beta.yml. */
export function updaterChannel(channel: UpdateChannel): string | null {
  return channel === 'stable' ? null : channel;
}

export interface InstallMoment {
  now: Date;
  /** Local hour set by the admin; null: only when the desk quits. */
  installHour: number | null;
  /** A staff member signed in is a shift under way: the desk is never restarted under them. */
  staffSignedIn: boolean;
}

/** Whether a downloaded update may be installed now, the desk restarting by itself. */
export function mayInstallNow({ now, installHour, staffSignedIn }: InstallMoment): boolean {
  if (installHour === null || staffSignedIn) return false;
  return now.getHours() === installHour;
}

export type UpdateFailure =
  /** The server could not be reached or answered an error: the desk works on, the next check tries again. */
  | 'server-unreachable'
  /** The file downloaded is not the one latest.yml describes (sha512): refused, never installed. */
  | 'checksum-mismatch'
  /** The installer is not signed by the publisher named at build time (Windows): refused. */
  | 'signature-invalid'
  /** The server answers but offers nothing usable (no channel file, a malformed one, no file for this system). */
  | 'no-usable-release'
  | 'other';

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ESOCKETTIMEDOUT']);
const NO_RELEASE_CODES = new Set([
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_INVALID_UPDATE_INFO',
  'ERR_UPDATER_NO_FILES_PROVIDED',
  'ERR_UPDATER_ASSET_NOT_FOUND',
  'ERR_UPDATER_NO_CHECKSUM',
  'ERR_UPDATER_INVALID_VERSION',
]);

/** Reads electron-updater's and Node's error codes; the message is never needed (nor logged). */
export function classifyUpdateFailure(error: unknown): UpdateFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number((error as { statusCode: unknown }).statusCode) : 0;
  if (code === 'ERR_CHECKSUM_MISMATCH') return 'checksum-mismatch';
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'signature-invalid';
  if (NO_RELEASE_CODES.has(code)) return 'no-usable-release';
  if (UNREACHABLE_CODES.has(code) || status >= 500 || /^net::ERR_/.test(errorMessage(error))) return 'server-unreachable';
  return 'other';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** How often a desk asks its update server: a few times a shift, light on 40 desks. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** How often the install hour is looked at. */
export const INSTALL_TICK_MS = 60 * 1000;
