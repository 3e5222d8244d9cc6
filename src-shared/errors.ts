import type { DeskErrorCode, DeskErrorData, DeskErrorField } from './error-schemas';

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
  'PASSWORD_ATTEMPTS_WAIT',
  'DESK_KEY_REFUSED',
  'PUBLISHER_UNREACHABLE',
  'PUBLISHER_ERROR',
  'CONTRACT_VIOLATION',
  'SECRET_STORAGE_UNAVAILABLE',
  'SECRET_UNREADABLE',
  'DATA_FOLDER_IN_USE',
  'DESK_NOT_STARTED',
  'DESK_NOT_CONNECTED',
  'PROFILE_INVALID',
  'PROFILE_NOT_FOUND',
  'PROFILE_INSECURE',
  'PROFILE_MANAGED',
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
  // ── the hospital's network: a certificate this computer does not trust, a proxy that refuses ──
  'CERTIFICATE_UNTRUSTED',
  'PROXY_REFUSED',
  'PLATFORM_ERROR',
  'PLATFORM_KEY_REFUSED',
  'SESSION_EXPIRED',
  'ADMIN_CREDENTIALS',
  'ADMIN_FORBIDDEN',
  'ADMIN_NOT_FOUND',
  'ADMIN_CONFLICT',
  'ADMIN_INVALID',
  // ── board feature codes ──
  'BOARD_LOCKED',
  'BOARD_NOTHING_WAITING',
  'BOARD_TICKET_GONE',
  'APPOINTMENT_CANCELLED',
  'BOARD_NOT_CALLABLE',
  'TICKET_CHANGED',
  'BOARD_CALLED_ELSEWHERE',
  'BOARD_BUSY_ROW',
  'BOARD_NOT_MOVABLE',
  'BOARD_DESK_UNKNOWN',
  'BOARD_DESK_SILENT',
  'BOARD_DESKS_NOT_OFFERED',
  'FORBIDDEN',
  // ── check-in feature codes ──
  'CHECKIN_NOT_ELIGIBLE',
  'CHECKIN_ALREADY_RECEIVED',
  'CHECKIN_RECEPTION_UNDONE',
  'CHECKIN_MIXED_PATIENTS',
  'CHECKIN_UNKNOWN_CODE',
  // ── printing feature codes ──
  'PRINTER_UNAVAILABLE',
  'REPRINT_CANCELLED_APPOINTMENT',
  'TICKET_NOT_ISSUED',
  'TICKET_NUMBER_MISMATCH',
  'PRINT_JOB_NOT_CANCELLABLE',
  // ── admin feature codes ──
  'ADMIN_EMAIL_TAKEN',
  'ADMIN_INTEGRATION_CONFLICT',
  'ADMIN_ALREADY_ACTIVATED',
  'ADMIN_EMAIL_UNREACHABLE',
  'ADMIN_INVITATION_INVALID',
  'ADMIN_REFERENTIAL_INVALID',
  'ADMIN_TRAINING_ONLY',
  // ── technician mode codes ──
  'TECHNICIAN_MODE_REQUIRED',
  'TECHNICIAN_PIN_WRONG',
  'TECHNICIAN_PIN_LOCKED',
  'TECHNICIAN_NO_PIN',
  'SUPERVISOR_REQUIRED',
] as const;

export type { DeskErrorCode, DeskErrorData, DeskErrorField } from './error-schemas';

/** Thrown in main by services; turned into `DeskErrorData` by the IPC dispatcher. */
export class DeskError extends Error {
  readonly code: DeskErrorCode;
  readonly fields: DeskErrorField[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly host: string | undefined;
  constructor(code: DeskErrorCode, message: string, options?: { cause?: unknown; fields?: DeskErrorField[]; retryAfterSeconds?: number; host?: string }) {
    super(message, options);
    this.name = 'DeskError';
    this.code = code;
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.host = options?.host;
  }
  toJSON(): DeskErrorData {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.retryAfterSeconds ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      ...(this.host ? { host: this.host } : {}),
    };
  }
  static from(data: DeskErrorData): DeskError {
    return new DeskError(data.code, data.message, { fields: data.fields, retryAfterSeconds: data.retryAfterSeconds, host: data.host });
  }
}

export function isDeskError(value: unknown): value is DeskError {
  return value instanceof DeskError;
}
