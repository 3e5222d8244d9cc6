import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ENCRYPTION_HEADER, ENCRYPTION_VERSION } from '../../../src-shared/publisher/schemas';
import { authGuard, type AuthLevel } from './auth';
import { PublisherEncryption, type EncryptionScope } from './encryption';
import { errors, validationErrorFrom } from './errors';
import type { AnswerVariations } from './field-variations';
import { parseJsonText } from './json';
import type { PublisherBehaviour } from './options';
import type { PlatformLink } from './platform-link';
import type { PublisherState } from './state';

/** What every route module receives. */
export interface PublisherContext {
  app: FastifyInstance;
  state: PublisherState;
  behaviour: PublisherBehaviour;
  encryption: PublisherEncryption;
  platform: PlatformLink;
  answers: AnswerVariations;
}

export type OperationResult = { status: 200 | 201; body: Record<string, unknown> } | { status: 204 };

export interface OperationInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** True when the call came encrypted (and the answer will be sealed). */
  sealed: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  method: Method;
  /** Relative to the contract base path. */
  path: string;
  auth: AuthLevel;
  encryption: EncryptionScope;
  params?: P;
  query?: Q;
  body?: B;
  /** Largest wire body fastify reads for this route (default: the app's limit). */
  bodyLimit?: number;
  /** Largest plaintext JSON accepted, after decryption (413 UPLOAD_TOO_LARGE above). */
  maxPlaintextBytes?: number;
  handle(input: OperationInput<z.output<P>, z.output<Q>, z.output<B>>): OperationResult | Promise<OperationResult>;
}

const BODY_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH']);

export const ok = (body: Record<string, unknown>): OperationResult => ({ status: 200, body });
export const created = (body: Record<string, unknown>): OperationResult => ({ status: 201, body });
export const noContent = (): OperationResult => ({ status: 204 });

function validate<S extends z.ZodType>(schema: S | undefined, value: unknown, root: string): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationErrorFrom(parsed.error, root);
  return parsed.data;
}

function parseBodyText(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch {
    throw errors.validation('body', 'malformedJson');
  }
}

function enforceLimit(text: string, limit: number | undefined): void {
  // String length is a lower bound of the byte length: the exact count only when it matters.
  if (limit !== undefined && text.length * 3 > limit && Buffer.byteLength(text, 'utf8') > limit) throw errors.uploadTooLarge(limit);
}

/**
 * One contract operation, in the contract's order: auth (onRequest, before the
 * body is read), then decryption or clear-call policy, then validation of path,
 * query and body with zod, then the handler. A 2xx answer is sealed with the
 * request's session key; errors are thrown as ContractError and always leave in
 * clear through the app's error handler.
 */
export function operation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  context: PublisherContext,
  spec: OperationSpec<P, Q, B>,
): void {
  const { app, state, behaviour, encryption, answers } = context;
  app.route({
    method: spec.method,
    url: `${behaviour.basePath}${spec.path}`,
    onRequest: authGuard(spec.auth, state, behaviour.devicePolicy),
    ...(spec.bodyLimit !== undefined ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const session = encryption.open(request, spec.encryption);

      let body: unknown = undefined;
      const raw = typeof request.body === 'string' ? request.body : '';
      if (BODY_METHODS.has(spec.method) && raw.trim() !== '') {
        if (session.key) {
          const plaintext = PublisherEncryption.openBody(session.key, raw);
          enforceLimit(plaintext, spec.maxPlaintextBytes);
          body = parseBodyText(plaintext);
        } else {
          enforceLimit(raw, spec.maxPlaintextBytes);
          body = parseBodyText(raw);
        }
      }

      const result = await spec.handle({
        params: validate(spec.params, request.params, 'path'),
        query: validate(spec.query, request.query, 'query'),
        body: validate(spec.body, body, 'body'),
        sealed: session.key !== null,
      });

      if (result.status === 204) return reply.code(204).send();
      // Varied before sealing: an encrypting publisher writes the same forms inside the envelope.
      const answer = answers.vary(spec.method, spec.path, result.body);
      reply.code(result.status).type('application/json; charset=utf-8');
      if (!session.key) return reply.send(answer);
      return reply.header(ENCRYPTION_HEADER, ENCRYPTION_VERSION).send(PublisherEncryption.seal(session.key, answer));
    },
  });
}
