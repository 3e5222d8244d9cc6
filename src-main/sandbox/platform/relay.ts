import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONTRACT_BASE_PATH } from '../../../src-shared/profile';
import { logger } from '../../log';
import { sendContractError } from '../contract-errors';
import type { PlatformWorld, SandboxLicence } from '../world/types';
import { sameSecret } from './licences';
import { requiresDeviceId } from './relay/routes';
import { exchange, UpstreamError, type UpstreamAnswer } from './relay/upstream';

export interface RelayOptions {
  world: PlatformWorld;
  timeoutMs: number;
}

const log = logger('sandbox-relay');

export const RELAY_PREFIX = '/api/contractRelay';
/** What the relay serves: the relay prefix followed by the contract base path. */
export const RELAY_CONTRACT_PREFIX = `${RELAY_PREFIX}${CONTRACT_BASE_PATH}`;
/** Encrypted 10 MB uploads are ~13.5 MB on the wire (contract, Limits): room to spare. */
export const RELAY_BODY_LIMIT = 32 * 1024 * 1024;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Request headers the publisher receives. An allowlist, not "everything but
 * hop-by-hop": the kiosk's contract headers (X-Kiosk-Auth-Key, -Device-Id,
 * -Office-Id, -Encryption, -Encryption-Key…) and the body's type go through
 * byte-for-byte; cookies or platform credentials a caller might carry do not leak
 * to a third-party server.
 */
function forwardedRequestHeaders(request: FastifyRequest, body: Buffer | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name.startsWith('x-kiosk-') || name === 'content-type' || name === 'accept') headers[name] = value;
  }
  if (body !== undefined) headers['content-length'] = body.length;
  return headers;
}

/** Connection-level headers never cross a proxy (RFC 9110 §7.6.1); the length is recomputed for the same bytes. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length']);

function sendAnswer(reply: FastifyReply, answer: UpstreamAnswer): FastifyReply {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
  }
  return answer.body.length > 0 ? reply.send(answer.body) : reply.send();
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function licenceOfKey(licences: readonly SandboxLicence[], key: string | undefined): SandboxLicence | null {
  if (!key) return null;
  return licences.find((licence) => sameSecret(licence.accountKey, key)) ?? null;
}

/**
 * The relay answers a CORS preflight itself when it cannot tell which publisher it
 * is for (no valid key): the contract never asks auth of a preflight.
 */
function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(204)
    .header('Access-Control-Allow-Origin', header(request, 'origin') ?? '*')
    .header('Vary', 'Origin')
    .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
    .header(
      'Access-Control-Allow-Headers',
      'Content-Type, X-Kiosk-Auth-Key, X-Kiosk-Device-Id, X-Kiosk-Office-Id, X-Kiosk-Encryption, X-Kiosk-Encryption-Key',
    )
    .header('Access-Control-Expose-Headers', 'X-Kiosk-Encryption')
    .header('Access-Control-Max-Age', '600')
    .send();
}

/**
 * The contract relay (contract, "Relay path" and "Connectivity modes"):
 * `/api/contractRelay/api/kioskIntegrationService/v1/<route>` → the licence's
 * publisher `contractBaseUrl` + `<route>`, method, raw path, query, body bytes and
 * X-Kiosk-* headers unchanged; the publisher's status, headers and body bytes back
 * unchanged. Zero-knowledge: the relay holds no key and never parses a body, so an
 * encrypted envelope is just bytes to it. Unreachable publisher → 502
 * RELAY_UPSTREAM_UNREACHABLE.
 */
export function registerRelay(app: FastifyInstance, options: RelayOptions): void {
  void app.register(async (scope) => {
    // Every body is kept as raw bytes, whatever its type: nothing here may parse,
    // re-encode or reject an envelope (the publisher alone judges it).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RELAY_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) return sendContractError(reply, 413, 'UPLOAD_TOO_LARGE', 'Request body above the relay limit');
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return sendContractError(reply, 400, 'VALIDATION_ERROR', 'Malformed request');
      }
      log.error('relay failed', { error: error.name, code: error.code ?? null });
      return sendContractError(reply, 500, 'INTERNAL_ERROR', 'Relay internal error');
    });

    scope.route({
      method: [...METHODS],
      url: `${RELAY_CONTRACT_PREFIX}/*`,
      bodyLimit: RELAY_BODY_LIMIT,
      handler: (request, reply) => relay(request, reply, options),
    });
  });
}

async function relay(request: FastifyRequest, reply: FastifyReply, options: RelayOptions): Promise<FastifyReply> {
  // The raw URL, not Fastify's decoded params: ids and by-code codes travel as the
  // kiosk encoded them ("passed as is").
  const rawTail = (request.raw.url ?? '').slice(RELAY_CONTRACT_PREFIX.length);
  const route = rawTail.split('?')[0] ?? '';
  // Dot segments would climb out of the contract base path on the publisher's host.
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(route)) {
    return sendContractError(reply, 400, 'VALIDATION_ERROR', 'Dot segments are not allowed in a relayed path');
  }
  const key = header(request, 'x-kiosk-auth-key');
  const licence = licenceOfKey(options.world.licences, key);

  if (request.method === 'OPTIONS' && !licence) return answerPreflight(request, reply);
  // Contract validation order: device first, then key.
  if (requiresDeviceId(request.method, route) && !header(request, 'x-kiosk-device-id')) {
    return sendContractError(reply, 401, 'UNKNOWN_DEVICE', 'X-Kiosk-Device-Id is required');
  }
  if (!licence) return sendContractError(reply, 401, 'INVALID_AUTH_KEY', 'X-Kiosk-Auth-Key is missing or unknown');

  const integration = options.world.publisherIntegrations.find((candidate) => candidate.licenceId === licence.id);
  const base = integration?.contractBaseUrl ?? integration?.targetUrl ?? null;
  let origin: URL;
  try {
    if (!base) throw new TypeError('no contract URL');
    origin = new URL(base);
  } catch {
    // Same answer as a publisher that is down: to the kiosk it is the same fact.
    log.warn('relay has no publisher for the licence', { licenceId: licence.id });
    return sendContractError(reply, 502, 'RELAY_UPSTREAM_UNREACHABLE', 'No publisher contract URL is configured for this licence');
  }

  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const caller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) caller.abort();
  });
  const started = Date.now();
  try {
    const answer = await exchange({
      origin,
      path: `${origin.pathname.replace(/\/$/, '')}${rawTail}`,
      method: request.method,
      headers: forwardedRequestHeaders(request, body),
      body,
      timeoutMs: options.timeoutMs,
      signal: caller.signal,
    });
    log.debug('relayed', { method: request.method, httpStatus: answer.status, ms: Date.now() - started });
    return sendAnswer(reply, answer);
  } catch (error) {
    const reason = error instanceof UpstreamError ? error.reason : 'unreachable';
    log.warn('publisher unreachable through the relay', {
      method: request.method,
      reason,
      cause: error instanceof UpstreamError ? error.detail : error instanceof Error ? error.name : 'unknown',
      ms: Date.now() - started,
    });
    const message = reason === 'timeout' ? `The publisher did not answer within ${options.timeoutMs} ms` : 'The publisher cannot be reached';
    return sendContractError(reply, 502, 'RELAY_UPSTREAM_UNREACHABLE', message);
  }
}
