import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractError, FULL, merge, MINIMAL, startPublisher, type Harness, type Mode } from './harness';
import { routeCatalogue, type RouteCase } from './routes';

/**
 * Bad input on every route: the contract error body every time, never a 500,
 * never a crash; the server answers normally afterwards.
 */
describe.each([FULL, MINIMAL])('bad input on every route ($name forms)', (mode: Mode) => {
  let h: Harness;
  let routes: RouteCase[];
  beforeAll(async () => {
    h = await startPublisher(merge(mode));
    routes = routeCatalogue(h.world);
  });
  afterAll(async () => {
    await h.close();
  });

  const send = (route: RouteCase, options: Parameters<Harness['call']>[2] = {}, id?: string) =>
    h.call(route.method, route.path(id), { ...(route.keyOnly ? { device: null } : {}), ...options });
  const bodyRoutes = () => routes.filter((route) => route.body);

  it('a valid request to every route is not refused as invalid', async () => {
    for (const route of routes) {
      const reply = await send(route, route.body ? { body: route.body() } : {});
      expect(reply.status, route.name).not.toBe(400);
      expect(reply.status, route.name).toBeLessThan(500);
    }
  });

  it('wrong body types are 400 VALIDATION_ERROR on every body-taking route (none is optional there)', async () => {
    for (const route of bodyRoutes().filter((candidate) => candidate.name !== 'deferred notification')) {
      for (const body of [42, 'text', null, [1, 2], true]) {
        expectContractError(await send(route, { body }), 400, 'VALIDATION_ERROR');
      }
      const valid = route.body!();
      const firstField = Object.keys(valid)[0]!;
      const reply = await send(route, { body: { ...valid, [firstField]: 12345 } });
      expectContractError(reply, 400, 'VALIDATION_ERROR');
      expect((reply.json as { error: { details: { field: string } } }).error.details.field, route.name).toMatch(new RegExp(`^${firstField}`));
    }
  });

  it('ids longer than 128 characters are 400 VALIDATION_ERROR on every route with an id', async () => {
    for (const route of routes.filter((candidate) => candidate.hasId)) {
      const id = route.name === 'by-code' ? 'c'.repeat(513) : 'i'.repeat(129);
      expectContractError(await send(route, route.body ? { body: route.body() } : {}, id), 400, 'VALIDATION_ERROR');
    }
  });

  it('unknown fields in context (and at top level) are accepted', async () => {
    for (const route of bodyRoutes()) {
      const plain = await send(route, { body: route.body!() });
      const extended = await send(route, {
        body: { ...route.body!(), futureField: { nested: [1] }, context: { somethingNew: true, locationId: '1', config: { checkIn: { x: 1 } } } },
      });
      expect(extended.status, route.name).toBe(plain.status);
    }
  });

  it('malformed JSON is 400 VALIDATION_ERROR on every body-taking route', async () => {
    for (const route of bodyRoutes()) {
      for (const raw of ['{', '{"a":1,}', 'nul', '{"a":"\\x"}']) {
        expectContractError(await send(route, { raw }), 400, 'VALIDATION_ERROR');
      }
    }
  });

  it('a 20 MB body is 413 UPLOAD_TOO_LARGE on every body-taking route', async () => {
    const huge = JSON.stringify({ padding: 'x'.repeat(20 * 1024 * 1024) });
    for (const route of bodyRoutes()) expectContractError(await send(route, { raw: huge }), 413, 'UPLOAD_TOO_LARGE');
  });

  it('odd headers and URLs are contract errors, not crashes', async () => {
    const identify = routes.find((route) => route.name === 'identify')!;
    expectContractError(await send(identify, { raw: '{}', headers: { 'Content-Type': 'text/plain' } }), 400, 'VALIDATION_ERROR');
    expectContractError(await send(identify, { raw: '{}', headers: { 'Content-Type': 'application/json; charset=' } }), 400, 'VALIDATION_ERROR');
    expectContractError(await send(identify, { raw: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]) }), 400, 'VALIDATION_ERROR');
    expectContractError(await h.call('GET', '/appointments/%E0%A4%A'), 400, 'VALIDATION_ERROR');
    const poisoned = await send(identify, { raw: '{"__proto__":{"polluted":true},"criteria":{"__proto__":{"polluted":true}}}' });
    expect([poisoned.status, poisoned.json]).toEqual([200, { patients: [] }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the server still answers normally afterwards', async () => {
    expect((await h.call('GET', '/config/rooms', { device: null })).status).toBe(200);
    expect((await h.call('GET', `/appointments/${encodeURIComponent(h.world.appointments[0]!.id)}`)).status).toBe(200);
  });
});
