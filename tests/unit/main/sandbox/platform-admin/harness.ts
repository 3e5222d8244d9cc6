import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import {
  registerAdminService,
  type AdminService,
  type AdminServiceOptions,
} from '../../../../../src-main/sandbox/platform/admin';
import { seedWorld } from '../../../../../src-main/sandbox/world/seed';
import type { PlatformWorld } from '../../../../../src-main/sandbox/world/types';
import { adminErrorBodySchema, loginResponseSchema } from '../../../../../src-shared/platform/admin';

/** The training day's moment every suite runs at; the clock only moves when a test moves it. */
export const FIXED_NOW = new Date('2026-11-23T10:30:00');
export const TRAINING_PASSWORD = 'formation';
export const SUPER = 'super@formation.example';
export const ADMIN = 'admin@formation.example';
export const USER = 'utilisateur@formation.example';
export const INVITED = 'invite@formation.example';
/** Passwords the suites set: distinctive, so the secret scan cannot miss them. */
export const NEW_PASSWORDS = ['Correct-Horse-Battery-7', 'Another-Secret-Pass-9', 'Reset-Password-Value-3'] as const;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined for other bodies. */
  body: unknown;
}

export interface CallOptions {
  token?: string;
  /** JSON-encoded unless a string is given (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type AdminHarness = Awaited<ReturnType<typeof startAdmin>>;

/** The admin service alone, on a real socket (127.0.0.1, port 0), with a fixed, movable clock. */
export async function startAdmin(options: Partial<Pick<AdminServiceOptions, 'tokenTtlSeconds' | 'invitationTtlSeconds' | 'resetTtlSeconds'>> = {}) {
  const world: PlatformWorld = seedWorld({ now: FIXED_NOW }).platform;
  const clock = { now: new Date(FIXED_NOW) };
  const app = Fastify({ logger: false });
  /** Every route the service mounts, as Fastify sees it. */
  const served: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) served.push({ method, url: route.url });
  });
  let url = '';
  const service: AdminService = await registerAdminService(app, {
    world,
    now: () => clock.now,
    jwtSecret: new TextEncoder().encode('unit-test-secret-of-32-bytes-ok!'),
    publicUrl: () => url,
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** Every response body of the suite, for the secret scan. */
  const transcript: string[] = [];

  async function call(method: string, path: string, { token, body, headers = {} }: CallOptions = {}): Promise<Reply> {
    const init: RequestInit = { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    transcript.push(text);
    let parsed: unknown;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  async function login(email: string, password = TRAINING_PASSWORD): Promise<string> {
    const reply = await call('POST', '/auth/login', { body: { email, password } });
    expect(reply.status, `login ${email}`).toBe(200);
    return loginResponseSchema.parse(reply.body).access_token;
  }

  return {
    url: () => url,
    world,
    service,
    served,
    clock,
    transcript,
    call,
    login,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    close: () => app.close(),
  };
}

/** Asserts the one error body shape and returns its message. */
export function expectError(reply: Reply, status: number): string {
  expect(reply.status, reply.text).toBe(status);
  const body = adminErrorBodySchema.parse(reply.body);
  expect(body.statusCode).toBe(status);
  return body.message;
}

/**
 * The last test of every suite: no response body seen by the suite carries a
 * password (the training one as a JSON value, or one the suite set), a hash or scrypt.
 */
export function itLeaksNoSecrets(harness: () => AdminHarness): void {
  it('no response of this suite carries a password, a hash or scrypt', () => {
    const all = harness().transcript;
    expect(all.length).toBeGreaterThan(3);
    for (const text of all) {
      expect(text).not.toMatch(/"password"\s*:\s*"/);
      expect(text).not.toContain(`"${TRAINING_PASSWORD}"`);
      for (const password of NEW_PASSWORDS) expect(text).not.toContain(password);
      // Tokens and keys are random base64: look for words and keys, not for bare letters.
      expect(text).not.toMatch(/scrypt/i);
      expect(text).not.toMatch(/\bhash\b/i);
      expect(text).not.toMatch(/"[A-Za-z_]*(hash|salt|digest)[A-Za-z_]*"\s*:/i);
    }
  });
}
