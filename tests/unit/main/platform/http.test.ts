import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkinNotifySettingsResponseSchema, TICKET_SERVICE_PATHS } from '../../../../src-shared/platform/tickets';
import { bestEffort, PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { startHungServer } from '../../../helpers/hung-server';
import { startScriptedServer, type ScriptedReply } from '../../../helpers/scripted-server';
import { failureOf } from '../../../helpers/failure-of';

const noWait = { random: () => 0, sleep: async () => undefined, now: () => 0 };

describe('ticket services transport against the sandbox platform', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const http = (accountKey = sandbox.accountKey) =>
    new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey, retryDeps: noWait });

  it('sends the raw key and the licence, and answers the validated body', async () => {
    const answer = await http().post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, {}, checkinNotifySettingsResponseSchema);
    expect(Array.isArray(answer.settings)).toBe(true);
  });

  it('a wrong account key is PLATFORM_KEY_REFUSED, not retried', async () => {
    const error = await failureOf(http('not-the-key').post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, {}, checkinNotifySettingsResponseSchema));
    expect(error.code).toBe('PLATFORM_KEY_REFUSED');
    expect(error.message).not.toContain('not-the-key');
  });

  it('two 503 then success: the call succeeds after exactly three attempts', async () => {
    const reach: boolean[] = [];
    const client = new PlatformHttp({
      platformUrl: sandbox.platformUrl,
      licenceUuid: sandbox.licenceUuid,
      accountKey: sandbox.accountKey,
      retryDeps: noWait,
      onReachability: (reachable) => reach.push(reachable),
    });
    sandbox.faults.platform.failNext = 2;
    await client.post(TICKET_SERVICE_PATHS.getCheckinNotifySettings, {}, checkinNotifySettingsResponseSchema);
    expect(reach).toEqual([false, false, true]);
  });
});

describe('ticket services transport against scripted answers', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  async function scripted(script: ScriptedReply[], timeoutMs?: number) {
    const server = await startScriptedServer(script);
    servers.push(server);
    const client = new PlatformHttp({ platformUrl: server.url, licenceUuid: 'L-1', accountKey: 'K-1', retryDeps: noWait, timeoutMs });
    return { server, client };
  }
  const schema = z.looseObject({ updated: z.number().int() });

  it.each([400, 404, 409])('a %i is never retried and becomes PLATFORM_ERROR', async (status) => {
    const { server, client } = await scripted([{ status, body: '{"message":"no"}' }]);
    const error = await failureOf(client.post('/api/kioskTicket/x', {}, schema));
    expect(error.code).toBe('PLATFORM_ERROR');
    expect(server.received).toHaveLength(1);
  });

  it('dropped connections are retried up to the policy bound, then PLATFORM_UNREACHABLE', async () => {
    const { server, client } = await scripted([{ status: 200, drop: true }]);
    const error = await failureOf(client.post('/api/kioskTicket/x', {}, schema));
    expect(error.code).toBe('PLATFORM_UNREACHABLE');
    expect(server.received).toHaveLength(4);
  });

  it('puts the raw key in Authorization and the licence in the body', async () => {
    const { server, client } = await scripted([{ status: 200, body: '{"updated":1}' }]);
    await client.post('/api/kioskTicket/x', { contractAppointmentId: 'A' }, schema);
    expect(server.received[0]!.headers.authorization).toBe('K-1');
    expect(JSON.parse(server.received[0]!.body)).toEqual({ licenceUuid: 'L-1', contractAppointmentId: 'A' });
  });

  it.each([
    ['garbage JSON', 'not json at all'],
    ['a wrong type', '{"updated":"one"}'],
  ])('%s is a CONTRACT_VIOLATION', async (_label, body) => {
    const { client } = await scripted([{ status: 200, body }]);
    expect((await failureOf(client.post('/api/kioskTicket/x', {}, schema))).code).toBe('CONTRACT_VIOLATION');
  });

  it('a hung platform is cut at the timeout', async () => {
    const hung = await startHungServer();
    servers.push(hung);
    const client = new PlatformHttp({
      platformUrl: hung.url,
      licenceUuid: 'L-1',
      accountKey: 'K-1',
      retryDeps: noWait,
      timeoutMs: 150,
      retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 },
    });
    expect((await failureOf(client.post('/api/kioskTicket/x', {}, schema))).code).toBe('PLATFORM_UNREACHABLE');
  });

  it('bestEffort swallows the failure and answers the fallback', async () => {
    const { client } = await scripted([{ status: 500 }]);
    await expect(bestEffort('x', () => client.post('/api/kioskTicket/x', {}, schema), null)).resolves.toBeNull();
  });
});
