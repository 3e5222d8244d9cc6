import { z } from 'zod';

/**
 * Every failure that crosses the IPC boundary is one of these codes. The renderer
 * translates the code; `message` is an English sentence for logs and never carries
 * patient data or secrets.
 */
export const DESK_ERROR_CODES = [
  'BAD_REQUEST',
  'FORBIDDEN_SENDER',
  'UNAUTHORIZED',
  'UNKNOWN_CHANNEL',
  'INTERNAL',
  'NOT_SIGNED_IN',
  'INVALID_CREDENTIALS',
  'DESK_KEY_REFUSED',
  'PUBLISHER_UNREACHABLE',
  'PUBLISHER_ERROR',
  'CONTRACT_VIOLATION',
  'SECRET_STORAGE_UNAVAILABLE',
  'SECRET_UNREADABLE',
  'PROFILE_INVALID',
  'PROFILE_NOT_FOUND',
  'UNKNOWN_APPOINTMENT',
  'UNKNOWN_PATIENT',
  'UNKNOWN_DOCUMENT',
  'APPOINTMENT_STATE_CONFLICT',
  'PUBLISHER_VALIDATION',
  'DECRYPTION_FAILED',
  'ENCRYPTION_REQUIRED',
  'UPLOAD_TOO_LARGE',
  'RELAY_UPSTREAM_UNREACHABLE',
  'PLATFORM_UNREACHABLE',
  'PLATFORM_ERROR',
  'PLATFORM_KEY_REFUSED',
  'SESSION_EXPIRED',
  'ADMIN_CREDENTIALS',
  'ADMIN_FORBIDDEN',
  'ADMIN_NOT_FOUND',
  'ADMIN_CONFLICT',
  'ADMIN_INVALID',
  // ── board feature codes ──
  // ── check-in feature codes ──
  // ── printing feature codes ──
  'PRINTER_UNAVAILABLE',
  'APPOINTMENT_CANCELLED',
  'TICKET_NOT_ISSUED',
  'TICKET_NUMBER_MISMATCH',
  'PRINT_JOB_NOT_CANCELLABLE',
  // ── admin feature codes ──
] as const;

export const deskErrorCodeSchema = z.enum(DESK_ERROR_CODES);
export type DeskErrorCode = z.infer<typeof deskErrorCodeSchema>;

export const deskErrorSchema = z.object({
  code: deskErrorCodeSchema,
  message: z.string(),
});
export type DeskErrorData = z.infer<typeof deskErrorSchema>;

/** Thrown in main by services; turned into `DeskErrorData` by the IPC dispatcher. */
export class DeskError extends Error {
  readonly code: DeskErrorCode;
  constructor(code: DeskErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeskError';
    this.code = code;
  }
  toJSON(): DeskErrorData {
    return { code: this.code, message: this.message };
  }
  static from(data: DeskErrorData): DeskError {
    return new DeskError(data.code, data.message);
  }
}

export function isDeskError(value: unknown): value is DeskError {
  return value instanceof DeskError;
}
