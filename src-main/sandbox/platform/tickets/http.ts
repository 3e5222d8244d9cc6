import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Logger } from '../../../log';
import type { SandboxLicence } from '../../world/types';
import { resolveLicence } from '../licences';
import type { TicketServiceError } from './service';

/**
 * HTTP plumbing shared by the ticket routes: the platform's error body is
 * `{message}` (DESIGN.md §2), 401 before anything else, 400 naming the field,
 * and never a 500 for anything a caller can send.
 */
export const UNAUTHORIZED_MESSAGE = 'Unknown account key or licence';

/** First issue of a zod failure as "field: reason" (messages name fields, never echo values). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'body: invalid';
  const field = issue.path.map(String).join('.') || 'body';
  return `${field}: ${issue.message}`;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The licence named by `Authorization` (raw key) and this `licenceUuid`, or null after answering 401. */
export function authenticate(request: FastifyRequest, reply: FastifyReply, licences: readonly SandboxLicence[], licenceUuid: unknown): SandboxLicence | null {
  const licence = resolveLicence(licences, header(request, 'authorization'), licenceUuid);
  if (!licence) void reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
  return licence;
}

/** `licenceUuid` out of whatever the body is (it may not even be an object). */
export function licenceUuidOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).licenceUuid : undefined;
}

/** Parses with the schema, or answers 400 `{message}` and returns null. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): z.infer<S> | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  void reply.code(400).send({ message: describeIssue(parsed.error) });
  return null;
}

/**
 * Scoped to the ticket routes: Fastify's own refusals (malformed JSON 400, body
 * too large 413, media type 415) and TicketServiceError keep their status with a
 * `{message}` body; anything else is a bug, logged, and answered 500 without detail.
 */
export function installErrorHandler(scope: FastifyInstance, log: Logger): void {
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON' ? 'body: malformed JSON' : error.message;
      const { ticket, reason } = error as Partial<TicketServiceError>;
      return reply.code(status).send({ message, ...(ticket ? { ticket } : {}), ...(reason ? { reason } : {}) });
    }
    log.error('ticket service failed', { error: error.name, code: error.code ?? null });
    return reply.code(500).send({ message: 'Internal error' });
  });
}
