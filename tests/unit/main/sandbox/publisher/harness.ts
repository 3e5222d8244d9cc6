import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { contractErrorBodySchema, type AppointmentStatus } from '../../../../../src-shared/publisher/schemas';
import { createSessionKey, openEnvelope, sealJson, wrapSessionKey } from '../../../../../src-main/crypto/envelope';
import { noFaults } from '../../../../../src-main/sandbox/faults';
import {
  DEFAULT_REFUSAL_CODE,
  MINIMAL_PUBLISHER,
  publisherBehaviour,
  type PublisherBehaviourInput,
} from '../../../../../src-main/sandbox/publisher/options';
import { createSandboxPublisher, type SandboxPublisher } from '../../../../../src-main/sandbox/publisher/server';
import { seedWorld } from '../../../../../src-main/sandbox/world/seed';
import type { PublisherWorld, SandboxAppointment } from '../../../../../src-main/sandbox/world/types';

/** The training day every publisher test runs on: fixed, so the seeded world is the same on every run. */
export const NOW = new Date('2026-11-23T10:30:00');
export const DEVICE = 'kiosk-lyon-1';

export interface Mode {
  name: 'full' | 'minimal';
  minimal: boolean;
  behaviour: PublisherBehaviourInput;
}
export const FULL: Mode = { name: 'full', minimal: false, behaviour: {} };
export const MINIMAL: Mode = { name: 'minimal', minimal: true, behaviour: { minimal: MINIMAL_PUBLISHER } };

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  json: unknown;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (malformed JSON, random bytes, …). */
  raw?: string | Uint8Array;
  /** null = header left out. */
  device?: string | null;
  key?: string | null;
  headers?: Record<string, string>;
}

export interface Harness {
  base: string;
  origin: string;
  world: PublisherWorld;
  publisher: SandboxPublisher;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function startPublisher(input: PublisherBehaviourInput = {}): Promise<Harness> {
  const world = seedWorld({ now: NOW }).publisher;
  const behaviour = publisherBehaviour(input);
  const publisher = createSandboxPublisher({ world, behaviour, faults: noFaults(), now: () => NOW });
  await publisher.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(publisher.app.server.address() as AddressInfo).port}`;
  const base = `${origin}${behaviour.basePath}`;
  return {
    base,
    origin,
    world,
    publisher,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Kiosk-Office-Id': 'ofc-1!#!CIM-LYON' };
      const key = options.key === undefined ? world.accountKey : options.key;
      const device = options.device === undefined ? DEVICE : options.device;
      if (key !== null) headers['X-Kiosk-Auth-Key'] = key;
      if (device !== null) headers['X-Kiosk-Device-Id'] = device;
      Object.assign(headers, options.headers);
      const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, json: parse(text) };
    },
    async close() {
      await publisher.app.close();
    },
  };
}

/** Starts publishers on demand inside a test; `closeAll` in afterEach. */
export function publisherPool() {
  const open: Harness[] = [];
  return {
    async start(input: PublisherBehaviourInput = {}): Promise<Harness> {
      const harness = await startPublisher(input);
      open.push(harness);
      return harness;
    },
    async closeAll(): Promise<void> {
      await Promise.all(open.splice(0).map((harness) => harness.close()));
    },
  };
}

export function merge(mode: Mode, input: PublisherBehaviourInput = {}): PublisherBehaviourInput {
  return { ...mode.behaviour, ...input, minimal: { ...mode.behaviour.minimal, ...input.minimal } };
}

export const path = (id: string) => encodeURIComponent(id);

// ── world pickers ────────────────────────────────────────────────────────────
export function appointmentsWith(world: PublisherWorld, status: AppointmentStatus): SandboxAppointment[] {
  return world.appointments.filter((appointment) => appointment.status === status);
}

export function firstWith(world: PublisherWorld, status: AppointmentStatus): SandboxAppointment {
  const found = appointmentsWith(world, status)[0];
  if (!found) throw new Error(`the seeded day has no ${status} appointment`);
  return found;
}

/** A scheduled appointment whose patient has no other appointment today (a single-appointment journey). */
export function singleScheduled(world: PublisherWorld, skip = 0): SandboxAppointment {
  const found = world.appointments.filter(
    (appointment) => appointment.status === 'scheduled' && world.appointments.filter((other) => other.patientId === appointment.patientId).length === 1,
  )[skip];
  if (!found) throw new Error('no single scheduled appointment');
  return found;
}

/**
 * A patient with two scheduled appointments today (a multi-appointment journey).
 * At the fixed test time every seeded two-appointment journey has already
 * arrived, so one is made from a single scheduled appointment.
 */
export function twoScheduled(world: PublisherWorld): [SandboxAppointment, SandboxAppointment] {
  const main = singleScheduled(world);
  const start = new Date(main.startDate);
  const linked: SandboxAppointment = {
    ...structuredClone(main),
    id: `${main.id}-2`,
    startDate: main.startDate.replace(/T\d{2}:\d{2}/, `T${String(start.getHours() + 1).padStart(2, '0')}:${String(start.getMinutes()).padStart(2, '0')}`),
    convocationCode: `${main.convocationCode}-2`,
    documents: [],
  };
  world.appointments.push(linked);
  return [main, linked];
}

export function patientOf(world: PublisherWorld, appointment: SandboxAppointment) {
  return world.patients.find((patient) => patient.id === appointment.patientId)!;
}

export function checkInBody(extra: Record<string, unknown> = {}) {
  return { identifiedWithHealthCard: true, anomalyCodes: [], sequence: { number: 1, count: 1 }, ...extra };
}

// ── assertions ───────────────────────────────────────────────────────────────
export function expectContractError(reply: Reply, status: number, code?: string): void {
  expect(reply.status, reply.text.slice(0, 200)).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  const body = contractErrorBodySchema.parse(reply.json);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.details === null || typeof body.error.details === 'object').toBe(true);
  if (code) expect(body.error.code).toBe(code);
}

// ── encryption (tests of the publisher; the client round-trip test uses node:crypto directly) ──
export interface RsaPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

export function rsaPair(bits = 2048): RsaPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

export function encryptionOn(privateKeysPem: string[], clearCalls: 'accept' | 'refuse' = 'accept'): PublisherBehaviourInput['encryption'] {
  return { privateKeysPem, clearCalls, refusalCode: DEFAULT_REFUSAL_CODE };
}

export interface SealedCall {
  reply: Reply;
  sessionKey: Buffer;
  requestIv: string | null;
  /** The opened 2xx answer. */
  opened: unknown;
}

export async function sealedCall(
  harness: Harness,
  method: string,
  target: string,
  publicKeyPem: string,
  options: { body?: unknown; sessionKey?: Buffer; headers?: Record<string, string> } = {},
): Promise<SealedCall> {
  const sessionKey = options.sessionKey ?? createSessionKey();
  const envelope = options.body === undefined ? undefined : sealJson(sessionKey, options.body);
  const reply = await harness.call(method, target, {
    ...(envelope ? { body: envelope } : {}),
    headers: { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrapSessionKey(sessionKey, publicKeyPem), ...options.headers },
  });
  let opened: unknown = undefined;
  if (reply.status >= 200 && reply.status < 300 && reply.text !== '') {
    opened = JSON.parse(openEnvelope(sessionKey, reply.json).toString('utf8'));
  }
  return { reply, sessionKey, requestIv: envelope?.encrypted.iv ?? null, opened };
}
