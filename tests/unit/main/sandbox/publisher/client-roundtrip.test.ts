import { constants, createCipheriv, createDecipheriv, generateKeyPair, publicEncrypt, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { appointmentPairSchema, checkInResponseSchema, identifyResponseSchema, notificationReadinessSchema } from '../../../../../src-shared/publisher/schemas';
import { DEVICE, encryptionOn, patientOf, path, publisherPool, singleScheduled } from './harness';

/**
 * A kiosk written from the contract text alone, with node:crypto and nothing from
 * the app: if it talks to the sandbox, the sandbox speaks the contract's crypto
 * (and not merely whatever src-main/crypto/envelope.ts happens to do).
 */
class RawKiosk {
  constructor(
    private readonly base: string,
    private readonly publicKeyPem: string,
    private readonly accountKey: string,
  ) {}

  async call(method: string, route: string, body?: unknown): Promise<{ status: number; payload: unknown }> {
    const sessionKey = randomBytes(32);
    const wrapped = publicEncrypt({ key: this.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sessionKey);
    let requestIv: Buffer | null = null;
    let envelope: string | undefined;
    if (body !== undefined) {
      requestIv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sessionKey, requestIv);
      const data = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      envelope = JSON.stringify({ encrypted: { v: 1, iv: requestIv.toString('base64'), data: data.toString('base64') } });
    }
    const response = await fetch(`${this.base}${route}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Kiosk-Auth-Key': this.accountKey,
        'X-Kiosk-Device-Id': DEVICE,
        'X-Kiosk-Office-Id': 'ofc-1!#!CIM-LYON',
        'X-Kiosk-Encryption': 'v1',
        'X-Kiosk-Encryption-Key': wrapped.toString('base64'),
      },
      body: envelope,
    });
    const text = await response.text();
    if (!response.ok || response.status === 204) return { status: response.status, payload: text === '' ? undefined : JSON.parse(text) };

    expect(response.headers.get('x-kiosk-encryption')).toBe('v1');
    const sealed = JSON.parse(text) as { encrypted: { v: number; iv: string; data: string } };
    expect(sealed.encrypted.v).toBe(1);
    const iv = Buffer.from(sealed.encrypted.iv, 'base64');
    expect(iv).toHaveLength(12);
    if (requestIv) expect(iv.equals(requestIv)).toBe(false);
    const data = Buffer.from(sealed.encrypted.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', sessionKey, iv);
    decipher.setAuthTag(data.subarray(data.length - 16));
    const plaintext = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    return { status: response.status, payload: JSON.parse(plaintext.toString('utf8')) };
  }
}

const generate = promisify(generateKeyPair);
async function keyPair(bits: number) {
  return generate('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

const pool = publisherPool();
afterEach(async () => {
  await pool.closeAll();
});

describe('an encrypting kiosk built on node:crypto only', () => {
  it.each([2048, 4096])('encrypted identify → readiness → check-in → reload round trip (RSA %i)', async (bits) => {
    const { publicKey, privateKey } = await keyPair(bits);
    // Clear calls refused: every step below must really have travelled encrypted.
    const h = await pool.start({ encryption: encryptionOn([privateKey], 'refuse') });
    const kiosk = new RawKiosk(h.base, publicKey, h.world.accountKey);
    const expected = singleScheduled(h.world);
    const patient = patientOf(h.world, expected);

    const identified = await kiosk.call('POST', '/patients/identify', {
      context: { config: { identification: { twoFieldsIdentification: false } } },
      criteria: { lastName: patient.lastName, firstName: patient.firstName, birthDate: patient.birthDate },
    });
    expect(identified.status).toBe(200);
    const [match] = identifyResponseSchema.parse(identified.payload).patients;
    const appointment = match!.appointments.find((candidate) => candidate.id === expected.id)!;
    expect(appointment.status).toBe('scheduled');

    const readiness = await kiosk.call('GET', `/appointments/${path(appointment.id)}/notification-readiness?sequenceNumber=1`);
    expect(notificationReadinessSchema.parse(readiness.payload).ready).toBeTypeOf('boolean');

    const checkedIn = await kiosk.call('POST', `/appointments/${path(appointment.id)}/check-in`, {
      identifiedWithHealthCard: false,
      anomalyCodes: [],
      sequence: { number: 1, count: 1 },
      proposedTicket: { number: 17, formattedNumber: 'R017' },
    });
    expect(checkedIn.status).toBe(200);
    expect(checkInResponseSchema.parse(checkedIn.payload)).toMatchObject({ ticketNumber: 17, ticketNumberFormatted: 'R017' });

    const reloaded = await kiosk.call('GET', `/appointments/${path(appointment.id)}`);
    const pair = appointmentPairSchema.parse(reloaded.payload);
    expect(pair.appointment).toMatchObject({ id: appointment.id, status: 'checkedIn', ticketNumber: 17, ticketNumberFormatted: 'R017' });
    expect(pair.patient.id).toBe(patient.id);

    // An error comes back in clear, readable without the session key.
    const missing = await kiosk.call('GET', '/appointments/no-such-appointment');
    expect(missing).toMatchObject({ status: 404, payload: { error: { code: 'UNKNOWN_APPOINTMENT' } } });
  });
});
