import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContractErrorCode } from '../../../src-shared/publisher/schemas';
import { logger } from '../../log';

const log = logger('sandbox-publisher');

/**
 * Codes this publisher uses beyond the contract's catalogue. The contract has no
 * code for an unknown route (UNKNOWN_APPOINTMENT is about appointments) nor for a
 * deferred notification on an appointment that was never checked in.
 */
export type SandboxErrorCode = ContractErrorCode | 'NOT_FOUND' | 'NOT_CHECKED_IN';

/**
 * Every refusal is thrown as a ContractError and rendered by one error handler, so
 * errors are always `{error: {code, message, details}}` and always in clear.
 * `message` is a fixed sentence: it never interpolates request or patient data.
 */
export class ContractError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ContractError';
  }
}

// `string & {}` keeps the known codes suggested while allowing a configured refusal code.
export function contractError(status: number, code: SandboxErrorCode | (string & {}), message: string, details: Record<string, unknown> | null = null): ContractError {
  return new ContractError(status, code, message, details);
}

export const errors = {
  validation: (field: string | null, reason?: string) =>
    contractError(400, 'VALIDATION_ERROR', 'Invalid request.', { field, ...(reason ? { reason } : {}) }),
  unknownAppointment: () => contractError(404, 'UNKNOWN_APPOINTMENT', 'Appointment not found.'),
  unknownPatient: () => contractError(404, 'UNKNOWN_PATIENT', 'Patient not found.'),
  unknownDocument: () => contractError(404, 'UNKNOWN_DOCUMENT', 'Document not found or already deleted.'),
  alreadyCheckedIn: (status: string) =>
    contractError(409, 'ALREADY_CHECKED_IN', 'Check-in is impossible in the appointment state.', { status }),
  notCheckedIn: (status: string) =>
    contractError(409, 'NOT_CHECKED_IN', 'The appointment is not checked in.', { status }),
  uploadTooLarge: (limitBytes: number) =>
    contractError(413, 'UPLOAD_TOO_LARGE', 'Request body above the maximum size.', { limitBytes }),
  decryptionFailed: (reason: string) =>
    contractError(400, 'DECRYPTION_FAILED', 'The encrypted request cannot be decrypted.', { reason }),
  invalidCredentials: () => contractError(401, 'INVALID_CREDENTIALS', 'Invalid credentials.'),
  unknownDevice: () => contractError(401, 'UNKNOWN_DEVICE', 'Device id absent or unknown.'),
  invalidAuthKey: () => contractError(401, 'INVALID_AUTH_KEY', 'Authorization key invalid for this device or absent.'),
};

/**
 * A zod failure as VALIDATION_ERROR with `details.field` (dotted path, or the
 * part of the request — body, path, query — when the whole part is wrong). Only
 * paths and issue codes travel: `details` must stay free of request values.
 */
export function validationErrorFrom(error: z.ZodError, root: string): ContractError {
  const issues = error.issues.slice(0, 10).map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : root,
    code: issue.code,
  }));
  return contractError(400, 'VALIDATION_ERROR', 'Invalid request.', { field: issues[0]?.field ?? root, issues });
}

export function sendError(reply: FastifyReply, error: ContractError): FastifyReply {
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({ error: { code: error.code, message: error.message, details: error.details } });
}

/** Maps fastify's own failures (body too large, bad URL, …) onto the contract's codes. */
function fromFramework(error: FastifyError): ContractError {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return errors.uploadTooLarge(0);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return errors.validation('path', 'tooLong');
  if (status >= 400 && status < 500) return errors.validation(null, 'malformedRequest');
  return contractError(500, 'INTERNAL_ERROR', 'Internal error.');
}

export function errorHandler(uploadLimitBytes: number) {
  return (error: FastifyError | ContractError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (error instanceof ContractError) return sendError(reply, error);
    const mapped = fromFramework(error);
    // fastify's own limit is the route's wire limit; the upload's plaintext limit is checked after decryption.
    if (mapped.status === 413) return sendError(reply, errors.uploadTooLarge(request.routeOptions.bodyLimit ?? uploadLimitBytes));
    // Only the error code is logged: messages may quote request content.
    if (mapped.status >= 500) log.error('unexpected publisher failure', { code: error.code ?? error.name });
    return sendError(reply, mapped);
  };
}

export function notFoundHandler(htmlNotFound: boolean) {
  return (_request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (htmlNotFound) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>');
    }
    return sendError(reply, contractError(404, 'NOT_FOUND', 'Unknown route.'));
  };
}
