import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonHttp, type JsonHttpHooks, type JsonHttpOptions } from '../../../../src-main/net/json-http';
import { startHungServer } from '../../../helpers/hung-server';
import { startScriptedServer, type ScriptedReply } from '../../../helpers/scripted-server';

const noWait = { random: () => 0, sleep: async () => undefined, now: () => 0 };
const schema = z.looseObject({ n: z.number().int(), label: z.string().optional() });

/** Hooks that name what happened, so each test sees which path the core took. */
const hooks: JsonHttpHooks = {
  unreachable: (failure, call) => new Error(`unreachable ${call.operation} ${failure.timedOut ? 'timeout' : failure.code}`),
  failed: (answer) => new Error(`failed ${answer.status}`),
  refused: (answer) => new Error(`refused ${answer.status}`),
  violation: (violation) => new Error(`violation ${violation.reason} ${violation.fields ?? ''}`.trim()),
};

const servers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function scripted(script: ScriptedReply[], options: Partial<JsonHttpOptions> = {}) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const reach: boolean[] = [];
  const http = new JsonHttp({ hooks, timeoutMs: 2_000, retryDeps: noWait, onReachability: (reachable) => reach.push(reachable), ...options });
  const get = (extra: object = {}) => http.call({ operation: 'op', method: 'GET', url: `${server.url}/x`, schema, ...extra });
  return { server, reach, http, get };
}

describe('JSON HTTP core', () => {
  it('retries 5xx with the policy and reports reachability per attempt', async () => {
    const { server, reach, get } = await scripted([{ status: 503 }, { status: 500 }, { status: 200, body: '{"n":1}' }]);
    await expect(get()).resolves.toEqual({ n: 1 });
    expect(server.received).toHaveLength(3);
    expect(reach).toEqual([false, false, true]);
  });

  it('retries dropped connections up to the bound, then throws the unreachable hook error', async () => {
    const { server, reach, get } = await scripted([{ status: 0, drop: true }]);
    await expect(get()).rejects.toThrow(/^unreachable op /);
    expect(server.received).toHaveLength(4);
    expect(reach).toEqual([false, false, false, false]);
  });

  it.each([302, 400, 401, 404, 409])('never retries nor follows a %i: the refused hook names it', async (status) => {
    const { server, reach, get } = await scripted([{ status, headers: { Location: '/elsewhere' }, body: '{}' }]);
    await expect(get()).rejects.toThrow(`refused ${status}`);
    expect(server.received.map((entry) => entry.url)).toEqual(['/x']);
    expect(reach).toEqual([true]);
  });

  it("an attempt's own refusal replaces the service one", async () => {
    const { get } = await scripted([{ status: 409, body: '{}' }]);
    const prepare = () => ({ headers: {}, body: undefined, refused: () => new Error('taken') });
    await expect(get({ prepare })).rejects.toThrow('taken');
  });

  it('not JSON and a wrong shape are violations naming paths, never values, and are not retried', async () => {
    const garbage = await scripted([{ status: 200, body: '<html>Dupont</html>' }]);
    await expect(garbage.get()).rejects.toThrow('violation notJson');
    const wrong = await scripted([{ status: 200, body: '{"n":"Dupont"}' }]);
    const error = await wrong.get().catch((caught: unknown) => caught as Error);
    expect(error.message).toBe('violation wrongShape n');
    expect(wrong.server.received).toHaveLength(1);
  });

  it('reads tolerantly through the service hook before the schema; identity without it', async () => {
    const nullLabel = [{ status: 200, body: '{"n":2,"label":null}' }];
    await expect((await scripted(nullLabel)).get()).rejects.toThrow('violation wrongShape label');
    const dropNulls = (json: unknown) => Object.fromEntries(Object.entries(json as object).filter(([, value]) => value !== null));
    const tolerant = await scripted(nullLabel, { hooks: { ...hooks, tolerate: dropNulls } });
    await expect(tolerant.get()).resolves.toEqual({ n: 2 });
  });

  it('builds the request afresh on every attempt and opens the answer with that attempt', async () => {
    const { server, http } = await scripted([{ status: 503 }, { status: 200, body: 'sealed' }]);
    let attempt = 0;
    const answer = await http.call({
      operation: 'op',
      method: 'POST',
      url: `${server.url}/x`,
      schema,
      prepare: () => {
        const mine = (attempt += 1);
        return { headers: { 'X-Attempt': String(mine) }, body: `{"attempt":${mine}}`, open: () => `{"n":${mine}}` };
      },
    });
    expect(answer).toEqual({ n: 2 });
    expect(server.received.map((entry) => [entry.headers['x-attempt'], entry.body])).toEqual([
      ['1', '{"attempt":1}'],
      ['2', '{"attempt":2}'],
    ]);
  });

  it('sends a JSON body as text and no body when there is none', async () => {
    const { server, http } = await scripted([{ status: 200, body: '{"n":3}' }]);
    await http.call({ operation: 'op', method: 'PUT', url: `${server.url}/x`, schema, body: { a: [1] }, headers: { 'Content-Type': 'application/json' } });
    await http.call({ operation: 'op', method: 'GET', url: `${server.url}/x`, schema });
    expect(server.received.map((entry) => entry.body)).toEqual(['{"a":[1]}', '']);
  });

  it('cuts a hung server at the per-call timeout, as a timed-out attempt', async () => {
    const hung = await startHungServer();
    servers.push(hung);
    const http = new JsonHttp({ hooks, timeoutMs: 10_000, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 } });
    const started = Date.now();
    await expect(http.call({ operation: 'slow', method: 'GET', url: hung.url, schema, timeoutMs: 150 })).rejects.toThrow('unreachable slow timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not retry what a request builder throws', async () => {
    const { server, http } = await scripted([{ status: 200, body: '{"n":1}' }]);
    let calls = 0;
    const prepare = () => {
      calls += 1;
      throw new Error('not signed in');
    };
    await expect(http.call({ operation: 'op', method: 'GET', url: `${server.url}/x`, schema, prepare })).rejects.toThrow('not signed in');
    expect(calls).toBe(1);
    expect(server.received).toHaveLength(0);
  });
});
