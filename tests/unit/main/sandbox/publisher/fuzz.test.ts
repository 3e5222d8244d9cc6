import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractErrorBodySchema } from '../../../../../src-shared/publisher/schemas';
import { createSessionKey, sealEnvelope, wrapSessionKey } from '../../../../../src-main/crypto/envelope';
import { Random } from '../../../../../src-main/sandbox/world/random';
import { encryptionOn, FULL, merge, MINIMAL, rsaPair, startPublisher, type Harness, type Mode, type RsaPair } from './harness';
import { routeCatalogue, type RouteCase } from './routes';

/**
 * ≥ 1,000 random bodies per mode to the body-taking routes, some encrypted:
 * every answer must be a valid 2xx or a contract-shaped error, never a 500,
 * never a hang. Seeded, so a failure replays identically.
 */
const BODIES_PER_MODE = 1_200;
const CONCURRENCY = 16;

function randomString(random: Random, max: number): string {
  const alphabet = 'abcXYZ019 -_"\\/\u00e9\u{1F600}\u0000\n{}[]:,';
  const chars = [...alphabet];
  let out = '';
  const length = random.int(0, max);
  for (let i = 0; i < length; i += 1) out += random.pick(chars);
  return out;
}

function randomValue(random: Random, depth: number): unknown {
  const kind = random.int(0, depth > 3 ? 5 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, -1, 1.5, 1e308, -0, 2 ** 53, 12]);
    case 3:
      return randomString(random, 40);
    case 4:
      return random.pick(['1980-01-01', '2026-13-45', 'inCare', 'closed', 'v1', 'image/png', 'iVBORw0KGgo=', '']);
    case 5:
      return random.pick([[], {}, '__proto__', 'constructor']);
    case 6:
      return Array.from({ length: random.int(0, 4) }, () => randomValue(random, depth + 1));
    default: {
      const keys = ['criteria', 'context', 'patient', 'prescriber', 'pages', 'documentType', 'status', 'sequence', 'anomalyCodes', 'proposedTicket', 'login', 'ticketNumber', '__proto__', 'vendorData'];
      const out: Record<string, unknown> = {};
      for (let i = random.int(0, 5); i > 0; i -= 1) out[random.pick(keys)] = randomValue(random, depth + 1);
      return out;
    }
  }
}

/** Mutates one field of a valid body to a random value, at any depth. */
function mutate(random: Random, value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 4 || random.chance(0.25)) return randomValue(random, depth);
  const copy: Record<string, unknown> = Array.isArray(value) ? { ...value } : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return randomValue(random, depth);
  const key = random.pick(keys);
  copy[key] = mutate(random, copy[key], depth + 1);
  return Array.isArray(value) ? Object.values(copy) : copy;
}

interface FuzzCase {
  route: RouteCase;
  raw: string | Uint8Array;
  headers: Record<string, string>;
}

function makeCase(random: Random, routes: RouteCase[], key: RsaPair): FuzzCase {
  const route = random.pick(routes);
  const valid = JSON.stringify(route.body!());
  let raw: string | Uint8Array;
  switch (random.int(0, 7)) {
    case 0:
      raw = JSON.stringify(randomValue(random, 0));
      break;
    case 1:
      raw = Uint8Array.from({ length: random.int(0, 300) }, () => random.int(0, 255));
      break;
    case 2:
      raw = valid.slice(0, random.int(0, valid.length - 1));
      break;
    case 3:
      raw = JSON.stringify({ ...route.body!(), filler: 'x'.repeat(random.pick([1_000, 100_000, 900_000, 1_200_000])) });
      break;
    case 4: {
      const depth = random.pick([50, 1_000, 20_000]);
      raw = `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
      break;
    }
    default:
      raw = JSON.stringify(mutate(random, route.body!()));
  }
  const headers: Record<string, string> = {};
  if (random.chance(0.3)) {
    // An encrypted call: sometimes right, sometimes a random or broken envelope.
    const sessionKey = createSessionKey();
    headers['X-Kiosk-Encryption'] = random.chance(0.9) ? 'v1' : random.pick(['v2', 'V1', '1', 'v1, v1', 'x']);
    headers['X-Kiosk-Encryption-Key'] = random.chance(0.9) ? wrapSessionKey(sessionKey, key.publicKeyPem) : 'AAAA';
    if (random.chance(0.7)) raw = JSON.stringify(sealEnvelope(sessionKey, typeof raw === 'string' ? raw : Buffer.from(raw)));
  }
  return { route, raw, headers };
}

function assertShape(status: number, contentType: string | null, text: string, label: string): void {
  expect(status, label).not.toBeGreaterThanOrEqual(500);
  if (status === 204) {
    expect(text, label).toBe('');
    return;
  }
  expect(contentType, label).toMatch(/^application\/json/);
  const json: unknown = JSON.parse(text);
  if (status >= 400) {
    expect(contractErrorBodySchema.safeParse(json).success, `${label}: ${text.slice(0, 200)}`).toBe(true);
  } else {
    expect(status, label).toBeGreaterThanOrEqual(200);
    expect(typeof json, label).toBe('object');
  }
}

describe.each([FULL, MINIMAL])('fuzzing the body-taking routes ($name forms)', (mode: Mode) => {
  let h: Harness;
  let key: RsaPair;
  beforeAll(async () => {
    key = rsaPair();
    h = await startPublisher(merge(mode, { encryption: encryptionOn([key.privateKeyPem]) }));
  });
  afterAll(async () => {
    await h.close();
  });

  it(`${BODIES_PER_MODE} random bodies: only valid 2xx or contract errors, never a 500 or a hang`, async () => {
    const random = new Random(mode.minimal ? 7 : 42);
    const routes = routeCatalogue(h.world).filter((route) => route.body);
    const cases = Array.from({ length: BODIES_PER_MODE }, () => makeCase(random, routes, key));
    const statuses = new Map<number, number>();
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const { route, raw, headers } = cases[next++]!;
        const response = await fetch(`${h.base}${route.path()}`, {
          method: route.method,
          headers: {
            'Content-Type': 'application/json',
            'X-Kiosk-Auth-Key': h.world.accountKey,
            ...(route.keyOnly ? {} : { 'X-Kiosk-Device-Id': 'kiosk-lyon-2' }),
            ...headers,
          },
          body: raw,
          signal: AbortSignal.timeout(10_000),
        });
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        assertShape(response.status, response.headers.get('content-type'), text, `${route.name} → ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(Date.now() - started).toBeLessThan(30_000);
    // The generators reach the interesting answers, not only one kind of refusal.
    for (const status of [400, 413]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  });

  it('the server still answers normally afterwards', async () => {
    const reply = await h.call('GET', '/config/rooms', { device: null });
    expect(reply.status).toBe(200);
    expect(reply.json).toHaveProperty('rooms');
  });
});
