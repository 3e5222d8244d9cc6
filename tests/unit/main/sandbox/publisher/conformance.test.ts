import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentPairSchema,
  checkInResponseSchema,
  documentContentResponseSchema,
  documentsListSchema,
  identifyResponseSchema,
  notificationReadinessSchema,
  staffSignInResponseSchema,
  uploadDocumentResponseSchema,
} from '../../../../../src-shared/publisher/schemas';
import { createSessionKey, sealJson, wrapSessionKey } from '../../../../../src-main/crypto/envelope';
import { startScriptedServer } from '../../../../helpers/scripted-server';
import {
  appointmentsWith,
  checkInBody,
  encryptionOn,
  expectContractError,
  firstWith,
  FULL,
  merge,
  MINIMAL,
  patientOf,
  path,
  publisherPool,
  rsaPair,
  sealedCall,
  singleScheduled,
  twoScheduled,
  type Harness,
  type Mode,
  type RsaPair,
} from './harness';

let oldKey: RsaPair;
let newKey: RsaPair;
let foreignKey: RsaPair;

beforeAll(() => {
  oldKey = rsaPair();
  newKey = rsaPair();
  foreignKey = rsaPair();
});

const pool = publisherPool();
afterEach(async () => {
  await pool.closeAll();
});

const ids = (reply: { json: unknown }) => identifyResponseSchema.parse(reply.json).patients.map((entry) => entry.patient.id);

describe.each([FULL, MINIMAL])('Kiosk Integration Contract conformance ($name forms)', (mode: Mode) => {
  const start = (input: Parameters<typeof merge>[1] = {}) => pool.start(merge(mode, input));

  // ── 2. authentication ─────────────────────────────────────────────────────
  describe('authentication', () => {
    it('auth order: OPTIONS preflight needs no auth', async () => {
      const h = await start();
      const reply = await h.call('OPTIONS', '/patients/identify', {
        key: null,
        device: null,
        headers: { Origin: 'https://kiosk.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
      expect(reply.headers.get('access-control-allow-origin')).toBe('https://kiosk.example');
      expect(reply.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(reply.headers.get('access-control-allow-headers')).toBe('Content-Type, X-Kiosk-Auth-Key, X-Kiosk-Device-Id, X-Kiosk-Office-Id');
      expect(reply.headers.get('access-control-expose-headers')).toBeNull();
    });

    it('auth order: preflight allows and exposes the encryption headers when encryption is on', async () => {
      const h = await start({ encryption: encryptionOn([newKey.privateKeyPem]) });
      const reply = await h.call('OPTIONS', '/appointments/x/check-in', { key: null, device: null, headers: { Origin: 'https://kiosk.example' } });
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-headers')).toBe(
        'Content-Type, X-Kiosk-Auth-Key, X-Kiosk-Device-Id, X-Kiosk-Office-Id, X-Kiosk-Encryption, X-Kiosk-Encryption-Key',
      );
      expect(reply.headers.get('access-control-expose-headers')).toBe('X-Kiosk-Encryption');
    });

    it('auth order: missing device id is UNKNOWN_DEVICE, even without a key', async () => {
      const h = await start();
      expectContractError(await h.call('POST', '/patients/identify', { device: null, body: { criteria: {} } }), 401, 'UNKNOWN_DEVICE');
      expectContractError(await h.call('POST', '/patients/identify', { device: null, key: null, body: { criteria: {} } }), 401, 'UNKNOWN_DEVICE');
    });

    it('auth order: unknown device before bad key', async () => {
      for (const devicePolicy of ['strict', 'tolerant'] as const) {
        const h = await start({ devicePolicy });
        expectContractError(await h.call('GET', '/appointments/x', { device: 'never-seen', key: 'wrong' }), 401, 'UNKNOWN_DEVICE');
        expectContractError(await h.call('GET', '/appointments/x', { device: 'never-seen', key: null }), 401, 'UNKNOWN_DEVICE');
      }
    });

    it('auth order: missing or wrong key on a known device is INVALID_AUTH_KEY', async () => {
      const h = await start();
      expectContractError(await h.call('GET', '/appointments/x', { key: null }), 401, 'INVALID_AUTH_KEY');
      expectContractError(await h.call('GET', '/appointments/x', { key: `${h.world.accountKey}x` }), 401, 'INVALID_AUTH_KEY');
      expectContractError(await h.call('GET', '/appointments/x'), 404, 'UNKNOWN_APPOINTMENT');
    });

    it('auth: key-only routes (PUT status, staff sign-in, /config/*) need no device id but need the key', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'checkedIn');
      expect((await h.call('GET', '/config/office-places', { device: null })).status).toBe(200);
      expect((await h.call('PUT', `/appointments/${path(appointment.id)}/status`, { device: null, body: { status: 'checkedIn' } })).status).toBe(200);
      expect((await h.call('POST', '/staff/sign-in', { device: null, body: { login: 'nobody', password: 'x' } })).status).toBe(401);
      expectContractError(await h.call('GET', '/config/rooms', { device: null, key: null }), 401, 'INVALID_AUTH_KEY');
      expectContractError(await h.call('PUT', `/appointments/${path(appointment.id)}/status`, { device: null, key: 'bad', body: { status: 'inCare' } }), 401, 'INVALID_AUTH_KEY');
      expectContractError(await h.call('POST', '/staff/sign-in', { key: 'bad', body: { login: 'accueil', password: 'formation' } }), 401, 'INVALID_AUTH_KEY');
    });

    it('auth: tolerant policy registers an unknown device presenting the valid key', async () => {
      const h = await start({ devicePolicy: 'tolerant' });
      expect(h.publisher.state.isKnownDevice('kiosk-new')).toBe(false);
      expect((await h.call('GET', `/appointments/${path(h.world.appointments[0]!.id)}`, { device: 'kiosk-new' })).status).toBe(200);
      expect(h.publisher.state.isKnownDevice('kiosk-new')).toBe(true);
      // Registered: from now on a wrong key is a key problem, not a device problem.
      expectContractError(await h.call('GET', '/appointments/x', { device: 'kiosk-new', key: 'bad' }), 401, 'INVALID_AUTH_KEY');
    });

    it('auth: tolerant policy never registers a device presenting a wrong key', async () => {
      const h = await start({ devicePolicy: 'tolerant' });
      expectContractError(await h.call('GET', '/appointments/x', { device: 'kiosk-intruder', key: 'bad' }), 401, 'UNKNOWN_DEVICE');
      expect(h.publisher.state.isKnownDevice('kiosk-intruder')).toBe(false);
      expect(h.world.devices).not.toContain('kiosk-intruder');
    });

    it('auth: strict policy rejects devices outside the provisioned list, even with the valid key', async () => {
      const h = await start({ devicePolicy: 'strict' });
      expectContractError(await h.call('GET', '/appointments/x', { device: 'kiosk-new' }), 401, 'UNKNOWN_DEVICE');
      expect(h.publisher.state.isKnownDevice('kiosk-new')).toBe(false);
      expect((await h.call('GET', `/appointments/${path(h.world.appointments[0]!.id)}`, { device: h.world.devices[1]! })).status).toBe(200);
    });

    it('auth: a 401 is never a redirect and carries CORS headers', async () => {
      const h = await start();
      const reply = await h.call('GET', '/appointments/x', { key: 'bad', headers: { Origin: 'https://kiosk.example' } });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('location')).toBeNull();
      expect(reply.headers.get('access-control-allow-origin')).toBe('https://kiosk.example');
    });

    it('cors: every answer (2xx, 4xx, 404) echoes the Origin', async () => {
      const h = await start();
      const origin = { Origin: 'https://kiosk.example' };
      for (const reply of [
        await h.call('GET', '/config/rooms', { headers: origin }),
        await h.call('POST', '/patients/identify', { headers: origin, raw: '{' }),
        await h.call('GET', '/nowhere', { headers: origin }),
      ]) {
        expect(reply.headers.get('access-control-allow-origin')).toBe('https://kiosk.example');
      }
    });

    it('quirk trustAnyKeyOnFirstUse: the first key presented becomes the only key', async () => {
      const h = await start({ quirks: { trustAnyKeyOnFirstUse: true } });
      expect((await h.call('GET', '/config/rooms', { key: 'whatever-first' })).status).toBe(200);
      expect((await h.call('GET', '/config/rooms', { key: 'whatever-first' })).status).toBe(200);
      expectContractError(await h.call('GET', '/config/rooms'), 401, 'INVALID_AUTH_KEY');
    });
  });

  // ── 3. end-to-end encryption ──────────────────────────────────────────────
  describe('end-to-end encryption', () => {
    const encrypted = (clearCalls: 'accept' | 'refuse' = 'accept') => start({ encryption: encryptionOn([oldKey.privateKeyPem, newKey.privateKeyPem], clearCalls) });

    it('encryption: response sealed with the same session key and a new IV', async () => {
      const h = await encrypted();
      const patient = h.world.patients[0]!;
      const call = await sealedCall(h, 'POST', '/patients/identify', newKey.publicKeyPem, {
        body: { criteria: { lastName: patient.lastName, firstName: patient.firstName, birthDate: patient.birthDate } },
      });
      expect(call.reply.status).toBe(200);
      expect(call.reply.headers.get('x-kiosk-encryption')).toBe('v1');
      const envelope = call.reply.json as { encrypted: { v: number; iv: string; data: string } };
      expect(Object.keys(envelope)).toEqual(['encrypted']);
      expect(envelope.encrypted.v).toBe(1);
      expect(Buffer.from(envelope.encrypted.iv, 'base64')).toHaveLength(12);
      expect(envelope.encrypted.iv).not.toBe(call.requestIv);
      expect(call.reply.text).not.toContain(patient.lastName);
      expect(identifyResponseSchema.parse(call.opened).patients.map((entry) => entry.patient.id)).toEqual([patient.id]);
    });

    it('encryption: rotation tries every private key', async () => {
      const h = await encrypted();
      const appointment = h.world.appointments[0]!;
      for (const key of [oldKey, newKey]) {
        const call = await sealedCall(h, 'GET', `/appointments/${path(appointment.id)}`, key.publicKeyPem);
        expect(call.reply.status).toBe(200);
        expect(appointmentPairSchema.parse(call.opened).appointment.id).toBe(appointment.id);
      }
      expectContractError((await sealedCall(h, 'GET', `/appointments/${path(appointment.id)}`, foreignKey.publicKeyPem)).reply, 400, 'DECRYPTION_FAILED');
    });

    it('encryption: GET and DELETE have no body, and their 2xx answer is still sealed', async () => {
      const h = await encrypted();
      const appointment = firstWith(h.world, 'checkedIn');
      const readiness = await sealedCall(h, 'GET', `/appointments/${path(appointment.id)}/notification-readiness?sequenceNumber=1`, newKey.publicKeyPem);
      expect(readiness.reply.status).toBe(200);
      expect(readiness.reply.headers.get('x-kiosk-encryption')).toBe('v1');
      expect(notificationReadinessSchema.parse(readiness.opened).ready).toBeTypeOf('boolean');
      const list = await sealedCall(h, 'GET', `/appointments/${path(appointment.id)}/documents`, newKey.publicKeyPem);
      expect(documentsListSchema.parse(list.opened).documents).toBeInstanceOf(Array);
    });

    it('encryption: 204 has no body', async () => {
      const h = await encrypted();
      const patient = h.world.patients[0]!;
      const call = await sealedCall(h, 'PATCH', `/patients/${path(patient.id)}`, newKey.publicKeyPem, { body: { patient: { phone: '+33 4 00 00 00 00' } } });
      expect(call.reply.status).toBe(204);
      expect(call.reply.text).toBe('');
      const withDocument = h.world.appointments.find((appointment) => appointment.documents.length > 0)!;
      const removal = await sealedCall(h, 'DELETE', `/appointments/${path(withDocument.id)}/documents/${path(withDocument.documents[0]!.id)}`, newKey.publicKeyPem);
      if (mode.minimal) expectContractError(removal.reply, 404, 'UNKNOWN_DOCUMENT');
      else expect([removal.reply.status, removal.reply.text]).toEqual([204, '']);
    });

    it('encryption: 4xx in clear', async () => {
      const h = await encrypted();
      const unknown = await sealedCall(h, 'GET', '/appointments/does-not-exist', newKey.publicKeyPem);
      expectContractError(unknown.reply, 404, 'UNKNOWN_APPOINTMENT');
      expect(unknown.reply.headers.get('x-kiosk-encryption')).toBeNull();
      const invalid = await sealedCall(h, 'POST', '/patients/identify', newKey.publicKeyPem, { body: { criteria: { birthDate: 19800101 } } });
      expectContractError(invalid.reply, 400, 'VALIDATION_ERROR');
      expect(invalid.reply.headers.get('x-kiosk-encryption')).toBeNull();
      const cancelled = firstWith(h.world, 'cancelled');
      const conflict = await sealedCall(h, 'POST', `/appointments/${path(cancelled.id)}/check-in`, newKey.publicKeyPem, { body: checkInBody() });
      expectContractError(conflict.reply, 409, 'ALREADY_CHECKED_IN');
    });

    it('encryption: clear body under encryption headers is DECRYPTION_FAILED', async () => {
      const h = await encrypted();
      const reply = await h.call('POST', '/patients/identify', {
        body: { criteria: { birthDate: '1980-01-01' } },
        headers: { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrapSessionKey(createSessionKey(), newKey.publicKeyPem) },
      });
      expectContractError(reply, 400, 'DECRYPTION_FAILED');
      expect(reply.headers.get('x-kiosk-encryption')).toBeNull();
    });

    it('encryption: unknown key is DECRYPTION_FAILED', async () => {
      const h = await encrypted();
      const call = await sealedCall(h, 'POST', '/patients/identify', foreignKey.publicKeyPem, { body: { criteria: { birthDate: '1980-01-01' } } });
      expectContractError(call.reply, 400, 'DECRYPTION_FAILED');
    });

    it('encryption: bad tag is DECRYPTION_FAILED', async () => {
      const h = await encrypted();
      const sessionKey = createSessionKey();
      const envelope = sealJson(sessionKey, { criteria: { birthDate: '1980-01-01' } });
      const data = Buffer.from(envelope.encrypted.data, 'base64');
      data[data.length - 1]! ^= 0x01;
      const reply = await h.call('POST', '/patients/identify', {
        body: { encrypted: { ...envelope.encrypted, data: data.toString('base64') } },
        headers: { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrapSessionKey(sessionKey, newKey.publicKeyPem) },
      });
      expectContractError(reply, 400, 'DECRYPTION_FAILED');
    });

    it('encryption: a wrapped key that is not 32 bytes is DECRYPTION_FAILED', async () => {
      const h = await encrypted();
      const shortKey = randomBytes(16);
      const wrapped = publicEncrypt({ key: newKey.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, shortKey);
      const reply = await h.call('GET', `/appointments/${path(h.world.appointments[0]!.id)}`, {
        headers: { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrapped.toString('base64') },
      });
      expectContractError(reply, 400, 'DECRYPTION_FAILED');
    });

    it('encryption: malformed envelopes and headers are DECRYPTION_FAILED', async () => {
      const h = await encrypted();
      const sessionKey = createSessionKey();
      const wrapped = wrapSessionKey(sessionKey, newKey.publicKeyPem);
      const good = sealJson(sessionKey, { criteria: { birthDate: '1980-01-01' } }).encrypted;
      const headers = { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrapped };
      const bodies: unknown[] = [
        { encrypted: { ...good, iv: Buffer.alloc(8).toString('base64') } },
        { encrypted: { ...good, data: 'not*base64' } },
        { encrypted: { ...good, data: Buffer.alloc(8).toString('base64') } },
        { encrypted: { ...good, v: 2 } },
        { encrypted: { iv: good.iv } },
        { encrypted: 'x' },
      ];
      for (const body of bodies) expectContractError(await h.call('POST', '/patients/identify', { body, headers }), 400, 'DECRYPTION_FAILED');
      expectContractError(await h.call('POST', '/patients/identify', { raw: '{"encrypted":', headers }), 400, 'DECRYPTION_FAILED');
      const target = `/appointments/${path(h.world.appointments[0]!.id)}`;
      expectContractError(await h.call('GET', target, { headers: { 'X-Kiosk-Encryption': 'v2', 'X-Kiosk-Encryption-Key': wrapped } }), 400, 'DECRYPTION_FAILED');
      expectContractError(await h.call('GET', target, { headers: { 'X-Kiosk-Encryption': 'v1' } }), 400, 'DECRYPTION_FAILED');
      expectContractError(await h.call('GET', target, { headers: { 'X-Kiosk-Encryption-Key': wrapped } }), 400, 'DECRYPTION_FAILED');
      expectContractError(await h.call('GET', target, { headers: { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': '%%%' } }), 400, 'DECRYPTION_FAILED');
    });

    it('encryption: headers sent to a publisher holding no key are DECRYPTION_FAILED, never answered in clear', async () => {
      const h = await start();
      const call = await sealedCall(h, 'GET', `/appointments/${path(h.world.appointments[0]!.id)}`, newKey.publicKeyPem);
      expectContractError(call.reply, 400, 'DECRYPTION_FAILED');
    });

    it('encryption: clearCalls refuse answers the refusal code on exactly the 10 operations', async () => {
      const h = await encrypted('refuse');
      const appointment = firstWith(h.world, 'checkedIn');
      const a = path(appointment.id);
      const tenOperations: [string, string, unknown][] = [
        ['POST', '/patients/identify', { criteria: { birthDate: '1980-01-01' } }],
        ['GET', `/appointments/by-code/${path(appointment.convocationCode)}`, undefined],
        ['GET', `/appointments/${a}`, undefined],
        ['PATCH', `/patients/${path(appointment.patientId)}`, { patient: {} }],
        ['PUT', `/appointments/${a}/prescriber`, { prescriber: { name: 'Dr X' } }],
        ['GET', `/appointments/${a}/documents`, undefined],
        ['POST', `/appointments/${a}/documents`, { documentType: 'other', pages: [{ contentBase64: 'AAAA', mimeType: 'image/png' }] }],
        ['DELETE', `/appointments/${a}/documents/DOC-none`, undefined],
        ['POST', `/appointments/${a}/check-in`, checkInBody()],
        ['GET', `/appointments/${a}/notification-readiness`, undefined],
      ];
      for (const [method, target, body] of tenOperations) {
        expectContractError(await h.call(method, target, { body }), 400, 'ENCRYPTION_REQUIRED');
      }
      // Outside the 10: served in clear even when clear calls are refused.
      expect((await h.call('GET', '/config/exams', { device: null })).status).toBe(200);
      expect((await h.call('PUT', `/appointments/${a}/status`, { device: null, body: { status: 'checkedIn' } })).status).toBe(200);
      expect((await h.call('POST', `/appointments/${a}/notify`)).status).toBe(200);
      expect((await h.call('POST', '/staff/sign-in', { device: null, body: { login: 'accueil', password: 'formation' } })).status).toBe(mode.minimal ? 401 : 200);
    });

    it('encryption: clearCalls accept serves a clear call in clear', async () => {
      const h = await encrypted('accept');
      const reply = await h.call('GET', `/appointments/${path(h.world.appointments[0]!.id)}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-kiosk-encryption')).toBeNull();
      expect(appointmentPairSchema.parse(reply.json).appointment.id).toBe(h.world.appointments[0]!.id);
    });

    it('encryption: by-ticket (outside the 10) is sealed when the caller encrypts and served in clear otherwise', async () => {
      const h = await encrypted('refuse');
      // A ticket number finds its visit's main appointment (the first of a journey), not a later exam.
      const appointment = appointmentsWith(h.world, 'checkedIn').find((candidate) => !candidate.checkIn?.request.mainAppointmentId)!;
      const place = h.world.officePlaces.find((candidate) => candidate.id === appointment.locationId)!;
      const body = { ticketNumber: appointment.ticketNumberFormatted, birthDate: patientOf(h.world, appointment).birthDate, officePlaceVisibleId: place.visibleId };
      const sealed = await sealedCall(h, 'POST', '/appointments/by-ticket', newKey.publicKeyPem, { body });
      const clear = await h.call('POST', '/appointments/by-ticket', { body });
      if (mode.minimal) {
        expectContractError(sealed.reply, 404, 'UNKNOWN_APPOINTMENT');
        expectContractError(clear, 404, 'UNKNOWN_APPOINTMENT');
        return;
      }
      expect(sealed.reply.headers.get('x-kiosk-encryption')).toBe('v1');
      expect(appointmentPairSchema.parse(sealed.opened).appointment.id).toBe(appointment.id);
      expect(clear.headers.get('x-kiosk-encryption')).toBeNull();
      expect(appointmentPairSchema.parse(clear.json)).toEqual(appointmentPairSchema.parse(sealed.opened));
    });

    it('encryption: /config/*, staff sign-in and PUT status are never encrypted', async () => {
      const h = await encrypted('refuse');
      const headers = { 'X-Kiosk-Encryption': 'v1', 'X-Kiosk-Encryption-Key': wrapSessionKey(createSessionKey(), newKey.publicKeyPem) };
      const config = await h.call('GET', '/config/practitioners', { device: null, headers });
      expect(config.status).toBe(200);
      expect(config.headers.get('x-kiosk-encryption')).toBeNull();
      expect(config.json).toHaveProperty('practitioners');
      const status = await h.call('PUT', `/appointments/${path(firstWith(h.world, 'checkedIn').id)}/status`, { device: null, headers, body: { status: 'inCare' } });
      expect([status.status, status.json]).toEqual([200, { status: 'inCare' }]);
      const signIn = await h.call('POST', '/staff/sign-in', { device: null, headers, body: { login: 'accueil', password: 'formation' } });
      expect(signIn.headers.get('x-kiosk-encryption')).toBeNull();
    });
  });

  // ── 4. identify ───────────────────────────────────────────────────────────
  describe('identify', () => {
    const identify = (h: Harness, criteria: Record<string, unknown>, context?: unknown) =>
      h.call('POST', '/patients/identify', { body: { criteria, ...(context === undefined ? {} : { context }) } });

    it('identify: all supplied criteria are combined', async () => {
      const h = await start();
      const patient = h.world.patients[4]!;
      expect(ids(await identify(h, { lastName: patient.lastName, firstName: patient.firstName, birthDate: patient.birthDate }))).toEqual([patient.id]);
      expect(ids(await identify(h, { lastName: patient.lastName, firstName: patient.firstName, birthDate: '1901-01-01' }))).toEqual([]);
      expect(ids(await identify(h, { socialSecurityId: patient.socialSecurityId, firstName: 'Someone-Else' }))).toEqual([]);
    });

    it('identify: socialSecurityId has priority and matches tolerating spaces', async () => {
      const h = await start();
      const patient = h.world.patients[7]!;
      const spaced = patient.socialSecurityId!.replace(/^(\d)(\d{2})(\d{2})(\d{2})(\d{3})(\d{3})(\d{2})$/, '$1 $2 $3 $4 $5 $6 $7');
      expect(spaced).toContain(' ');
      expect(ids(await identify(h, { socialSecurityId: spaced }))).toEqual([patient.id]);
      expect(ids(await identify(h, { socialSecurityId: patient.socialSecurityId, birthDate: patient.birthDate }))).toEqual([patient.id]);
    });

    it('identify: a family card alone is doubtful and returns no patient', async () => {
      const h = await start();
      const card = h.world.patients.at(-1)!.socialSecurityId!;
      const family = h.world.patients.filter((patient) => patient.socialSecurityId === card);
      expect(family.length).toBeGreaterThanOrEqual(3);
      expect(ids(await identify(h, { socialSecurityId: card }))).toEqual([]);
      // Shared family name: still several people.
      expect(ids(await identify(h, { socialSecurityId: card, lastName: family[0]!.lastName }))).toEqual([]);
    });

    it('identify: identity criteria pick the beneficiary on a family card', async () => {
      const h = await start();
      const card = h.world.patients.at(-1)!.socialSecurityId!;
      const family = h.world.patients.filter((patient) => patient.socialSecurityId === card);
      for (const member of family) {
        expect(ids(await identify(h, { socialSecurityId: card, firstName: member.firstName }))).toEqual([member.id]);
        expect(ids(await identify(h, { socialSecurityId: card, birthDate: member.birthDate }))).toEqual([member.id]);
      }
    });

    it('identify: birthDate alone is the minimum useful; weaker criteria return no patient (200)', async () => {
      const h = await start();
      const patient = h.world.patients[10]!;
      expect(ids(await identify(h, { birthDate: patient.birthDate }))).toEqual([patient.id]);
      expect(ids(await identify(h, { lastName: patient.lastName, firstName: patient.firstName }))).toEqual([patient.id]);
      for (const weak of [{}, { firstName: patient.firstName }, { lastName: patient.lastName }, { lastName: '  ', firstName: '' }]) {
        const reply = await identify(h, weak);
        expect([reply.status, reply.json]).toEqual([200, { patients: [] }]);
      }
    });

    it('identify: names match ignoring case and accents (and birth names)', async () => {
      const h = await start();
      const accented = h.world.patients.find((patient) => /[éèëêàçïîô]/i.test(patient.firstName))!;
      const plain = accented.firstName.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      expect(ids(await identify(h, { lastName: accented.lastName.toLowerCase(), firstName: plain }))).toEqual([accented.id]);
      const married = h.world.patients.find((patient) => patient.birthName)!;
      expect(ids(await identify(h, { lastName: married.birthName!, birthDate: married.birthDate }))).toEqual([married.id]);
    });

    it('identify: twoFieldsIdentification tries the crossed two-field searches when the strict search finds nothing', async () => {
      const h = await start();
      const patient = h.world.patients[12]!;
      const typo = { lastName: patient.lastName, firstName: `${patient.firstName}x`, birthDate: patient.birthDate };
      expect(ids(await identify(h, typo))).toEqual([]);
      expect(ids(await identify(h, typo, { config: { identification: { twoFieldsIdentification: false } } }))).toEqual([]);
      expect(ids(await identify(h, typo, { config: { identification: { twoFieldsIdentification: true } } }))).toEqual([patient.id]);
      const wrongDate = { lastName: patient.lastName, firstName: patient.firstName, birthDate: '1901-01-01' };
      expect(ids(await identify(h, wrongDate, { config: { identification: { twoFieldsIdentification: true } } }))).toEqual([patient.id]);
      // Without context.config the publisher's own configuration applies.
      const own = await start({ identification: { twoFieldsIdentification: true } });
      expect(ids(await identify(own, typo))).toEqual([patient.id]);
      expect(ids(await identify(own, typo, { config: {} }))).toEqual([]);
    });

    it('identify: at most 10 patients', async () => {
      const h = await start();
      const template = h.world.patients[0]!;
      for (let i = 0; i < 14; i += 1) h.world.patients.push({ ...template, id: `PX${i}`, firstName: `Jumeau${i}`, birthDate: '1990-06-15' });
      const found = ids(await identify(h, { birthDate: '1990-06-15' }));
      expect(found).toHaveLength(10);
    });

    it('identify: cancelled appointments are excluded, so are finished ones', async () => {
      const h = await start();
      const cancelled = firstWith(h.world, 'cancelled');
      const patient = patientOf(h.world, cancelled);
      const reply = identifyResponseSchema.parse((await identify(h, { lastName: patient.lastName, firstName: patient.firstName })).json);
      expect(reply.patients[0]!.appointments.map((appointment) => appointment.id)).not.toContain(cancelled.id);
      const closed = firstWith(h.world, 'closed');
      const closedPatient = patientOf(h.world, closed);
      const other = identifyResponseSchema.parse((await identify(h, { birthDate: closedPatient.birthDate })).json);
      for (const appointment of other.patients.flatMap((entry) => entry.appointments)) {
        expect(['scheduled', 'checkedIn', 'inCare']).toContain(appointment.status);
      }
    });

    it('identify: a patient with no appointment today is returned with appointments []', async () => {
      const h = await start();
      const idle = h.world.patients.find((patient) => !h.world.appointments.some((appointment) => appointment.patientId === patient.id))!;
      const reply = identifyResponseSchema.parse((await identify(h, { lastName: idle.lastName, firstName: idle.firstName, birthDate: idle.birthDate })).json);
      expect(reply.patients).toEqual([expect.objectContaining({ appointments: [] })]);
      expect(reply.patients[0]!.patient.id).toBe(idle.id);
    });

    it('identify: never carries vendorData', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'scheduled');
      const patient = patientOf(h.world, appointment);
      const reply = await identify(h, { birthDate: patient.birthDate });
      expect(reply.text).not.toContain('vendorData');
      expect(ids(reply)).toEqual([patient.id]);
    });
  });

  // ── appointment pairs ─────────────────────────────────────────────────────
  describe('appointment pairs', () => {
    it('by-id: exact status and startDate, patient, and the other appointments of the day', async () => {
      const h = await start();
      const appointment = h.world.appointments.find((candidate) => h.world.appointments.filter((other) => other.patientId === candidate.patientId).length === 2)!;
      const pair = appointmentPairSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}`)).json);
      expect(pair.appointment).toMatchObject({ id: appointment.id, status: appointment.status, startDate: appointment.startDate });
      expect(pair.patient.id).toBe(appointment.patientId);
      expect(pair.otherAppointments).toHaveLength(1);
      expect(pair.otherAppointments[0]!.id).not.toBe(appointment.id);
      expect(pair.appointment).not.toHaveProperty('convocationCode');
      expect(pair.appointment).not.toHaveProperty('documents');
    });

    it('by-code: the convocation code resolves the pair (minimal form: always 404)', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'scheduled');
      const reply = await h.call('GET', `/appointments/by-code/${path(appointment.convocationCode)}`);
      if (mode.minimal) expectContractError(reply, 404, 'UNKNOWN_APPOINTMENT');
      else expect(appointmentPairSchema.parse(reply.json).appointment.id).toBe(appointment.id);
      expectContractError(await h.call('GET', '/appointments/by-code/CV-UNKNOWN'), 404, 'UNKNOWN_APPOINTMENT');
    });

    it('by-ticket: ticket (raw or formatted) + birth date + office place resolve the appointment; a mismatch is 404', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'checkedIn');
      const patient = patientOf(h.world, appointment);
      const place = h.world.officePlaces.find((candidate) => candidate.id === appointment.locationId)!;
      const ask = (ticketNumber: string, birthDate = patient.birthDate) =>
        h.call('POST', '/appointments/by-ticket', { body: { ticketNumber, birthDate, officePlaceVisibleId: place.visibleId } });
      const formatted = await ask(appointment.ticketNumberFormatted!);
      if (mode.minimal) {
        expectContractError(formatted, 404, 'UNKNOWN_APPOINTMENT');
        return;
      }
      expect(appointmentPairSchema.parse(formatted.json).patient.id).toBe(patient.id);
      expect(appointmentPairSchema.parse((await ask(String(appointment.ticketNumber))).json).patient.id).toBe(patient.id);
      expectContractError(await ask(appointment.ticketNumberFormatted!, '1901-01-01'), 404, 'UNKNOWN_APPOINTMENT');
      expectContractError(await ask('Z999'), 404, 'UNKNOWN_APPOINTMENT');
      expectContractError(await h.call('POST', '/appointments/by-ticket', { body: { ticketNumber: '1' } }), 400, 'VALIDATION_ERROR');
    });
  });

  // ── 5. check-in ───────────────────────────────────────────────────────────
  describe('check-in', () => {
    const checkIn = (h: Harness, id: string, extra: Record<string, unknown> = {}) =>
      h.call('POST', `/appointments/${path(id)}/check-in`, { body: checkInBody(extra) });
    const reload = async (h: Harness, id: string) => appointmentPairSchema.parse((await h.call('GET', `/appointments/${path(id)}`)).json).appointment;

    it('check-in: status becomes checkedIn and the appointment exposes the proposed ticket', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const reply = await checkIn(h, appointment.id, { proposedTicket: { number: 42, formattedNumber: 'K042' } });
      expect(reply.status).toBe(200);
      const after = await reload(h, appointment.id);
      expect(after.status).toBe('checkedIn');
      if (mode.minimal) {
        expect(reply.json).toEqual({});
        expect([after.ticketNumber, after.ticketNumberFormatted]).toEqual([null, null]);
        expect(h.publisher.state.getAppointment(appointment.id)!.checkIn!.request.proposedTicket).toEqual({ number: 42, formattedNumber: 'K042' });
      } else {
        expect(checkInResponseSchema.parse(reply.json)).toMatchObject({ ticketNumber: 42, ticketNumberFormatted: 'K042' });
        expect([after.ticketNumber, after.ticketNumberFormatted]).toEqual([42, 'K042']);
      }
    });

    it('check-in replay returns the existing ticket', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const first = await checkIn(h, appointment.id, { proposedTicket: { number: 7, formattedNumber: 'R107' } });
      const firstRecord = h.publisher.state.getAppointment(appointment.id)!.checkIn;
      const replay = await checkIn(h, appointment.id, { proposedTicket: { number: 8, formattedNumber: 'R108' } });
      const bare = await checkIn(h, appointment.id);
      expect([first.status, replay.status, bare.status]).toEqual([200, 200, 200]);
      expect(replay.json).toEqual(first.json);
      expect(bare.json).toEqual(first.json);
      expect(h.publisher.state.getAppointment(appointment.id)!.checkIn).toBe(firstRecord);
      if (!mode.minimal) expect((await reload(h, appointment.id)).ticketNumberFormatted).toBe('R107');
    });

    it('check-in: a replay on inCare or closed (at or past arrival) is 200 with the existing ticket', async () => {
      const h = await start();
      for (const status of ['checkedIn', 'inCare', 'closed'] as const) {
        const appointment = firstWith(h.world, status);
        const reply = await checkIn(h, appointment.id, { proposedTicket: { number: 999, formattedNumber: 'Z999' } });
        expect(reply.status).toBe(200);
        if (mode.minimal) expect(reply.json).toEqual({});
        else expect(reply.json).toMatchObject({ ticketNumber: appointment.ticketNumber, ticketNumberFormatted: appointment.ticketNumberFormatted });
        expect(h.publisher.state.getAppointment(appointment.id)!.status).toBe(status);
      }
    });

    it('check-in: cancelled or done is 409 ALREADY_CHECKED_IN', async () => {
      const h = await start();
      for (const status of ['cancelled', 'done'] as const) {
        const appointment = firstWith(h.world, status);
        expectContractError(await checkIn(h, appointment.id), 409, 'ALREADY_CHECKED_IN');
        expect(h.publisher.state.getAppointment(appointment.id)!.status).toBe(status);
      }
    });

    it('check-in: anomalyCodes, sequence and mainAppointmentId are stored as received', async () => {
      const h = await start();
      const [main, linked] = twoScheduled(h.world);
      await checkIn(h, main!.id, { anomalyCodes: ['INCOMPLETE_FILE', 'x'.repeat(32)], sequence: { number: 1, count: 2 }, linkedAppointmentIds: [linked!.id] });
      await checkIn(h, linked!.id, { anomalyCodes: [], sequence: { number: 2, count: 2 }, mainAppointmentId: main!.id, deferExternalNotification: false });
      const mainRecord = h.publisher.state.getAppointment(main!.id)!.checkIn!.request;
      const linkedRecord = h.publisher.state.getAppointment(linked!.id)!.checkIn!.request;
      expect(mainRecord).toMatchObject({ anomalyCodes: ['INCOMPLETE_FILE', 'x'.repeat(32)], sequence: { number: 1, count: 2 }, mainAppointmentId: null, linkedAppointmentIds: [linked!.id] });
      expect(linkedRecord).toMatchObject({ anomalyCodes: [], sequence: { number: 2, count: 2 }, mainAppointmentId: main!.id });
      expectContractError(await checkIn(h, main!.id, { anomalyCodes: ['x'.repeat(33)] }), 400, 'VALIDATION_ERROR');
      if (!mode.minimal) {
        // One journey, one ticket: the linked appointment shares the main one's publisher-numbered ticket.
        expect((await reload(h, linked!.id)).ticketNumberFormatted).toBe((await reload(h, main!.id)).ticketNumberFormatted);
      }
    });

    it('check-in: without proposedTicket the publisher numbers the ticket after the seeded ones', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const prefix = h.world.examTypes.find((type) => type.id === appointment.examTypeId)!.ticketPrefix;
      const seeded = h.world.appointments
        .filter((other) => other.locationId === appointment.locationId && other.ticketNumberFormatted?.startsWith(prefix))
        .map((other) => other.ticketNumber!);
      const expected = Math.max(0, ...seeded) + 1;
      const reply = await checkIn(h, appointment.id);
      if (mode.minimal) expect(reply.json).toEqual({});
      else expect(reply.json).toMatchObject({ ticketNumber: expected, ticketNumberFormatted: `${prefix}${String(expected).padStart(3, '0')}` });
    });

    it('check-in: deferExternalNotification leaves the notification pending', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      await checkIn(h, appointment.id, { deferExternalNotification: true });
      expect((await reload(h, appointment.id)).awaitingExternalNotification).toBe(true);
      expect(h.publisher.state.notificationsSent(appointment.id)).toBe(0);
      const other = singleScheduled(h.world, 1);
      await checkIn(h, other.id);
      expect((await reload(h, other.id)).awaitingExternalNotification).toBe(false);
      expect(h.publisher.state.notificationsSent(other.id)).toBe(1);
    });

    it('deferred notification: notifies once, then 200 with no new notification', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      await checkIn(h, appointment.id, { deferExternalNotification: true });
      const first = await h.call('POST', `/appointments/${path(appointment.id)}/notify`);
      expect([first.status, first.json]).toEqual([200, { notified: true }]);
      expect((await reload(h, appointment.id)).awaitingExternalNotification).toBe(false);
      const again = await h.call('POST', `/appointments/${path(appointment.id)}/notify`, { body: {} });
      expect([again.status, again.json]).toEqual([200, { notified: true }]);
      expect(h.publisher.state.notificationsSent(appointment.id)).toBe(1);
    });

    it('deferred notification: 409 when not checked in or cancelled, 404 when unknown', async () => {
      const h = await start();
      expectContractError(await h.call('POST', `/appointments/${path(singleScheduled(h.world).id)}/notify`), 409, 'NOT_CHECKED_IN');
      expectContractError(await h.call('POST', `/appointments/${path(firstWith(h.world, 'cancelled').id)}/notify`), 409, 'NOT_CHECKED_IN');
      expectContractError(await h.call('POST', '/appointments/nope/notify'), 404, 'UNKNOWN_APPOINTMENT');
    });

    it('readiness: the appointment readiness (minimal form: always ready)', async () => {
      const h = await start();
      const notReady = h.world.appointments.find((appointment) => !appointment.readiness.ready)!;
      const reply = await h.call('GET', `/appointments/${path(notReady.id)}/notification-readiness?identifiedWithHealthCard=true&sequenceNumber=2&examId=E1&otherExamIds=E2,E3`);
      if (mode.minimal) expect(reply.json).toEqual({ ready: true });
      else expect(notificationReadinessSchema.parse(reply.json)).toMatchObject({ ready: false, reason: notReady.readiness.ready ? undefined : notReady.readiness.reason });
      expectContractError(await h.call('GET', `/appointments/${path(notReady.id)}/notification-readiness?sequenceNumber=0`), 400, 'VALIDATION_ERROR');
      expectContractError(await h.call('GET', `/appointments/${path(notReady.id)}/notification-readiness?identifiedWithHealthCard=yes`), 400, 'VALIDATION_ERROR');
    });
  });

  // ── 6. PUT status ─────────────────────────────────────────────────────────
  describe('status', () => {
    const put = (h: Harness, id: string, status: string) => h.call('PUT', `/appointments/${path(id)}/status`, { device: null, body: { status } });

    it('status: forward moves only, each recorded in statusHistory', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'checkedIn');
      for (const status of ['inCare', 'done', 'closed']) expect((await put(h, appointment.id, status)).json).toEqual({ status });
      expect(h.publisher.state.getAppointment(appointment.id)!.statusHistory.map((entry) => entry.status)).toEqual(['inCare', 'done', 'closed']);
      const skipping = appointmentsWith(h.world, 'checkedIn')[1]!;
      expect((await put(h, skipping.id, 'closed')).json).toEqual({ status: 'closed' });
    });

    it('status: backward request is 200 with no effect', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'inCare');
      for (const status of ['checkedIn', 'inCare']) {
        const reply = await put(h, appointment.id, status);
        expect([reply.status, reply.json]).toEqual([200, { status: 'inCare' }]);
      }
      expect(h.publisher.state.getAppointment(appointment.id)!.statusHistory).toEqual([]);
      expect((await put(h, firstWith(h.world, 'closed').id, 'done')).json).toEqual({ status: 'closed' });
    });

    it('status: cancelled appointment is 400 VALIDATION_ERROR', async () => {
      const h = await start();
      expectContractError(await put(h, firstWith(h.world, 'cancelled').id, 'inCare'), 400, 'VALIDATION_ERROR');
    });

    it('status: never-arrived (scheduled) appointment is 400 VALIDATION_ERROR', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      expectContractError(await put(h, appointment.id, 'inCare'), 400, 'VALIDATION_ERROR');
      expect(h.publisher.state.getAppointment(appointment.id)!.status).toBe('scheduled');
    });

    it('status: only the four progression statuses are accepted; unknown appointment is 404', async () => {
      const h = await start();
      const appointment = firstWith(h.world, 'checkedIn');
      for (const status of ['scheduled', 'cancelled', 'CHECKEDIN', '']) expectContractError(await put(h, appointment.id, status), 400, 'VALIDATION_ERROR');
      expectContractError(await put(h, 'nope', 'inCare'), 404, 'UNKNOWN_APPOINTMENT');
    });

    it('quirk rejectClosed: PUT status closed is 400 VALIDATION_ERROR', async () => {
      const h = await start({ quirks: { rejectClosed: true } });
      const appointment = firstWith(h.world, 'done');
      expectContractError(await put(h, appointment.id, 'closed'), 400, 'VALIDATION_ERROR');
      expect(h.publisher.state.getAppointment(appointment.id)!.status).toBe('done');
      expect((await put(h, firstWith(h.world, 'checkedIn').id, 'done')).json).toEqual({ status: 'done' });
    });
  });

  // ── 7. documents ──────────────────────────────────────────────────────────
  describe('documents', () => {
    const withDocument = (h: Harness) => h.world.appointments.find((appointment) => appointment.documents.length > 0)!;
    const upload = (h: Harness, id: string, body: unknown) => h.call('POST', `/appointments/${path(id)}/documents`, { body });
    const page = (bytes = 64) => ({ contentBase64: Buffer.alloc(bytes, 7).toString('base64'), mimeType: 'image/jpeg' });

    it('documents: list excludes deleted documents; delete of an unknown or deleted document is 404 UNKNOWN_DOCUMENT', async () => {
      const h = await start();
      const appointment = withDocument(h);
      const documentId = appointment.documents[0]!.id;
      const list = documentsListSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}/documents`)).json);
      if (mode.minimal) {
        expect(list).toEqual({ documents: [], requiredDocumentTypes: [] });
        expectContractError(await h.call('DELETE', `/appointments/${path(appointment.id)}/documents/${path(documentId)}`), 404, 'UNKNOWN_DOCUMENT');
        return;
      }
      expect(list.documents.map((document) => document.id)).toContain(documentId);
      expect(list.requiredDocumentTypes.length).toBeGreaterThan(0);
      for (const required of list.requiredDocumentTypes) expect(typeof required).toBe('object');
      const removal = await h.call('DELETE', `/appointments/${path(appointment.id)}/documents/${path(documentId)}`);
      expect([removal.status, removal.text]).toEqual([204, '']);
      const after = documentsListSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}/documents`)).json);
      expect(after.documents.map((document) => document.id)).not.toContain(documentId);
      expectContractError(await h.call('DELETE', `/appointments/${path(appointment.id)}/documents/${path(documentId)}`), 404, 'UNKNOWN_DOCUMENT');
      expectContractError(await h.call('DELETE', `/appointments/${path(appointment.id)}/documents/DOC-none`), 404, 'UNKNOWN_DOCUMENT');
    });

    it('documents: upload accepts 10 MB of plaintext JSON, clear and encrypted, and omits analysis', async () => {
      const h = await start({ encryption: encryptionOn([newKey.privateKeyPem]) });
      const appointment = singleScheduled(h.world);
      const tenMegabytes = { documentType: 'prescription', rotationAngle: 90, pages: [page(7_600_000)] };
      expect(JSON.stringify(tenMegabytes).length).toBeGreaterThan(10_000_000);
      const clear = await upload(h, appointment.id, tenMegabytes);
      expect(clear.status).toBe(201);
      expect(uploadDocumentResponseSchema.parse(clear.json)).not.toHaveProperty('analysis');
      const sealed = await sealedCall(h, 'POST', `/appointments/${path(appointment.id)}/documents`, newKey.publicKeyPem, { body: tenMegabytes });
      expect(sealed.reply.status).toBe(201);
      const created = uploadDocumentResponseSchema.parse(sealed.opened);
      expect(created).not.toHaveProperty('analysis');
      const list = documentsListSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}/documents`)).json);
      if (mode.minimal) expect(list.documents).toEqual([]);
      else expect(list.documents.find((document) => document.id === created.documentId)).toMatchObject({ documentType: 'prescription', pageCount: 1, mimeType: 'image/jpeg' });
    });

    it('documents: upload above the limit is 413 UPLOAD_TOO_LARGE, clear or encrypted', async () => {
      const h = await start({ uploadLimitBytes: 1024 * 1024, encryption: encryptionOn([newKey.privateKeyPem]) });
      const appointment = singleScheduled(h.world);
      const tooBig = { documentType: 'other', pages: [page(900_000)] };
      expectContractError(await upload(h, appointment.id, tooBig), 413, 'UPLOAD_TOO_LARGE');
      expectContractError((await sealedCall(h, 'POST', `/appointments/${path(appointment.id)}/documents`, newKey.publicKeyPem, { body: tooBig })).reply, 413, 'UPLOAD_TOO_LARGE');
      // Far above: fastify's own wire limit trips first, with the same contract answer.
      expectContractError(await upload(h, appointment.id, { documentType: 'other', pages: [page(3_000_000)] }), 413, 'UPLOAD_TOO_LARGE');
      expect((await upload(h, appointment.id, { documentType: 'other', pages: [page(600_000)] })).status).toBe(201);
    });

    it('documents: documentType pattern and pages are validated', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      for (const documentType of ['1prescription', 'with space', 'x'.repeat(65), '', 'é']) {
        const reply = await upload(h, appointment.id, { documentType, pages: [page()] });
        expectContractError(reply, 400, 'VALIDATION_ERROR');
        expect((reply.json as { error: { details: { field: string } } }).error.details.field).toBe('documentType');
      }
      expectContractError(await upload(h, appointment.id, { documentType: 'other', pages: [] }), 400, 'VALIDATION_ERROR');
      expectContractError(await upload(h, appointment.id, { documentType: 'other', pages: [{ contentBase64: 'data:image/png;base64,AAAA', mimeType: 'image/png' }] }), 400, 'VALIDATION_ERROR');
      expectContractError(await upload(h, appointment.id, { documentType: 'other', rotationAngle: 45, pages: [page()] }), 400, 'VALIDATION_ERROR');
      expect((await upload(h, appointment.id, { documentType: 'publisher_Specific-42', pages: [page()] })).status).toBe(201);
    });

    it('documents: the optional content route serves pages (minimal form 404; clear calls to an encrypting publisher 404)', async () => {
      const h = await start();
      const appointment = withDocument(h);
      const target = `/appointments/${path(appointment.id)}/documents/${path(appointment.documents[0]!.id)}/content`;
      const reply = await h.call('GET', target);
      if (mode.minimal) expectContractError(reply, 404, 'UNKNOWN_DOCUMENT');
      else expect(documentContentResponseSchema.parse(reply.json).pages).toEqual(appointment.documents[0]!.pages);
      const encrypting = await start({ encryption: encryptionOn([newKey.privateKeyPem]) });
      expectContractError(await encrypting.call('GET', target), 404, 'UNKNOWN_DOCUMENT');
      const sealed = await sealedCall(encrypting, 'GET', target, newKey.publicKeyPem);
      if (mode.minimal) expectContractError(sealed.reply, 404, 'UNKNOWN_DOCUMENT');
      else expect(documentContentResponseSchema.parse(sealed.opened).pages).toHaveLength(1);
    });
  });

  // ── 8. vendorData ─────────────────────────────────────────────────────────
  describe('vendorData', () => {
    it('vendorData: attached to patients and appointments, accepted back in context.vendorData', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const pair = appointmentPairSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}`)).json);
      expect(pair.patient.vendorData).toEqual({ rev: expect.any(Number) });
      expect(pair.appointment.vendorData).toEqual({ rev: expect.any(Number) });
      const patch = await h.call('PATCH', `/patients/${path(pair.patient.id)}`, { body: { context: { vendorData: pair.patient.vendorData }, patient: {} } });
      expect(patch.status).toBe(204);
      const checkIn = await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, {
        body: checkInBody({ context: { vendorData: pair.appointment.vendorData } }),
      });
      expect(checkIn.status).toBe(200);
      expect(h.publisher.state.receivedVendorData('appointment', appointment.id)).toEqual(pair.appointment.vendorData);
      if (!mode.minimal) {
        expect(h.publisher.state.receivedVendorData('patient', pair.patient.id)).toEqual(pair.patient.vendorData);
        // The entity changed: the next answer carries a newer value (last written wins on the kiosk).
        expect(checkInResponseSchema.parse(checkIn.json).vendorData).not.toEqual(pair.appointment.vendorData);
      }
    });

    it('vendorData: every route works without it, and unknown or ill-typed context fields are ignored', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const context = { locationId: 12, vendorData: 'not-an-object', config: { identification: { twoFieldsIdentification: 'yes' }, future: true }, extra: [1, 2] };
      expect((await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody({ context }) })).status).toBe(200);
      expect((await h.call('POST', '/patients/identify', { body: { context: 'whatever', criteria: { birthDate: '1980-01-01' } } })).status).toBe(200);
      expect((await h.call('PUT', `/appointments/${path(appointment.id)}/prescriber`, { body: { context: null, prescriber: { name: 'Dr A' } } })).status).toBe(204);
    });
  });

  // ── 9. minimal forms (patient edit / prescriber; the others are asserted with their routes) ──
  describe('patient edit and prescriber', () => {
    it('patient edit: absent fields unchanged, null clears, the reload shows it (minimal form: 204 with no effect)', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const before = structuredClone(patientOf(h.world, appointment));
      const reply = await h.call('PATCH', `/patients/${path(appointment.patientId)}`, {
        body: { patient: { mobilePhone: '+33 6 11 22 33 44', email: null, socialSecurityId: '1 80 01 69 123 456 78', address: { line1: '1 rue Neuve', zipCode: '69001', city: 'Lyon' } } },
      });
      expect([reply.status, reply.text]).toEqual([204, '']);
      const patient = appointmentPairSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}`)).json).patient;
      if (mode.minimal) {
        expect(patient).toMatchObject({ mobilePhone: before.mobilePhone, email: before.email });
        expectContractError(await h.call('PATCH', '/patients/nobody', { body: { patient: { firstName: 5 } } }), 400, 'VALIDATION_ERROR');
        return;
      }
      expect(patient).toMatchObject({ mobilePhone: '+33 6 11 22 33 44', socialSecurityId: '180016912345678', firstName: before.firstName, phone: before.phone });
      expect(patient.address).toEqual({ line1: '1 rue Neuve', line2: null, zipCode: '69001', city: 'Lyon' });
      expect(patient).not.toHaveProperty('email');
      expectContractError(await h.call('PATCH', '/patients/nobody', { body: { patient: {} } }), 404, 'UNKNOWN_PATIENT');
      expectContractError(await h.call('PATCH', `/patients/${path(appointment.patientId)}`, { body: { patient: { lastName: null } } }), 400, 'VALIDATION_ERROR');
    });

    it('prescriber: idempotent 204 (minimal form: 204 with no effect)', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const prescriber = { name: 'Dr Anne Prescrit', rppsId: '10999999999' };
      for (let i = 0; i < 2; i += 1) {
        const reply = await h.call('PUT', `/appointments/${path(appointment.id)}/prescriber`, { body: { prescriber } });
        expect([reply.status, reply.text]).toEqual([204, '']);
      }
      const after = appointmentPairSchema.parse((await h.call('GET', `/appointments/${path(appointment.id)}`)).json).appointment;
      if (mode.minimal) expect(after.prescriber).not.toEqual(prescriber);
      else expect(after.prescriber).toEqual(prescriber);
    });
  });

  // ── config and staff ──────────────────────────────────────────────────────
  describe('configuration and staff', () => {
    it('config: the six referentials come from the world, with the ids appointments carry', async () => {
      const h = await start();
      const get = async (route: string) => (await h.call('GET', route, { device: null })).json as Record<string, { id?: string }[]>;
      expect((await get('/config/office-places')).officePlaces).toEqual(h.world.officePlaces.map(({ id, name, officeId }) => ({ id, name, officeId })));
      expect((await get('/config/exam-types')).examTypes).toEqual(h.world.examTypes.map(({ id, name, ticketPrefix }) => ({ id, name, ticketPrefix })));
      expect((await get('/config/exams')).exams).toEqual(h.world.exams.map(({ id, name, examTypeId }) => ({ id, name, examTypeId })));
      expect((await get('/config/practitioners')).practitioners).toEqual(h.world.practitioners.map(({ id, name, rppsId }) => ({ id, name, rppsId })));
      expect((await get('/config/rooms')).rooms).toEqual(h.world.rooms.map(({ id, name }) => ({ id, name })));
      expect((await get('/config/document-types')).documentTypes).toEqual(h.world.documentTypes.map(({ documentType, label }) => ({ documentType, label })));
      const roomIds = new Set((await get('/config/rooms')).rooms!.map((room) => room.id));
      for (const appointment of h.world.appointments) expect(roomIds.has(appointment.roomId!)).toBe(true);
    });

    it('staff sign-in: the offices of the account; bad credentials are 401 INVALID_CREDENTIALS (minimal form: always 401)', async () => {
      const h = await start();
      const good = await h.call('POST', '/staff/sign-in', { device: null, body: { login: 'superviseur', password: 'formation' } });
      if (mode.minimal) expectContractError(good, 401, 'INVALID_CREDENTIALS');
      else expect(staffSignInResponseSchema.parse(good.json).offices.map((office) => office.officeId)).toEqual(['ofc-1', 'ofc-2']);
      expectContractError(await h.call('POST', '/staff/sign-in', { device: null, body: { login: 'accueil', password: 'nope' } }), 401, 'INVALID_CREDENTIALS');
      expectContractError(await h.call('POST', '/staff/sign-in', { device: null, body: { login: 'accueil' } }), 400, 'VALIDATION_ERROR');
    });
  });

  // ── 10–11. quirks and errors ──────────────────────────────────────────────
  describe('errors', () => {
    it('errors: an unknown route is a JSON 404 NOT_FOUND', async () => {
      const h = await start();
      expectContractError(await h.call('GET', '/appointments/x/unknown-thing'), 404, 'NOT_FOUND');
      expectContractError(await h.call('DELETE', '/patients/identify'), 404, 'NOT_FOUND');
      const outside = await fetch(`${h.origin}/somewhere-else`);
      expect(outside.status).toBe(404);
      expect(((await outside.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    });

    it('quirk htmlNotFound: an unknown route answers an HTML 404', async () => {
      const h = await start({ quirks: { htmlNotFound: true } });
      const reply = await h.call('GET', '/no/such/route');
      expect(reply.status).toBe(404);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      // Known routes keep their JSON errors.
      expectContractError(await h.call('GET', '/appointments/nope'), 404, 'UNKNOWN_APPOINTMENT');
    });

    it('errors: ids longer than 128 characters are 400 VALIDATION_ERROR with the field', async () => {
      const h = await start();
      const long = 'a'.repeat(129);
      const reply = await h.call('GET', `/appointments/${long}`);
      expectContractError(reply, 400, 'VALIDATION_ERROR');
      expect((reply.json as { error: { details: { field: string } } }).error.details.field).toBe('appointmentId');
      expectContractError(await h.call('PATCH', `/patients/${long}`, { body: { patient: {} } }), 400, 'VALIDATION_ERROR');
      expectContractError(await h.call('GET', `/appointments/by-code/${'c'.repeat(513)}`), 400, 'VALIDATION_ERROR');
      expectContractError(await h.call('GET', `/appointments/${'a'.repeat(10_000)}`), 400, 'VALIDATION_ERROR');
      expectContractError(await h.call('GET', `/appointments/${'a'.repeat(128)}`), 404, 'UNKNOWN_APPOINTMENT');
    });

    it('errors: wrong types are 400 VALIDATION_ERROR with details.field', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const cases: [string, string, unknown, string][] = [
        ['POST', '/patients/identify', { criteria: { lastName: 42 } }, 'criteria.lastName'],
        ['POST', '/patients/identify', { criteria: 'x' }, 'criteria'],
        ['POST', '/patients/identify', [], 'body'],
        ['POST', `/appointments/${path(appointment.id)}/check-in`, checkInBody({ identifiedWithHealthCard: 'yes' }), 'identifiedWithHealthCard'],
        ['POST', `/appointments/${path(appointment.id)}/check-in`, checkInBody({ sequence: { number: 0, count: 1 } }), 'sequence.number'],
        ['POST', `/appointments/${path(appointment.id)}/check-in`, checkInBody({ proposedTicket: { number: '12', formattedNumber: 'A012' } }), 'proposedTicket.number'],
        ['PUT', `/appointments/${path(appointment.id)}/prescriber`, { prescriber: { name: 7 } }, 'prescriber.name'],
        ['PATCH', `/patients/${path(appointment.patientId)}`, { patient: { heightCm: 'tall' } }, 'patient.heightCm'],
      ];
      for (const [method, target, body, field] of cases) {
        const reply = await h.call(method, target, { body });
        expectContractError(reply, 400, 'VALIDATION_ERROR');
        expect((reply.json as { error: { details: { field: string } } }).error.details.field).toBe(field);
      }
      expect(h.publisher.state.getAppointment(appointment.id)!.status).toBe('scheduled');
    });

    it('errors: malformed JSON is 400 VALIDATION_ERROR', async () => {
      const h = await start();
      for (const raw of ['{', '{"criteria":', 'undefined', '\u0000\u0001', "{'a':1}"]) {
        expectContractError(await h.call('POST', '/patients/identify', { raw }), 400, 'VALIDATION_ERROR');
      }
    });

    it('errors: a 20 MB body is 413 UPLOAD_TOO_LARGE and the server stays up', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const huge = 'x'.repeat(20 * 1024 * 1024);
      expectContractError(await h.call('POST', `/appointments/${path(appointment.id)}/documents`, { raw: huge }), 413, 'UPLOAD_TOO_LARGE');
      expectContractError(await h.call('POST', '/patients/identify', { raw: huge }), 413, 'UPLOAD_TOO_LARGE');
      expect((await h.call('GET', '/config/rooms')).status).toBe(200);
    });

    it('errors: messages and details never contain patient data', async () => {
      const h = await start();
      const appointment = singleScheduled(h.world);
      const patient = patientOf(h.world, appointment);
      const replies = [
        await h.call('POST', '/patients/identify', { body: { criteria: { lastName: patient.lastName, birthDate: `${patient.birthDate}x` } } }),
        await h.call('PATCH', `/patients/${path(patient.id)}`, { body: { patient: { firstName: patient.firstName, birthDate: 'yesterday' } } }),
        await h.call('PATCH', `/patients/${path(patient.id)}x`, { body: { patient: { firstName: patient.firstName } } }),
        await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: { anomalyCodes: [patient.lastName] } }),
        await h.call('POST', '/appointments/by-ticket', { body: { ticketNumber: 'A1', birthDate: patient.birthDate, officePlaceVisibleId: 'nowhere' } }),
      ];
      expect(replies.filter((reply) => reply.status >= 400).length).toBeGreaterThanOrEqual(4);
      for (const reply of replies) {
        for (const secret of [patient.lastName, patient.firstName, patient.birthDate, patient.id, patient.socialSecurityId!]) {
          expect(reply.text).not.toContain(secret);
        }
      }
    });
  });

  // ── 12. platform link ─────────────────────────────────────────────────────
  describe('platform link', () => {
    const platformFor = (url: string, timeoutMs = 8_000) => ({ platform: { url, licenceUuid: 'licence-1', accountKey: 'platform-raw-key', timeoutMs } });

    it('platform link: check-in reports checkedIn with the raw account key', async () => {
      const platform = await startScriptedServer([{ status: 200, body: '{"updated":1}' }]);
      try {
        const h = await start(platformFor(platform.url));
        const appointment = singleScheduled(h.world);
        expect((await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody() })).status).toBe(200);
        await h.publisher.platform.settled();
        expect(platform.received).toHaveLength(1);
        const [call] = platform.received;
        expect([call!.method, call!.url, call!.headers.authorization]).toEqual(['POST', '/api/kioskTicket/appointmentStatusChanged', 'platform-raw-key']);
        expect(JSON.parse(call!.body)).toEqual({ licenceUuid: 'licence-1', contractAppointmentId: appointment.id, status: 'checkedIn' });
        // A replay is not a status change.
        await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody() });
        await h.publisher.platform.settled();
        expect(platform.received).toHaveLength(1);
      } finally {
        await platform.close();
      }
    });

    it('platform link: every accepted status change is reported; a no-op is not', async () => {
      const platform = await startScriptedServer([{ status: 200, body: '{"updated":1}' }]);
      try {
        const h = await start(platformFor(platform.url));
        const appointment = firstWith(h.world, 'checkedIn');
        for (const status of ['inCare', 'checkedIn', 'done', 'done', 'closed']) {
          await h.call('PUT', `/appointments/${path(appointment.id)}/status`, { device: null, body: { status } });
        }
        await h.publisher.platform.settled();
        expect(platform.received.map((call) => (JSON.parse(call.body) as { status: string }).status)).toEqual(['inCare', 'done', 'closed']);
      } finally {
        await platform.close();
      }
    });

    it('platform link: pushes off (--no-publisher-pushes), neither check-in nor status changes call the platform', async () => {
      const platform = await startScriptedServer([{ status: 200, body: '{"updated":1}' }]);
      try {
        const h = await start({ ...platformFor(platform.url), pushes: false });
        const appointment = singleScheduled(h.world);
        expect((await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody() })).status).toBe(200);
        for (const status of ['inCare', 'done', 'closed']) {
          expect((await h.call('PUT', `/appointments/${path(appointment.id)}/status`, { device: null, body: { status } })).json).toEqual({ status });
        }
        await h.publisher.platform.settled();
        expect(platform.received).toHaveLength(0);
      } finally {
        await platform.close();
      }
    });

    it('platform link: a down or failing platform changes no answer', async () => {
      const reference = await start();
      const failing = await startScriptedServer([{ status: 500, body: 'boom' }]);
      try {
        for (const url of ['http://127.0.0.1:1', failing.url]) {
          const h = await start(platformFor(url));
          const appointment = singleScheduled(h.world);
          const answer = await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody() });
          const expected = await reference.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody() });
          expect([answer.status, answer.json]).toEqual([expected.status, expected.json]);
          const status = await h.call('PUT', `/appointments/${path(appointment.id)}/status`, { device: null, body: { status: 'inCare' } });
          expect([status.status, status.json]).toEqual([200, { status: 'inCare' }]);
          await h.publisher.platform.settled();
        }
      } finally {
        await failing.close();
      }
    });

    it('platform link: a platform that never answers does not delay the answer', async () => {
      const hanging: Server = createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      try {
        const h = await start(platformFor(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, 800));
        const appointment = singleScheduled(h.world);
        const started = Date.now();
        expect((await h.call('POST', `/appointments/${path(appointment.id)}/check-in`, { body: checkInBody() })).status).toBe(200);
        // Answered long before the platform call could time out.
        expect(Date.now() - started).toBeLessThan(500);
        await h.publisher.platform.settled();
        expect(Date.now() - started).toBeGreaterThanOrEqual(750);
      } finally {
        hanging.closeAllConnections();
        await new Promise((resolve) => hanging.close(resolve));
      }
    });
  });
});

afterAll(async () => {
  await pool.closeAll();
});
