import { afterEach, describe, expect, it } from 'vitest';
import { sealJson, unwrapSessionKey } from '../../../../src-main/crypto/envelope';
import { mapClientError } from '../../../../src-main/publisher/errors';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { baseProfile, errorBody, failure, makeClient, rsaPair, startHandlerServer, type Received } from './support';

const keys = rsaPair();
const strangerKeys = rsaPair();
const byTicket = { ticketNumber: 'S001', birthDate: '1980-01-02', officePlaceVisibleId: 'LYON' };
const pairAnswer = {
  patient: { id: 'P1', firstName: 'Ana', lastName: 'Roux', birthDate: '1980-01-02' },
  appointment: { id: 'A1', patientId: 'P1', startDate: '2030-01-02T09:00:00+01:00', status: 'checkedIn' },
  otherAppointments: [],
};

const sealedRequest = (request: Received) => request.headers['x-kiosk-encryption'] === 'v1';

/** A publisher encrypting beyond the ten: any clear call is refused with `refusalCode`, a sealed one is served sealed. */
async function encryptingEverywhere(refusalCode = 'ENCRYPTION_REQUIRED') {
  return startHandlerServer((request) => {
    if (!sealedRequest(request)) return { status: 400, body: errorBody(refusalCode) };
    const key = unwrapSessionKey(request.headers['x-kiosk-encryption-key'] as string, [keys.privatePem]);
    return { status: 200, headers: { 'X-Kiosk-Encryption': 'v1' }, body: JSON.stringify(sealJson(key, pairAnswer)) };
  });
}

describe('encryption follows the publisher', () => {
  it.each(['ENCRYPTION_REQUIRED', 'E2E_ENCRYPTION_MANDATORY'])(
    'a clear call refused with %s is repeated exactly once, sealed, and the operation stays sealed',
    async (refusalCode) => {
      const server = await encryptingEverywhere(refusalCode);
      const { client } = makeClient({ ...baseProfile(server.contractBaseUrl), publisherPublicKeyPem: keys.publicPem }, 'key');

      await expect(client.getAppointmentByTicket(byTicket)).resolves.toMatchObject({ appointment: { id: 'A1' } });
      expect(server.received.map(sealedRequest)).toEqual([false, true]);
      expect(server.received[1]!.body).not.toContain('S001');

      // Remembered: the next call of that operation goes sealed at once.
      await client.getAppointmentByTicket(byTicket);
      expect(server.received.map(sealedRequest)).toEqual([false, true, true]);
      await server.close();
    },
  );

  it('without a key the refusal is reported, nothing is repeated, and the message asks for the key', async () => {
    const server = await encryptingEverywhere();
    const { client } = makeClient(baseProfile(server.contractBaseUrl), 'key');
    const error = await failure(client.getAppointmentByTicket(byTicket));
    expect(error).toMatchObject({ code: 'ENCRYPTION_REQUIRED', status: 400 });
    expect(error.message).toMatch(/add the publisher's public key/i);
    expect(server.received).toHaveLength(1);
    await server.close();
  });

  it('a sealed repeat answered DECRYPTION_FAILED is not repeated again and says the key does not match', async () => {
    const server = await startHandlerServer((request) =>
      sealedRequest(request) ? { status: 400, body: errorBody('DECRYPTION_FAILED') } : { status: 400, body: errorBody('ENCRYPTION_REQUIRED') },
    );
    const { client } = makeClient({ ...baseProfile(server.contractBaseUrl), publisherPublicKeyPem: strangerKeys.publicPem }, 'key');
    const error = await failure(client.getAppointmentByTicket(byTicket));
    expect(error).toMatchObject({ code: 'DECRYPTION_FAILED', status: 400 });
    expect(error.message).toMatch(/does not match/);
    expect(error.message).not.toMatch(/add the publisher's public key/i);
    expect(server.received.map(sealedRequest)).toEqual([false, true]);
    await server.close();
  });

  it('a refusal that does not speak of encryption is not repeated', async () => {
    const server = await startHandlerServer(() => ({ status: 400, body: errorBody('VALIDATION_ERROR', { field: 'ticketNumber' }) }));
    const { client } = makeClient({ ...baseProfile(server.contractBaseUrl), publisherPublicKeyPem: keys.publicPem }, 'key');
    expect((await failure(client.getAppointmentByTicket(byTicket))).code).toBe('PUBLISHER_VALIDATION');
    expect(server.received).toHaveLength(1);
    await server.close();
  });
});

describe('encryption messages say what is true', () => {
  const refusal = (code: string, facts: { sealed: boolean; keyConfigured: boolean }) =>
    mapClientError({ status: 400, rawBody: errorBody(code), ...facts });

  it('asks for the key only when none is configured', () => {
    expect(refusal('ENCRYPTION_REQUIRED', { sealed: false, keyConfigured: false }).message).toMatch(/add the publisher's public key/i);
    const withKey = refusal('ENCRYPTION_REQUIRED', { sealed: false, keyConfigured: true });
    expect(withKey.code).toBe('ENCRYPTION_REQUIRED');
    expect(withKey.message).not.toMatch(/add the publisher's public key/i);
  });

  it('DECRYPTION_FAILED to a sealed request says the key does not match; to a clear one, it does not blame the key', () => {
    const sealed = refusal('DECRYPTION_FAILED', { sealed: true, keyConfigured: true });
    expect(sealed).toMatchObject({ code: 'DECRYPTION_FAILED', contractCode: 'DECRYPTION_FAILED' });
    expect(sealed.message).toMatch(/public key in the connection profile does not match/);
    const clear = refusal('DECRYPTION_FAILED', { sealed: false, keyConfigured: false });
    expect(clear.code).toBe('DECRYPTION_FAILED');
    expect(clear.message).not.toMatch(/does not match/);
  });
});

describe('encryption follows the training publisher (clearCalls refuseAll)', () => {
  let sandbox: RunningSandbox | null = null;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  it('by-ticket, refused in clear, is served sealed after one repeat', async () => {
    sandbox = await startSandbox({ publisher: { encryption: { privateKeysPem: [keys.privatePem], clearCalls: 'refuseAll', refusalCode: 'ENCRYPTION_REQUIRED' } } });
    const { client, reach } = makeClient({ ...sandbox.profile, publisherPublicKeyPem: keys.publicPem }, sandbox.accountKey);
    const error = await failure(client.getAppointmentByTicket({ ticketNumber: 'NONE-999', birthDate: '1900-01-01', officePlaceVisibleId: 'NOWHERE' }));
    // The sealed repeat reached the rule (an unknown ticket), not the encryption refusal again.
    expect(error).toMatchObject({ code: 'UNKNOWN_APPOINTMENT', status: 404 });
    expect(reach).toEqual([true, true]);
    await failure(client.getAppointmentByTicket({ ticketNumber: 'NONE-999', birthDate: '1900-01-01', officePlaceVisibleId: 'NOWHERE' }));
    expect(reach).toEqual([true, true, true]);
  });
});
