import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer } from '../../../../helpers/scripted-server';
import { KEY, OTHER_KEY, startPlatform, startRawRecorder, type Platform } from './harness';

const CONTRACT = '/api/kioskIntegrationService/v1';
const RELAY = `/api/contractRelay${CONTRACT}`;
const DEVICE = 'kiosk-lyon-1';
const OFFICE = 'ofc-1!#!CIM-LYON';

// ── the establishment's side: only the test (publisher + kiosk) holds the private key ──
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

function seal(sessionKey: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sessionKey, iv, { authTagLength: 16 });
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({ encrypted: { v: 1, iv: iv.toString('base64'), data: data.toString('base64') } });
}

function open(sessionKey: Buffer, envelopeText: string): unknown {
  const { encrypted } = JSON.parse(envelopeText) as { encrypted: { v: number; iv: string; data: string } };
  const data = Buffer.from(encrypted.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sessionKey, Buffer.from(encrypted.iv, 'base64'), { authTagLength: 16 });
  decipher.setAuthTag(data.subarray(data.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8'));
}

const wrap = (sessionKey: Buffer) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sessionKey).toString('base64');
const unwrap = (wrapped: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(wrapped, 'base64'));

function kioskHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'X-Kiosk-Auth-Key': KEY, 'X-Kiosk-Device-Id': DEVICE, 'X-Kiosk-Office-Id': OFFICE, ...extra };
}

let p: Platform;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  p = await startPlatform();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  await p.close();
});

/** Points licence 1's publisher integration at `baseUrl` + the contract base path. */
function publisherAt(platform: Platform, baseUrl: string): void {
  platform.world.publisherIntegrations[0]!.contractBaseUrl = `${baseUrl}${CONTRACT}`;
}

describe('contract relay: pass-through', () => {
  it('an ENCRYPTED check-in passes byte-for-byte both ways, with the X-Kiosk-* headers and X-Kiosk-Encryption', async () => {
    const sessionKey = randomBytes(32);
    const answerEnvelope = seal(sessionKey, JSON.stringify({ ticketNumber: 4, ticketNumberFormatted: 'I004' }));
    const publisher = await startScriptedServer([{ status: 200, body: answerEnvelope, headers: { 'X-Kiosk-Encryption': 'v1', 'X-Publisher-Trace': 'abc' } }]);
    cleanups.push(publisher.close);
    publisherAt(p, publisher.url);

    const requestEnvelope = seal(sessionKey, JSON.stringify({ identifiedWithHealthCard: true, anomalyCodes: [], proposedTicket: { number: 4, formattedNumber: 'I004' } }));
    const wrappedKey = wrap(sessionKey);
    const route = `/appointments/${encodeURIComponent('A5054~RDV24210')}/check-in`;
    const response = await fetch(`${p.url}${RELAY}${route}`, {
      method: 'POST',
      headers: kioskHeaders({ 'Content-Type': 'application/json', 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrappedKey }),
      body: requestEnvelope,
    });

    // What the publisher received: same method, path, bytes and contract headers (real device id).
    const [received] = publisher.received;
    expect(received!.method).toBe('POST');
    expect(received!.url).toBe(`${CONTRACT}${route}`);
    expect(received!.body).toBe(requestEnvelope);
    expect(received!.headers).toMatchObject({
      'x-kiosk-auth-key': KEY,
      'x-kiosk-device-id': DEVICE,
      'x-kiosk-office-id': OFFICE,
      'x-kiosk-encryption': 'v1',
      'x-kiosk-encryption-key': wrappedKey,
      'content-type': 'application/json',
    });
    // The publisher (the test) opens it with its private key: the envelope arrived intact.
    expect(open(unwrap(received!.headers['x-kiosk-encryption-key'] as string), received!.body)).toMatchObject({ proposedTicket: { formattedNumber: 'I004' } });

    // What the kiosk gets back: status, encryption header, other headers and bytes unchanged.
    expect(response.status).toBe(200);
    expect(response.headers.get('x-kiosk-encryption')).toBe('v1');
    expect(response.headers.get('x-publisher-trace')).toBe('abc');
    expect(response.headers.get('content-type')).toBe('application/json');
    const text = await response.text();
    expect(text).toBe(answerEnvelope);
    expect(open(sessionKey, text)).toEqual({ ticketNumber: 4, ticketNumberFormatted: 'I004' });
  });

  it('zero-knowledge: the relay holds no private key and has no means to decrypt', async () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const worldText = JSON.stringify(p.world);
    expect(worldText).not.toMatch(/PRIVATE KEY/);
    expect(worldText).not.toContain(pem.split('\n')[1]);
    // Static check of the relay's source: no decryption primitive, no private key loading.
    const dir = join(process.cwd(), 'src-main/sandbox/platform');
    const sources = [join(dir, 'relay.ts'), ...readdirSync(join(dir, 'relay')).map((name) => join(dir, 'relay', name))];
    for (const file of sources) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(/privateDecrypt|createPrivateKey|createDecipheriv|crypto\/envelope|JSON\.parse/);
    }
  });

  it('GET: raw path encoding and query string pass through as the kiosk sent them', async () => {
    const publisher = await startScriptedServer([{ status: 200, body: '{"ok":true}' }]);
    cleanups.push(publisher.close);
    publisherAt(p, publisher.url);
    const tail = '/appointments/by-code/CV%2FAB%3F%20x~1?identifiedWithHealthCard=true&otherExamIds=a%2Cb';
    const response = await fetch(`${p.url}${RELAY}${tail}`, { headers: kioskHeaders() });
    expect(response.status).toBe(200);
    expect(publisher.received[0]!.url).toBe(`${CONTRACT}${tail}`);
    expect(publisher.received[0]!.method).toBe('GET');
  });

  it("the publisher's errors come back as they are (status, body, headers)", async () => {
    const body = '{"error":{"code":"ALREADY_CHECKED_IN","message":"cancelled","details":null}}';
    const publisher = await startScriptedServer([{ status: 409, body, headers: { 'Retry-After': '0' } }]);
    cleanups.push(publisher.close);
    publisherAt(p, publisher.url);
    const response = await fetch(`${p.url}${RELAY}/appointments/A1/check-in`, { method: 'POST', headers: kioskHeaders({ 'Content-Type': 'application/json' }), body: '{}' });
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('0');
    expect(await response.text()).toBe(body);
  });

  it('PATCH, PUT, DELETE pass through; a 204 comes back empty', async () => {
    const publisher = await startScriptedServer([{ status: 204 }]);
    cleanups.push(publisher.close);
    publisherAt(p, publisher.url);
    for (const [method, route] of [['PATCH', '/patients/P1'], ['PUT', '/appointments/A1/prescriber'], ['DELETE', '/appointments/A1/documents/D1']] as const) {
      const response = await fetch(`${p.url}${RELAY}${route}`, { method, headers: kioskHeaders({ 'Content-Type': 'application/json' }), body: method === 'DELETE' ? undefined : '{"x":1}' });
      expect(response.status, method).toBe(204);
      expect(await response.text()).toBe('');
    }
    expect(publisher.received.map((request) => request.method)).toEqual(['PATCH', 'PUT', 'DELETE']);
    expect(publisher.received[0]!.body).toBe('{"x":1}');
  });

  it('a 13 MB body passes byte-for-byte (binary-safe), and a large answer comes back intact', async () => {
    const upload = randomBytes(13 * 1024 * 1024);
    const answer = randomBytes(2 * 1024 * 1024);
    const recorder = await startRawRecorder({ status: 201, headers: { 'Content-Type': 'application/octet-stream', 'X-Kiosk-Encryption': 'v1' }, body: answer });
    cleanups.push(recorder.close);
    publisherAt(p, recorder.url);
    const response = await fetch(`${p.url}${RELAY}/appointments/A1/documents`, {
      method: 'POST',
      headers: kioskHeaders({ 'Content-Type': 'application/json', 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': 'd3JhcHBlZA==' }),
      body: upload,
    });
    expect(response.status).toBe(201);
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(recorder.received[0]!.body.length).toBe(upload.length);
    expect(digest(recorder.received[0]!.body)).toBe(digest(upload));
    expect(recorder.received[0]!.headers['content-length']).toBe(String(upload.length));
    expect(digest(new Uint8Array(await response.arrayBuffer()))).toBe(digest(answer));
  });

  it('headers outside the contract (cookies, Authorization) are not forwarded', async () => {
    const publisher = await startScriptedServer([{ status: 200, body: '{}' }]);
    cleanups.push(publisher.close);
    publisherAt(p, publisher.url);
    await fetch(`${p.url}${RELAY}/appointments/A1`, { headers: kioskHeaders({ Cookie: 'session=1', Authorization: 'Bearer platform-jwt' }) });
    expect(publisher.received[0]!.headers.cookie).toBeUndefined();
    expect(publisher.received[0]!.headers.authorization).toBeUndefined();
  });
});

describe('contract relay: authentication before forwarding', () => {
  let publisher: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    publisher = await startScriptedServer([{ status: 200, body: '{"passed":true}' }]);
  });
  afterAll(async () => {
    await publisher.close();
  });

  const relayed = (route: string, headers: Record<string, string>, method = 'GET') => {
    publisherAt(p, publisher.url);
    return fetch(`${p.url}${RELAY}${route}`, { method, headers });
  };

  it('401 UNKNOWN_DEVICE without X-Kiosk-Device-Id on a K+D route; nothing reaches the publisher', async () => {
    const before = publisher.received.length;
    const response = await relayed('/appointments/A1', { 'X-Kiosk-Auth-Key': KEY });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'UNKNOWN_DEVICE', message: expect.any(String), details: null } });
    expect(publisher.received.length).toBe(before);
  });

  it('401 INVALID_AUTH_KEY for a missing or unknown key; nothing reaches the publisher', async () => {
    const before = publisher.received.length;
    for (const headers of [{ 'X-Kiosk-Device-Id': DEVICE }, { 'X-Kiosk-Device-Id': DEVICE, 'X-Kiosk-Auth-Key': 'wrong' }] as Record<string, string>[]) {
      const response = await relayed('/appointments/A1', headers);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INVALID_AUTH_KEY');
    }
    expect((await relayed('/config/rooms', { 'X-Kiosk-Auth-Key': 'wrong' })).status).toBe(401);
    expect(publisher.received.length).toBe(before);
  });

  it('key-only routes (PUT status, staff sign-in, /config/*) pass without a device id', async () => {
    expect((await relayed('/config/rooms', { 'X-Kiosk-Auth-Key': KEY })).status).toBe(200);
    expect((await relayed('/appointments/A1/status', { 'X-Kiosk-Auth-Key': KEY, 'Content-Type': 'application/json' }, 'PUT')).status).toBe(200);
    expect((await relayed('/staff/sign-in', { 'X-Kiosk-Auth-Key': KEY, 'Content-Type': 'application/json' }, 'POST')).status).toBe(200);
    expect(publisher.received.at(-1)!.headers['x-kiosk-device-id']).toBeUndefined();
  });

  it('OPTIONS without a key: the relay answers the preflight itself (no auth asked); with a key it is forwarded', async () => {
    const before = publisher.received.length;
    const preflight = await relayed('/patients/identify', { Origin: 'http://kiosk.local', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://kiosk.local');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-Kiosk-Encryption-Key/);
    expect(preflight.headers.get('access-control-expose-headers')).toBe('X-Kiosk-Encryption');
    expect(publisher.received.length).toBe(before);
    expect((await relayed('/patients/identify', { 'X-Kiosk-Auth-Key': KEY }, 'OPTIONS')).status).toBe(200);
    expect(publisher.received.at(-1)!.method).toBe('OPTIONS');
  });

  it('dot segments in the relayed path are refused (400 VALIDATION_ERROR)', async () => {
    // fetch would normalise the dot segments away: send the raw path with node:http.
    for (const tail of ['/appointments/%2e%2e/%2e%2e/admin', '/appointments/../../admin', '/./config/rooms']) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(`${p.url}${RELAY}${tail}`, { headers: kioskHeaders() }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.path = `${RELAY}${tail}`;
        request.on('error', reject);
        request.end();
      });
      expect(status, tail).toBe(400);
      expect((JSON.parse(body) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('contract relay: 502 RELAY_UPSTREAM_UNREACHABLE', () => {
  const expect502 = async (response: Response) => {
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: { code: 'RELAY_UPSTREAM_UNREACHABLE', message: expect.any(String), details: null } });
  };

  it('when the publisher is down (closed port)', async () => {
    const gone = await startScriptedServer([{ status: 200 }]);
    await gone.close();
    publisherAt(p, gone.url);
    await expect502(await fetch(`${p.url}${RELAY}/appointments/A1`, { headers: kioskHeaders() }));
  });

  it('when the publisher drops the connection', async () => {
    const dropper = await startScriptedServer([{ status: 200, drop: true }]);
    cleanups.push(dropper.close);
    publisherAt(p, dropper.url);
    await expect502(await fetch(`${p.url}${RELAY}/appointments/A1`, { headers: kioskHeaders() }));
  });

  it('when the publisher hangs (timeoutMs)', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const slow = await startPlatform({ relayTimeoutMs: 300 });
    try {
      publisherAt(slow, `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`);
      const started = Date.now();
      const response = await fetch(`${slow.url}${RELAY}/appointments/A1`, { headers: kioskHeaders() });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      await expect502(response);
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('when the licence has no publisher integration (502 too: to the kiosk it is the same fact)', async () => {
    await expect502(await fetch(`${p.url}${RELAY}/config/rooms`, { headers: { 'X-Kiosk-Auth-Key': OTHER_KEY } }));
    p.world.publisherIntegrations[0]!.contractBaseUrl = null;
    await expect502(await fetch(`${p.url}${RELAY}/config/rooms`, { headers: { 'X-Kiosk-Auth-Key': KEY } }));
  });

  it('the platform stays up after upstream failures', async () => {
    expect((await p.post('/api/kioskTicket/getCheckinNotifySettings', {})).status).toBe(200);
  });
});
