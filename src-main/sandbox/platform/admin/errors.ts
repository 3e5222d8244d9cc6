import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminErrorBody } from '../../../../src-shared/platform/admin';
import { logger } from '../../../log';

const log = logger('sandbox-admin');

export interface ErrorIssue {
  path: string;
  message: string;
}

/** A refusal with its HTTP status; turned into the service's one error body. */
export class AdminError extends Error {
  readonly statusCode: number;
  readonly issues: ErrorIssue[] | undefined;

  constructor(statusCode: number, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = 'AdminError';
    this.statusCode = statusCode;
    this.issues = issues;
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) => new AdminError(400, message, issues);
export const unauthorized = (message: string) => new AdminError(401, message);
export const forbidden = (message: string) => new AdminError(403, message);
export const notFound = (message: string) => new AdminError(404, message);
export const conflict = (message: string) => new AdminError(409, message);

export function errorBody(statusCode: number, message: string, issues?: ErrorIssue[]): AdminErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) };
}

/**
 * Zod issues as `field: problem` lines. Zod's messages name the expectation, never
 * the received value, so a rejected password is not echoed back.
 */
export function invalidInput(error: z.ZodError, root: string): AdminError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : root,
    message: issue.message,
  }));
  return badRequest(`Invalid ${root}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`, issues);
}

/**
 * Fastify's own 4xx errors (body parsing, size) get fixed messages: the JSON
 * parser's message can quote the body, which may hold a password.
 */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty body with Content-Type application/json: send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type: send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body.',
};

function fastifyClientError(error: FastifyError): { status: number; message: string } | null {
  const status = error.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (error instanceof SyntaxError) return { status: 400, message: 'Malformed JSON body.' };
  return { status, message: FASTIFY_MESSAGES[error.code] ?? STATUS_CODES[status] ?? 'Bad request.' };
}

/** The admin service's error handler: one body shape, no internals, no secrets. */
export function handleAdminError(error: FastifyError | AdminError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof AdminError) {
    void reply.code(error.statusCode).header('cache-control', 'no-store').send(errorBody(error.statusCode, error.message, error.issues));
    return;
  }
  const client = fastifyClientError(error);
  if (client) {
    void reply.code(client.status).send(errorBody(client.status, client.message));
    return;
  }
  log.error('admin route failed', { route: request.routeOptions.url, error: error.name, code: error.code });
  void reply.code(500).send(errorBody(500, 'Internal error of the sandbox administration service.'));
}
