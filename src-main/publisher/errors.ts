import { DeskError, type DeskErrorCode } from '../../src-shared/errors';
import { contractErrorAnswerSchema, type ProgressionStatus } from '../../src-shared/publisher/schemas';
import { namedFailure } from '../net/failure';
import type { NetworkFailure, Violation } from '../net/json-http';

/**
 * A failure of one contract exchange, with what the desk's logic may branch on:
 * the HTTP status, the publisher's contract code and `details.field`. The
 * publisher's own `message` is never kept: the contract forbids patient data in
 * it, but the desk does not rely on every publisher honouring that.
 */
export class ContractError extends DeskError {
  /** HTTP status of the answer; null when nothing came back (network error, timeout). */
  readonly status: number | null;
  /** `error.code` of the contract error body, when the publisher sent one. */
  readonly contractCode: string | null;
  /** `error.details.field` when it is a short code-like string (safe to keep). */
  readonly field: string | null;
  /** `error.details.reason` under the same rule (the sandbox and some publishers send one). */
  readonly reason: string | null;
  /** Worth another attempt under the contract's policy (network error or 5xx). */
  readonly retryable: boolean;

  constructor(
    code: DeskErrorCode,
    message: string,
    facts: { status?: number | null; contractCode?: string | null; field?: string | null; reason?: string | null; retryable?: boolean; host?: string } = {},
  ) {
    super(code, message, facts.host === undefined ? undefined : { host: facts.host });
    this.name = 'ContractError';
    this.status = facts.status ?? null;
    this.contractCode = facts.contractCode ?? null;
    this.field = facts.field ?? null;
    this.reason = facts.reason ?? null;
    this.retryable = facts.retryable ?? false;
  }
}

/**
 * Kept for callers of the first client: a retryable failure. Every retryable
 * failure is now a ContractError with `retryable: true`.
 */
export class TransientPublisherError extends ContractError {
  constructor(message: string, status: number | null, code: DeskErrorCode = status === null ? 'PUBLISHER_UNREACHABLE' : 'PUBLISHER_ERROR', contractCode: string | null = null) {
    super(code, message, { status, contractCode, retryable: true });
  }
}

export function isContractError(error: unknown): error is ContractError {
  return error instanceof ContractError;
}

export function isTransient(error: unknown): boolean {
  return error instanceof ContractError && error.retryable;
}

/**
 * "The publisher refuses `closed`": a field-reality publisher answers PUT status
 * `closed` with 400 VALIDATION_ERROR. A cancelled appointment gets the same code
 * from every publisher, so when `reason` is absent the caller should confirm with
 * getAppointmentById that the appointment is not cancelled before treating it as
 * "closed not supported" (docs/publisher-client.md).
 */
export function isClosedRejected(error: unknown, requested: ProgressionStatus): error is ContractError {
  return (
    requested === 'closed' &&
    error instanceof ContractError &&
    error.status === 400 &&
    error.contractCode === 'VALIDATION_ERROR' &&
    error.reason !== 'appointmentCancelled' &&
    error.reason !== 'appointmentNotCheckedIn'
  );
}

// Codes and field paths only: anything longer or with spaces might be free text.
const CODE_LIKE = /^[A-Za-z][A-Za-z0-9_.[\]-]{0,63}$/;

function codeLike(value: unknown): string | null {
  return typeof value === 'string' && CODE_LIKE.test(value) ? value : null;
}

interface ErrorBodyFacts {
  contractCode: string | null;
  field: string | null;
  reason: string | null;
}

/** The contract error body's code and details, or null when the body is not one (HTML page, garbage). */
export function readErrorBody(rawBody: string): ErrorBodyFacts | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = contractErrorAnswerSchema.safeParse(json);
  if (!parsed.success) return null;
  const details = parsed.data.error.details ?? {};
  return { contractCode: codeLike(parsed.data.error.code), field: codeLike(details.field), reason: codeLike(details.reason) };
}

export interface ExchangeFacts {
  status: number;
  rawBody: string;
  /** The attempt went out sealed (encryption headers and envelope). */
  sealed: boolean;
  /** The connection profile holds the publisher's public key. */
  keyConfigured: boolean;
}

/** 5xx: retryable. RELAY_UPSTREAM_UNREACHABLE keeps its own code once the retries are spent. */
export function mapServerError(status: number, rawBody: string): ContractError {
  const facts = readErrorBody(rawBody);
  if (status === 502 && facts?.contractCode === 'RELAY_UPSTREAM_UNREACHABLE') {
    return new TransientPublisherError(
      'The platform relay could not reach the medical system (HTTP 502, RELAY_UPSTREAM_UNREACHABLE).',
      status,
      'RELAY_UPSTREAM_UNREACHABLE',
      'RELAY_UPSTREAM_UNREACHABLE',
    );
  }
  const code = facts?.contractCode ? `, ${facts.contractCode}` : '';
  return new TransientPublisherError(`The medical system failed (HTTP ${status}${code}).`, status, 'PUBLISHER_ERROR', facts?.contractCode ?? null);
}

const BY_CODE: Partial<Record<string, { code: DeskErrorCode; message: string }>> = {
  INVALID_CREDENTIALS: { code: 'INVALID_CREDENTIALS', message: 'Login or password refused by the medical system.' },
  UNKNOWN_DEVICE: {
    code: 'DESK_KEY_REFUSED',
    message:
      "The medical system does not know this desk's device id (UNKNOWN_DEVICE). Register the device id of the connection profile on the medical system (strict device policy).",
  },
  INVALID_AUTH_KEY: {
    code: 'DESK_KEY_REFUSED',
    message:
      "The medical system refused this desk's account key (INVALID_AUTH_KEY). Check the account key of the connection profile. If it is right, the medical system may have bound another key on first use: ask its administrator to reset the trusted key to the account key shown in the platform.",
  },
  UNKNOWN_APPOINTMENT: { code: 'UNKNOWN_APPOINTMENT', message: 'The medical system does not know this appointment (UNKNOWN_APPOINTMENT).' },
  UNKNOWN_PATIENT: { code: 'UNKNOWN_PATIENT', message: 'The medical system does not know this patient (UNKNOWN_PATIENT).' },
  UNKNOWN_DOCUMENT: { code: 'UNKNOWN_DOCUMENT', message: 'The medical system does not know this document (UNKNOWN_DOCUMENT).' },
  ALREADY_CHECKED_IN: {
    code: 'APPOINTMENT_STATE_CONFLICT',
    message: 'The appointment state does not allow this (ALREADY_CHECKED_IN).',
  },
  UPLOAD_TOO_LARGE: { code: 'UPLOAD_TOO_LARGE', message: 'The document is above the medical system\'s size limit (UPLOAD_TOO_LARGE).' },
};

/**
 * Encryption refusals say what is true of this desk: the remedy for "encryption
 * required" is a key only when the profile has none, and DECRYPTION_FAILED to a
 * sealed request means the key does not match (the desk seals correctly or the
 * envelope tests fail), which is the technician's to fix.
 */
function encryptionRefusal(contractCode: string, exchange: ExchangeFacts): { code: DeskErrorCode; message: string } | null {
  const { sealed, keyConfigured } = exchange;
  if (contractCode === 'DECRYPTION_FAILED') {
    return {
      code: 'DECRYPTION_FAILED',
      message: sealed
        ? "The medical system could not decrypt this desk's request (DECRYPTION_FAILED): the publisher public key in the connection profile does not match the medical system's private key. Copy the establishment's current public key, the one entered in the platform's administration UI, into the profile."
        : 'The medical system reported a decryption failure (DECRYPTION_FAILED) for a request this desk sent in clear.',
    };
  }
  if (exchange.status !== 400 || sealed || !/ENCRYPT/i.test(contractCode)) return null;
  return {
    code: 'ENCRYPTION_REQUIRED',
    message: keyConfigured
      ? `The medical system requires end-to-end encryption on this operation (${contractCode}) and the desk could not repeat it encrypted.`
      : `The medical system requires end-to-end encryption (${contractCode}). Add the publisher's public key (PEM) to the connection profile.`,
  };
}

/** Maps a 3xx/4xx answer. Never retried, whatever it is. */
export function mapClientError(exchange: ExchangeFacts): ContractError {
  const { status, rawBody } = exchange;
  const facts = readErrorBody(rawBody);
  if (!facts) {
    // An HTML page or an empty body: not the contract's error. A 404 like this means a
    // missing route (a publisher that does not implement it), not a missing record.
    const message =
      status === 404
        ? "The medical system does not offer this route (HTTP 404, not the contract's JSON)."
        : `The medical system refused the request (HTTP ${status}, not the contract's JSON error).`;
    return new ContractError('PUBLISHER_ERROR', message, { status });
  }
  const { contractCode } = facts;
  // Publishers name their refusal code freely (sandbox `refusalCode`): a 400 whose code
  // speaks of encryption, to a call sent in clear, is that refusal.
  const known = contractCode ? (BY_CODE[contractCode] ?? encryptionRefusal(contractCode, exchange)) : null;
  const base = { status, contractCode, field: facts.field, reason: facts.reason };
  if (known) return new ContractError(known.code, known.message, base);
  if (contractCode === 'VALIDATION_ERROR') {
    const where = facts.field ? ` on ${facts.field}` : '';
    return new ContractError('PUBLISHER_VALIDATION', `The medical system rejected the request (VALIDATION_ERROR${where}).`, base);
  }
  const code = contractCode ? `, ${contractCode}` : '';
  return new ContractError('PUBLISHER_ERROR', `The medical system refused the request (HTTP ${status}${code}).`, base);
}

/** No answer: retryable. `via` names who did not answer (the medical system, or the platform relay). */
export function mapNetworkError(via: string, failure: NetworkFailure, timeoutMs: number): ContractError {
  // Still worth keeping a move for later (the outbox): the technician may fix the trust or the proxy.
  const named = namedFailure(failure);
  if (named) return new ContractError(named.code, named.message, { retryable: true, host: named.host });
  if (failure.timedOut) return new TransientPublisherError(`${via} did not answer within ${timeoutMs} ms.`, null);
  return new TransientPublisherError(`${via} could not be reached.`, null);
}

/**
 * A 2xx the desk cannot use. Unknown fields pass (loose schemas); a wrong type names
 * field paths only, never values, since a value may be patient data. Never retried.
 */
export function mapViolation({ status, reason, fields }: Violation, operation: string): ContractError {
  const message =
    reason === 'notJson'
      ? `The medical system answered ${operation} with something that is not JSON.`
      : `The medical system answered ${operation} in an unexpected form${fields ? ` (${fields})` : ''}.`;
  return new ContractError('CONTRACT_VIOLATION', message, { status, reason });
}
