import { afterEach, describe, expect, it } from 'vitest';
import { isClosedRejected } from '../../../../src-main/publisher/errors';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { failure, makeClient, rsaPair } from './support';

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

/** Real publishers differ from the contract; each case runs against the sandbox configured that way. */
describe('field reality', () => {
  it('(a) a publisher refusing `closed`: recognisable, not retried, nothing changed', async () => {
    sandbox = await startSandbox({ publisher: { quirks: { rejectClosed: true } } });
    const { client, reach } = makeClient(sandbox.profile, sandbox.accountKey);
    const target = sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'done')!;
    const history = [...target.statusHistory];

    const error = await failure(client.setAppointmentStatus(target.id, 'closed'));
    expect(error).toMatchObject({ code: 'PUBLISHER_VALIDATION', status: 400, contractCode: 'VALIDATION_ERROR', field: 'status' });
    expect(isClosedRejected(error, 'closed')).toBe(true);
    expect(reach).toEqual([true]);
    expect(target.status).toBe('done');
    expect(target.statusHistory).toEqual(history);

    // The other forward moves still work, and a cancelled appointment is not mistaken for it.
    const inCare = sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'inCare')!;
    await expect(client.setAppointmentStatus(inCare.id, 'done')).resolves.toEqual({ status: 'done' });
    const cancelled = sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'cancelled')!;
    const refused = await failure(client.setAppointmentStatus(cancelled.id, 'closed'));
    expect(isClosedRejected(refused, 'closed')).toBe(false);
    expect(isClosedRejected(error, 'done')).toBe(false);
  });

  it.each(['ENCRYPTION_REQUIRED', 'E2E_ENCRYPTION_MANDATORY'])(
    '(b) a publisher refusing clear calls (%s) while the profile has no key → ENCRYPTION_REQUIRED',
    async (refusalCode) => {
      const keys = rsaPair();
      sandbox = await startSandbox({ publisher: { encryption: { privateKeysPem: [keys.privatePem], clearCalls: 'refuse', refusalCode } } });
      const { client, reach } = makeClient(sandbox.profile, sandbox.accountKey);
      const error = await failure(client.getAppointmentById(sandbox.world.publisher.appointments[0]!.id));
      expect(error).toMatchObject({ code: 'ENCRYPTION_REQUIRED', status: 400, contractCode: refusalCode });
      expect(error.message).toMatch(/add the publisher's public key/i);
      expect(reach).toEqual([true]);
      // Routes outside the ten stay usable, so sign-in and the board keep working.
      await expect(client.getConfig('officePlaces')).resolves.toBeDefined();
      // Once the key is in the profile, the same call goes through.
      const fixed = makeClient({ ...sandbox.profile, publisherPublicKeyPem: keys.publicPem }, sandbox.accountKey).client;
      await expect(fixed.getAppointmentById(sandbox.world.publisher.appointments[0]!.id)).resolves.toBeDefined();
    },
  );

  it('(c) an HTML 404 for a route the publisher does not offer → PUBLISHER_ERROR, not retried', async () => {
    sandbox = await startSandbox({ publisher: { quirks: { htmlNotFound: true } } });
    // A publisher serving another contract version: every route of v1 is unknown to it.
    const profile = { ...sandbox.profile, contractBaseUrl: `${sandbox.publisherUrl}/api/kioskIntegrationService/v0` };
    const { client, reach } = makeClient(profile, sandbox.accountKey);
    const error = await failure(client.getAppointmentByTicket({ ticketNumber: 'S001', birthDate: '1980-01-01', officePlaceVisibleId: 'LYON-IRM' }));
    expect(error).toMatchObject({ code: 'PUBLISHER_ERROR', status: 404, contractCode: null });
    expect(error.message).toBe("The medical system does not offer this route (HTTP 404, not the contract's JSON).");
    expect(reach).toEqual([true]);
  });

  it('(d) a publisher that trusted another key first → DESK_KEY_REFUSED explaining the bound key', async () => {
    sandbox = await startSandbox({ publisher: { quirks: { trustAnyKeyOnFirstUse: true } } });
    const rogue = makeClient(sandbox.profile, 'some-other-kiosk-key').client;
    await expect(rogue.getConfig('rooms')).resolves.toBeDefined();

    const { client, reach } = makeClient(sandbox.profile, sandbox.accountKey);
    const error = await failure(client.getAppointmentById(sandbox.world.publisher.appointments[0]!.id));
    expect(error).toMatchObject({ code: 'DESK_KEY_REFUSED', status: 401, contractCode: 'INVALID_AUTH_KEY' });
    expect(error.message).toMatch(/bound another key on first use/);
    expect(error.message).not.toContain(sandbox.accountKey);
    expect(reach).toEqual([true]);
  });
});
