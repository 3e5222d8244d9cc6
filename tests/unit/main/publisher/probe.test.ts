import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configProbeResultSchema, probeConfigRoutes } from '../../../../src-main/publisher/probe';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { baseProfile, BASE, errorBody, makeClient, startHandlerServer } from './support';

describe('config probe', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it.each(['direct', 'relay'] as const)('a healthy publisher: five green routes with counts (%s)', async (mode) => {
    const { client } = makeClient({ ...sandbox.profile, contractMode: mode }, sandbox.accountKey);
    const result = configProbeResultSchema.parse(await probeConfigRoutes(client));
    expect(result.ok).toBe(true);
    expect(result.routes.map((route) => route.path)).toEqual([
      '/config/office-places',
      '/config/exam-types',
      '/config/exams',
      '/config/practitioners',
      '/config/rooms',
    ]);
    for (const route of result.routes) {
      expect(route).toMatchObject({ ok: true, status: 200, code: null });
      expect(route.count).toBeGreaterThan(0);
      expect(route.reason).toBe(`Answered with ${route.count} entries.`);
    }
    expect(result.routes[0]!.count).toBe(sandbox.world.publisher.officePlaces.length);
  });

  it('a refused key: every route red with the reason', async () => {
    const { client } = makeClient(sandbox.profile, 'wrong');
    const result = await probeConfigRoutes(client);
    expect(result.ok).toBe(false);
    expect(result.routes.every((route) => route.status === 401 && route.code === 'DESK_KEY_REFUSED')).toBe(true);
  });

  it('a broken publisher: per-route status and reasons, one attempt each', async () => {
    const server = await startHandlerServer((request) => {
      switch (request.url.slice(BASE.length)) {
        case '/config/office-places':
          return { status: 200, body: JSON.stringify({ officePlaces: [{ id: '1', name: 'Lyon' }, { id: '2', name: 'Bron' }], extra: true }) };
        case '/config/exam-types':
          return { status: 500, body: errorBody('INTERNAL_ERROR') };
        case '/config/exams':
          return { status: 200, body: JSON.stringify({ exams: [{ id: 1, name: 'IRM' }] }) };
        case '/config/practitioners':
          return { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Not Found</body></html>' };
        default:
          return { status: 200, body: JSON.stringify({ rooms: [] }) };
      }
    });
    const { client } = makeClient(baseProfile(server.contractBaseUrl), 'key');
    const result = configProbeResultSchema.parse(await probeConfigRoutes(client));
    expect(result.ok).toBe(false);
    const byRoute = Object.fromEntries(result.routes.map((route) => [route.route, route]));
    expect(byRoute.officePlaces).toMatchObject({ ok: true, status: 200, count: 2, reason: 'Answered with 2 entries.' });
    expect(byRoute.examTypes).toMatchObject({ ok: false, status: 500, code: 'PUBLISHER_ERROR', count: null });
    expect(byRoute.examTypes!.reason).toContain('HTTP 500');
    expect(byRoute.exams).toMatchObject({ ok: false, status: 200, code: 'CONTRACT_VIOLATION' });
    expect(byRoute.exams!.reason).toContain('exams.0.id, exams.0.examTypeId');
    expect(byRoute.practitioners).toMatchObject({ ok: false, status: 404, code: 'PUBLISHER_ERROR' });
    expect(byRoute.practitioners!.reason).toContain('does not offer this route');
    expect(byRoute.rooms).toMatchObject({ ok: true, count: 0, reason: 'Answered with 0 entries.' });
    for (const route of result.routes) expect(route.durationMs).toBeGreaterThanOrEqual(0);
    expect(server.received).toHaveLength(5);
    await server.close();
  });

  it('an unreachable publisher: status null, PUBLISHER_UNREACHABLE, no retries', async () => {
    const server = await startHandlerServer(() => 'hang');
    const { client } = makeClient(baseProfile(server.contractBaseUrl), 'key');
    const result = await probeConfigRoutes(client, { timeoutMs: 150 });
    expect(result.routes.every((route) => route.status === null && route.code === 'PUBLISHER_UNREACHABLE')).toBe(true);
    expect(result.routes[0]!.reason).toContain('did not answer within 150 ms');
    expect(server.received).toHaveLength(5);
    await server.close();
  });
});
