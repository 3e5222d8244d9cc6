import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../../../src-shared/errors';
import type { ConnectionProfile } from '../../../../src-shared/profile';
import { PublisherClient } from '../../../../src-main/publisher/client';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { startScriptedServer, type ScriptedReply } from '../../../helpers/scripted-server';

const fastRetry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, totalBudgetMs: 5_000 };
const signInAnswer = JSON.stringify({ offices: [], userEmail: 'a@b.example', userDisplayName: 'Élodie Mercier' });
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function clientFor(profile: Partial<ConnectionProfile>, accountKey = sandbox.accountKey, onReachability?: (r: boolean) => void) {
  return new PublisherClient({ profile: { ...sandbox.profile, ...profile }, accountKey, retry: fastRetry, timeoutMs: 2_000, onReachability });
}

async function scripted(replies: ScriptedReply[]) {
  const server = await startScriptedServer(replies);
  return { server, client: clientFor({ contractBaseUrl: `${server.url}/api/kioskIntegrationService/v1` }) };
}

async function failure(promise: Promise<unknown>): Promise<DeskError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DeskError);
  return error as DeskError;
}

describe('publisher client: staff sign-in against the training sandbox', () => {
  it('signs in with valid credentials and reports the publisher reachable', async () => {
    const reach = vi.fn();
    const answer = await clientFor({}, sandbox.accountKey, reach).staffSignIn({ login: 'accueil', password: 'formation' });
    expect(answer.userDisplayName).toBe('Élodie Mercier');
    expect(answer.offices.map((office) => office.officeVisibleId)).toEqual(['CIM-LYON']);
    expect(reach).toHaveBeenCalledWith(true);
  });

  it('maps 401 INVALID_CREDENTIALS to its own code', async () => {
    const error = await failure(clientFor({}).staffSignIn({ login: 'accueil', password: 'wrong' }));
    expect(error.code).toBe('INVALID_CREDENTIALS');
  });

  it("maps a refused account key to DESK_KEY_REFUSED", async () => {
    const error = await failure(clientFor({}, 'not-the-key').staffSignIn({ login: 'accueil', password: 'formation' }));
    expect(error.code).toBe('DESK_KEY_REFUSED');
  });
});

describe('publisher client: wire behaviour', () => {
  it('sends the key and office id, and no device id on a key-only route', async () => {
    const { server, client } = await scripted([{ status: 200, body: signInAnswer }]);
    await client.staffSignIn({ login: 'a', password: 'b' });
    const [sent] = server.received;
    expect(sent!.url).toBe('/api/kioskIntegrationService/v1/staff/sign-in');
    expect(sent!.headers['x-kiosk-auth-key']).toBe(sandbox.accountKey);
    expect(sent!.headers['x-kiosk-office-id']).toBe(sandbox.profile.officeIdHeader);
    expect(sent!.headers['x-kiosk-device-id']).toBeUndefined();
    await server.close();
  });

  it('goes through the platform relay in relay mode', async () => {
    const server = await startScriptedServer([{ status: 200, body: signInAnswer }]);
    await clientFor({ contractMode: 'relay', platformUrl: server.url }).staffSignIn({ login: 'a', password: 'b' });
    expect(server.received[0]!.url).toBe('/api/contractRelay/api/kioskIntegrationService/v1/staff/sign-in');
    await server.close();
  });

  it('retries 503 then succeeds, counting attempts exactly', async () => {
    const { server, client } = await scripted([{ status: 503 }, { status: 503 }, { status: 200, body: signInAnswer }]);
    await expect(client.staffSignIn({ login: 'a', password: 'b' })).resolves.toMatchObject({ userDisplayName: 'Élodie Mercier' });
    expect(server.received).toHaveLength(3);
    await server.close();
  });

  it('retries a dropped connection and gives up after the bound with PUBLISHER_UNREACHABLE', async () => {
    const { server, client } = await scripted([{ status: 0, drop: true }]);
    const error = await failure(client.staffSignIn({ login: 'a', password: 'b' }));
    expect(error.code).toBe('PUBLISHER_UNREACHABLE');
    expect(server.received).toHaveLength(3);
    await server.close();
  });

  it.each([400, 401, 404, 409])('never retries a %i', async (status) => {
    const { server, client } = await scripted([{ status, body: JSON.stringify({ error: { code: 'X', message: 'm', details: null } }) }]);
    await failure(client.staffSignIn({ login: 'a', password: 'b' }));
    expect(server.received).toHaveLength(1);
    await server.close();
  });

  it('rejects garbage JSON, an HTML page and wrong types with CONTRACT_VIOLATION', async () => {
    for (const body of ['{"offices": [', '<html><body>Not Found</body></html>', JSON.stringify({ offices: 'none', userEmail: 1, userDisplayName: null })]) {
      const { server, client } = await scripted([{ status: 200, body }]);
      const error = await failure(client.staffSignIn({ login: 'a', password: 'b' }));
      expect(error.code).toBe('CONTRACT_VIOLATION');
      await server.close();
    }
  });

  it('tolerates unknown fields in an answer', async () => {
    const { server, client } = await scripted([{ status: 200, body: JSON.stringify({ ...JSON.parse(signInAnswer), futureField: { a: 1 } }) }]);
    await expect(client.staffSignIn({ login: 'a', password: 'b' })).resolves.toMatchObject({ userDisplayName: 'Élodie Mercier' });
    await server.close();
  });

  it('does not follow a redirect on 401 and never shows the publisher message', async () => {
    const { server, client } = await scripted([
      { status: 302, headers: { Location: '/login' } },
    ]);
    const error = await failure(client.staffSignIn({ login: 'a', password: 'b' }));
    expect(error.code).toBe('PUBLISHER_ERROR');
    expect(server.received).toHaveLength(1);
    await server.close();
    const leaky = await scripted([{ status: 404, body: JSON.stringify({ error: { code: 'UNKNOWN_PATIENT', message: 'Patient DUPONT Jean not found', details: null } }) }]);
    const leak = await failure(leaky.client.staffSignIn({ login: 'a', password: 'b' }));
    expect(leak.message).not.toContain('DUPONT');
    await leaky.server.close();
  });
});
