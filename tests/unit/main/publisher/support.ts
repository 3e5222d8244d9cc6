import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { DeskError } from '../../../../src-shared/errors';
import type { ConnectionProfile } from '../../../../src-shared/profile';
import { PublisherClient, type PublisherClientOptions } from '../../../../src-main/publisher/client';
import { ContractError } from '../../../../src-main/publisher/errors';
import type { RetryPolicy } from '../../../../src-main/net/retry';

/** Milliseconds of backoff instead of the contract's hundreds: same policy shape, fast tests. */
export const FAST_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, totalBudgetMs: 5_000 };

export interface RsaPair {
  publicPem: string;
  privatePem: string;
}

/** 2048 bits: the contract's minimum, and fast enough to generate per test file. */
export function rsaPair(bits = 2048): RsaPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** A client plus a log of its reachability reports: one report per attempt, so attempts are counted exactly. */
export function makeClient(profile: ConnectionProfile, accountKey: string, extra: Partial<PublisherClientOptions> = {}) {
  const reach: boolean[] = [];
  const client = new PublisherClient({
    profile,
    accountKey,
    retry: FAST_RETRY,
    timeoutMs: 2_000,
    onReachability: (reachable) => reach.push(reachable),
    ...extra,
  });
  return { client, reach };
}

export async function failure(promise: Promise<unknown>): Promise<ContractError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeskError);
  expect(error).toBeInstanceOf(ContractError);
  return error as ContractError;
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type HandlerAnswer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/**
 * A loopback server computing each answer from the request (the scripted server
 * answers from a fixed list): for answers that depend on the request's session
 * key, per-route answers under parallel calls, and a server that never answers.
 */
export async function startHandlerServer(handler: (request: Received, raw: IncomingMessage) => HandlerAnswer) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      received.push(entry);
      const answer = handler(entry, request);
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    contractBaseUrl: `${url}/api/kioskIntegrationService/v1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const BASE = '/api/kioskIntegrationService/v1';

export function errorBody(code: string, details: Record<string, unknown> | null = null, message = 'Refused.'): string {
  return JSON.stringify({ error: { code, message, details } });
}

/** A profile pointing at a test server (direct mode, no encryption). */
export function baseProfile(contractBaseUrl: string): ConnectionProfile {
  return {
    id: 'p',
    name: 'P',
    training: false,
    platformUrl: 'http://127.0.0.1:9',
    licenceUuid: 'lic',
    officeIdHeader: 'ofc',
    contractMode: 'direct',
    contractBaseUrl,
    publisherPublicKeyPem: null,
    deviceId: 'desk-1',
    officePlaceId: 1,
    deskId: 1,
    deskLabel: 'Desk',
  };
}
