import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionKey, sealJson, unwrapSessionKey } from '../../../../src-main/crypto/envelope';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { startScriptedServer } from '../../../helpers/scripted-server';
import { BASE, baseProfile, errorBody, failure, makeClient, rsaPair, startHandlerServer } from './support';

const oldKeys = rsaPair();
const newKeys = rsaPair();
const strangerKeys = rsaPair();

const pairAnswer = {
  patient: { id: 'P1', firstName: 'Ana', lastName: 'Roux', birthDate: '1980-01-02' },
  appointment: { id: 'A1', patientId: 'P1', startDate: '2030-01-02T09:00:00+01:00', status: 'checkedIn' },
  otherAppointments: [],
};

describe('end-to-end encryption against the sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // Rotation: the publisher holds the old and the new private key.
    sandbox = await startSandbox({
      publisher: { encryption: { privateKeysPem: [oldKeys.privatePem, newKeys.privatePem], clearCalls: 'accept', refusalCode: 'ENCRYPTION_REQUIRED' } },
    });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const anyId = () => sandbox.world.publisher.appointments[1]!.id;

  it('works in clear while the publisher still accepts clear calls', async () => {
    const { client } = makeClient(sandbox.profile, sandbox.accountKey);
    await expect(client.getAppointmentById(anyId())).resolves.toMatchObject({ appointment: { id: anyId() } });
  });

  it.each([
    ['old', oldKeys.publicPem],
    ['new', newKeys.publicPem],
  ])('rotation: a client with the %s public key is served', async (_name, publicPem) => {
    const { client } = makeClient({ ...sandbox.profile, publisherPublicKeyPem: publicPem }, sandbox.accountKey);
    await expect(client.getAppointmentById(anyId())).resolves.toMatchObject({ appointment: { id: anyId() } });
  });

  it('an unknown public key → DECRYPTION_FAILED, sent exactly once, never downgraded to clear', async () => {
    const { client, reach } = makeClient({ ...sandbox.profile, publisherPublicKeyPem: strangerKeys.publicPem }, sandbox.accountKey);
    const error = await failure(client.getAppointmentById(anyId()));
    expect(error).toMatchObject({ code: 'DECRYPTION_FAILED', status: 400, contractCode: 'DECRYPTION_FAILED' });
    expect(reach).toEqual([true]);
  });

  it('a bad PEM in the profile is a profile problem, not a network one', async () => {
    const { client, reach } = makeClient({ ...sandbox.profile, publisherPublicKeyPem: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' }, sandbox.accountKey);
    expect((await failure(client.getAppointmentById(anyId()))).code).toBe('PROFILE_INVALID');
    expect(reach).toEqual([]);
    // Routes outside the ten never touch the key.
    await expect(client.getConfig('rooms')).resolves.toBeDefined();
  });
});

describe('end-to-end encryption on the wire', () => {
  const encryptedProfile = (contractBaseUrl: string) => ({
    ...baseProfile(contractBaseUrl),
    publisherPublicKeyPem: newKeys.publicPem,
  });

  it('seals the body, sends the headers, and uses a new session key and IV on every attempt', async () => {
    const server = await startHandlerServer(() => ({ status: 503, body: errorBody('INTERNAL_ERROR') }));
    const { client } = makeClient(encryptedProfile(server.contractBaseUrl), 'key');
    await failure(client.checkInAppointment('A1', { identifiedWithHealthCard: false, anomalyCodes: [], sequence: { number: 1, count: 1 } }));
    expect(server.received).toHaveLength(3);
    const keys = server.received.map((request) => request.headers['x-kiosk-encryption-key'] as string);
    const ivs = server.received.map((request) => (JSON.parse(request.body) as { encrypted: { iv: string } }).encrypted.iv);
    expect(new Set(keys).size).toBe(3);
    expect(new Set(ivs).size).toBe(3);
    for (const request of server.received) {
      expect(request.headers['x-kiosk-encryption']).toBe('v1');
      expect(request.body).not.toContain('anomalyCodes');
      expect(unwrapSessionKey(request.headers['x-kiosk-encryption-key'] as string, [newKeys.privatePem])).toHaveLength(32);
    }
    await server.close();
  });

  it('opens an answer sealed with the session key (new IV)', async () => {
    const server = await startHandlerServer((request) => {
      const key = unwrapSessionKey(request.headers['x-kiosk-encryption-key'] as string, [newKeys.privatePem]);
      return { status: 200, headers: { 'X-Kiosk-Encryption': 'v1' }, body: JSON.stringify(sealJson(key, pairAnswer)) };
    });
    const { client } = makeClient(encryptedProfile(server.contractBaseUrl), 'key');
    await expect(client.getAppointmentById('A1')).resolves.toMatchObject({ appointment: { id: 'A1' } });
    await server.close();
  });

  it('rejects a tampered tag (one flipped bit) with CONTRACT_VIOLATION, not retried', async () => {
    const server = await startHandlerServer((request) => {
      const key = unwrapSessionKey(request.headers['x-kiosk-encryption-key'] as string, [newKeys.privatePem]);
      const envelope = sealJson(key, pairAnswer);
      const data = Buffer.from(envelope.encrypted.data, 'base64');
      data[data.length - 1]! ^= 0x01;
      envelope.encrypted.data = data.toString('base64');
      return { status: 200, headers: { 'X-Kiosk-Encryption': 'v1' }, body: JSON.stringify(envelope) };
    });
    const { client } = makeClient(encryptedProfile(server.contractBaseUrl), 'key');
    const error = await failure(client.getAppointmentById('A1'));
    expect(error).toMatchObject({ code: 'CONTRACT_VIOLATION', reason: 'badTag', status: 200 });
    expect(server.received).toHaveLength(1);
    await server.close();
  });

  it('rejects an answer sealed with another session key', async () => {
    const sealedElsewhere = JSON.stringify(sealJson(createSessionKey(), pairAnswer));
    const server = await startScriptedServer([{ status: 200, headers: { 'X-Kiosk-Encryption': 'v1' }, body: sealedElsewhere }]);
    const { client } = makeClient(encryptedProfile(`${server.url}${BASE}`), 'key');
    expect(await failure(client.getAppointmentById('A1'))).toMatchObject({ code: 'CONTRACT_VIOLATION', reason: 'badTag' });
    expect(server.received).toHaveLength(1);
    await server.close();
  });

  it('never accepts a clear answer to an encrypted call', async () => {
    const server = await startScriptedServer([{ status: 200, body: JSON.stringify(pairAnswer) }]);
    const { client } = makeClient(encryptedProfile(`${server.url}${BASE}`), 'key');
    const error = await failure(client.getAppointmentById('A1'));
    expect(error).toMatchObject({ code: 'CONTRACT_VIOLATION', reason: 'clearAnswer' });
    expect(error.message).not.toContain('Roux');
    expect(server.received).toHaveLength(1);
    await server.close();
  });

  it('rejects a malformed envelope under the header', async () => {
    const server = await startScriptedServer([{ status: 200, headers: { 'X-Kiosk-Encryption': 'v1' }, body: '{"encrypted":{"v":1,"iv":"!!","data":"x"}}' }]);
    const { client } = makeClient(encryptedProfile(`${server.url}${BASE}`), 'key');
    expect(await failure(client.getAppointmentById('A1'))).toMatchObject({ code: 'CONTRACT_VIOLATION', reason: 'malformedEnvelope' });
    await server.close();
  });

  it('leaves config, staff sign-in, PUT status and by-ticket in clear', async () => {
    const server = await startScriptedServer([{ status: 500 }]);
    const { client } = makeClient(encryptedProfile(`${server.url}${BASE}`), 'key', { retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 } });
    await failure(client.getConfig('rooms'));
    await failure(client.staffSignIn({ login: 'a', password: 'b' }));
    await failure(client.setAppointmentStatus('A1', 'done'));
    await failure(client.getAppointmentByTicket({ ticketNumber: 'S001', birthDate: '1980-01-02', officePlaceVisibleId: 'X' }));
    for (const request of server.received) {
      expect(request.headers['x-kiosk-encryption']).toBeUndefined();
      expect(request.headers['x-kiosk-encryption-key']).toBeUndefined();
    }
    expect(JSON.parse(server.received[2]!.body)).toEqual({ status: 'done' });
    await server.close();
  });
});
