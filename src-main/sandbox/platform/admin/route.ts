import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { logger } from '../../../log';
import type { Principal } from './access';
import type { Authenticate } from './auth';
import { AdminError, badRequest, errorBody, invalidInput } from './errors';

/**
 * The admin service's routes are declared once, as data: method, path, auth, body
 * schema, response schemas, handler. The same table mounts them on Fastify, checks
 * every request and every answer against the zod contract, and writes the OpenAPI
 * document — so the document cannot drift from what is served.
 */
const log = logger('sandbox-admin');

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `session`: the web pages' cookie. */
export type AuthMode = 'none' | 'bearer' | 'session';

export interface ResponseSpec {
  description: string;
  /** The JSON body; answers are parsed with it (unknown keys are dropped). */
  schema?: z.ZodType;
  /** The answer may be an HTML page (form posts, web pages). */
  html?: boolean;
}

/** `/users/{id}` → `'id'`. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

export type RouteResult =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string; headers?: Record<string, string> };

export interface HandlerInput<P extends string, B extends z.ZodType | undefined, A extends AuthMode> {
  /** Path parameters, already checked to be positive integers. */
  params: Record<PathParams<P>, number>;
  body: B extends z.ZodType ? z.output<B> : undefined;
  principal: A extends 'none' ? null : Principal;
  request: FastifyRequest;
  /** The body came from an HTML form: answer with a page. */
  fromForm: boolean;
}

export interface RouteSpec<P extends string, B extends z.ZodType | undefined, A extends AuthMode> {
  method: HttpMethod;
  /** OpenAPI style: `/users/{id}`. Every parameter is a positive integer id. */
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: A;
  body?: B;
  /** Also accepts `application/x-www-form-urlencoded` (HTML forms). */
  forms?: boolean;
  /** Extra OpenAPI query parameters (documentation only; handlers read them). */
  query?: { name: string; description: string }[];
  responses: Record<number, ResponseSpec>;
  handler(input: HandlerInput<P, B, A>): Promise<RouteResult> | RouteResult;
}

interface ErasedInput {
  params: Record<string, number>;
  body: unknown;
  principal: Principal | null;
  request: FastifyRequest;
  fromForm: boolean;
}

export interface AdminRoute {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description: string | undefined;
  tag: string;
  auth: AuthMode;
  body: z.ZodType | undefined;
  forms: boolean;
  query: { name: string; description: string }[];
  responses: Record<number, ResponseSpec>;
  run(input: ErasedInput): Promise<RouteResult>;
}

export function defineRoute<P extends string, B extends z.ZodType | undefined = undefined, A extends AuthMode = 'none'>(
  spec: RouteSpec<P, B, A>,
): AdminRoute {
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tag: spec.tag,
    auth: spec.auth,
    body: spec.body,
    forms: spec.forms ?? false,
    query: spec.query ?? [],
    responses: spec.responses,
    async run(input) {
      let body: unknown = undefined;
      if (spec.body) {
        // No body at all reads as `{}`: optional-only bodies may be omitted, and a
        // missing required field is then named in the 400.
        const parsed = spec.body.safeParse(input.body === undefined ? {} : input.body);
        if (!parsed.success) throw invalidInput(parsed.error, 'body');
        body = parsed.data;
      }
      // The mount checked auth and params against this spec: the erased input has the declared shape.
      return spec.handler({ ...input, body } as HandlerInput<P, B, A>);
    },
  };
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): RouteResult => ({ status, json: body, headers });
export const page = (status: number, html: string, headers?: Record<string, string>): RouteResult => ({ status, html, headers });

/** The web pages load nothing from anywhere: inline style only, forms post to this origin. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Small bodies only: the largest request is a user with a few 256-character fields. */
const BODY_LIMIT = 64 * 1024;
const ID_PATTERN = /^[1-9]\d{0,14}$/;

export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
export const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

function parseParams(path: string, raw: unknown): Record<string, number> {
  const values = (raw ?? {}) as Record<string, string | undefined>;
  const params: Record<string, number> = {};
  for (const name of pathParamNames(path)) {
    const value = values[name] ?? '';
    if (!ID_PATTERN.test(value)) {
      throw badRequest(`Invalid path: ${name}: must be a positive integer`, [{ path: name, message: 'must be a positive integer' }]);
    }
    params[name] = Number(value);
  }
  return params;
}

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

function send(route: AdminRoute, result: RouteResult, reply: FastifyReply): FastifyReply {
  const spec = route.responses[result.status];
  void reply.code(result.status).header('cache-control', 'no-store').headers(result.headers ?? {});
  if ('html' in result) {
    if (!spec?.html) return contractBroken(route, result.status, reply, 'undeclared HTML answer');
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(result.html);
  }
  const parsed = spec?.schema?.safeParse(result.json);
  if (!parsed?.success) return contractBroken(route, result.status, reply, parsed ? 'body does not match its schema' : 'undeclared answer');
  return reply.type('application/json; charset=utf-8').send(parsed.data);
}

/** An answer outside the declared contract is a bug of the sandbox: refuse to send it. */
function contractBroken(route: AdminRoute, status: number, reply: FastifyReply, why: string): FastifyReply {
  log.error('answer breaks the admin contract', { operationId: route.operationId, status, why });
  return reply.code(500).type('application/json; charset=utf-8').send(errorBody(500, 'Internal error of the sandbox administration service.'));
}

export function mountRoutes(app: FastifyInstance, routes: readonly AdminRoute[], authenticate: Authenticate): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      bodyLimit: BODY_LIMIT,
      handler: async (request, reply) => {
        const fromForm = isForm(request);
        if (fromForm && !route.forms) throw new AdminError(415, 'Unsupported Content-Type: send application/json.');
        const principal = route.auth === 'none' ? null : await authenticate(route.auth, request);
        const params = parseParams(route.path, request.params);
        const result = await route.run({ params, body: request.body, principal, request, fromForm });
        return send(route, result, reply);
      },
    });
  }
}

/** Error answers of a route, all with the service's one error body. */
export function fails(descriptions: Record<number, string>, schema: z.ZodType): Record<number, ResponseSpec> {
  return Object.fromEntries(Object.entries(descriptions).map(([status, description]) => [status, { description, schema }]));
}
