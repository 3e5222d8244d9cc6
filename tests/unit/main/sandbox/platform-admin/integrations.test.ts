import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  licenceIntegrationsSchema,
  licenceSchema,
  publisherIntegrationSchema,
  testServerIntegrationSchema,
} from '../../../../../src-shared/platform/admin';
import { ADMIN, expectError, itLeaksNoSecrets, startAdmin, SUPER, USER, type AdminHarness } from './harness';

let h: AdminHarness;
let tokens: { super: string; admin: string; user: string };
beforeAll(async () => {
  h = await startAdmin();
  tokens = { super: await h.login(SUPER), admin: await h.login(ADMIN), user: await h.login(USER) };
});
afterAll(async () => {
  await h.close();
});

async function newLicence(name: string): Promise<number> {
  return licenceSchema.parse((await h.call('POST', '/licences', { token: tokens.super, body: { name } })).body).id;
}
const publisherPath = (id: number | string) => `/licences/${id}/integration/publisher`;
const testServerPath = (id: number | string) => `/licences/${id}/integration/test-serveur`;
const activeIntegration = (id: number) => h.world.licences.find((licence) => licence.id === id)?.activeIntegration;

describe('publisher integration', () => {
  it('POST creates (201) then updates (201) only the fields given, in world.publisherIntegrations', async () => {
    const id = await newLicence('Éditeur');
    const created = await h.call('POST', publisherPath(id), {
      token: tokens.super,
      body: { officeId: 'ofc-9', officeVisibleId: 'CAB-9', contractBaseUrl: 'http://127.0.0.1:9/contract/v1', configServiceBaseUrl: '' },
    });
    expect(created.status).toBe(201);
    expect(publisherIntegrationSchema.parse(created.body)).toEqual({
      licenceId: id,
      officeId: 'ofc-9',
      officeVisibleId: 'CAB-9',
      targetUrl: null,
      contractBaseUrl: 'http://127.0.0.1:9/contract/v1',
      configServiceBaseUrl: null,
    });
    const updated = await h.call('POST', publisherPath(id), { token: tokens.super, body: { targetUrl: 'https://publisher.example/kiosk' } });
    expect(updated.status).toBe(201);
    expect(publisherIntegrationSchema.parse(updated.body)).toMatchObject({ officeId: 'ofc-9', targetUrl: 'https://publisher.example/kiosk' });
    const records = h.world.publisherIntegrations.filter((record) => record.licenceId === id);
    expect(records).toEqual([
      { licenceId: id, officeId: 'ofc-9', officeVisibleId: 'CAB-9', contractBaseUrl: 'http://127.0.0.1:9/contract/v1', configServiceBaseUrl: null, targetUrl: 'https://publisher.example/kiosk' },
    ]);
  });

  it('makes the licence PUBLISHER (a LIBRE licence stays LIBRE)', async () => {
    const id = await newLicence('Devient éditeur');
    expect(activeIntegration(id)).toBe('NONE');
    await h.call('POST', publisherPath(id), { token: tokens.super, body: {} });
    expect(activeIntegration(id)).toBe('PUBLISHER');
    const libre = await newLicence('Libre');
    await h.call('PUT', `/licences/${libre}`, { token: tokens.super, body: { assignedFlavor: 'LIBRE' } });
    await h.call('POST', publisherPath(libre), { token: tokens.super, body: { officeId: 'x' } });
    expect(activeIntegration(libre)).toBe('LIBRE');
  });

  it('accepts and ignores supportedRoutes; accepts an empty body', async () => {
    const id = await newLicence('Routes');
    const reply = await h.call('POST', publisherPath(id), { token: tokens.super, body: { supportedRoutes: { checkIn: true } } });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body as object)).not.toContain('supportedRoutes');
    expect((await h.call('POST', publisherPath(id), { token: tokens.super })).status).toBe(201);
  });

  it('keeps the seeded record the relay reads in place when updated', async () => {
    const seeded = h.world.publisherIntegrations.find((record) => record.licenceId === 1)!;
    await h.call('POST', publisherPath(1), { token: tokens.admin, body: { contractBaseUrl: 'http://127.0.0.1:7/contract' } });
    expect(h.world.publisherIntegrations.find((record) => record.licenceId === 1)).toBe(seeded);
    expect(seeded).toMatchObject({ officeId: 'ofc-1', contractBaseUrl: 'http://127.0.0.1:7/contract' });
  });

  it('answers 400 naming the field for a URL that is not http(s) or a non-string office id', async () => {
    expect(expectError(await h.call('POST', publisherPath(1), { token: tokens.super, body: { contractBaseUrl: 'ftp://x.example' } }), 400)).toContain('contractBaseUrl');
    expect(expectError(await h.call('POST', publisherPath(1), { token: tokens.super, body: { targetUrl: 'not a url' } }), 400)).toContain('targetUrl');
    expect(expectError(await h.call('POST', publisherPath(1), { token: tokens.super, body: { officeId: 12 } }), 400)).toContain('officeId');
  });

  it('DELETE answers 200, then 404; the active integration goes back to NONE', async () => {
    const id = await newLicence('À supprimer');
    await h.call('POST', publisherPath(id), { token: tokens.super, body: {} });
    expect((await h.call('DELETE', publisherPath(id), { token: tokens.super })).status).toBe(200);
    expect(activeIntegration(id)).toBe('NONE');
    expect(h.world.publisherIntegrations.some((record) => record.licenceId === id)).toBe(false);
    expectError(await h.call('DELETE', publisherPath(id), { token: tokens.super }), 404);
  });
});

describe('test-server integration', () => {
  it('POST creates (201) and makes the licence TEST_SERVEUR; DELETE 200 then 404', async () => {
    const id = await newLicence('Serveur de test');
    const reply = await h.call('POST', testServerPath(id), { token: tokens.super, body: { serverUrl: 'http://127.0.0.1:5/test' } });
    expect(reply.status).toBe(201);
    expect(testServerIntegrationSchema.parse(reply.body)).toEqual({ licenceId: id, serverUrl: 'http://127.0.0.1:5/test' });
    expect(activeIntegration(id)).toBe('TEST_SERVEUR');
    expect((await h.call('POST', testServerPath(id), { token: tokens.super, body: {} })).status).toBe(201);
    expect((await h.call('DELETE', testServerPath(id), { token: tokens.super })).status).toBe(200);
    expect(activeIntegration(id)).toBe('NONE');
    expectError(await h.call('DELETE', testServerPath(id), { token: tokens.super }), 404);
  });
});

describe('one integration per licence', () => {
  it('answers 409 to a test-server integration on a licence with a publisher integration, and vice versa', async () => {
    expectError(await h.call('POST', testServerPath(1), { token: tokens.super, body: { serverUrl: 'http://127.0.0.1:5/test' } }), 409);
    expect(activeIntegration(1)).toBe('PUBLISHER');
    const id = await newLicence('Test puis éditeur');
    await h.call('POST', testServerPath(id), { token: tokens.super, body: {} });
    expectError(await h.call('POST', publisherPath(id), { token: tokens.super, body: { officeId: 'x' } }), 409);
    expect(activeIntegration(id)).toBe('TEST_SERVEUR');
    await h.call('DELETE', testServerPath(id), { token: tokens.super });
    expect((await h.call('POST', publisherPath(id), { token: tokens.super, body: {} })).status).toBe(201);
  });
});

describe('GET /licences/{id}/integrations (sandbox addition)', () => {
  it('returns both records, null when absent', async () => {
    const reply = await h.call('GET', '/licences/1/integrations', { token: tokens.admin });
    expect(licenceIntegrationsSchema.parse(reply.body)).toMatchObject({ licenceId: 1, activeIntegration: 'PUBLISHER', publisher: { officeId: 'ofc-1' }, testServer: null });
    const empty = licenceIntegrationsSchema.parse((await h.call('GET', '/licences/2/integrations', { token: tokens.super })).body);
    expect(empty).toMatchObject({ publisher: null, testServer: null, activeIntegration: 'NONE' });
  });
});

describe('integration routes: not found and refusals', () => {
  it('answers 404 for an unknown licence on every integration route', async () => {
    for (const [method, path] of [
      ['POST', publisherPath(999)],
      ['DELETE', publisherPath(999)],
      ['POST', testServerPath(999)],
      ['DELETE', testServerPath(999)],
      ['GET', '/licences/999/integrations'],
    ] as const) {
      expectError(await h.call(method, path, { token: tokens.super, ...(method === 'POST' ? { body: {} } : {}) }), 404);
    }
  });

  it('answers 400 for a licenceId that is not a number', async () => {
    expect(expectError(await h.call('POST', publisherPath('abc'), { token: tokens.super, body: {} }), 400)).toContain('licenceId');
  });

  it('refuses a user, and an admin on another licence (403); 401 without a token', async () => {
    expectError(await h.call('POST', publisherPath(1), { token: tokens.user, body: {} }), 403);
    expectError(await h.call('POST', testServerPath(2), { token: tokens.admin, body: {} }), 403);
    expectError(await h.call('DELETE', publisherPath(1), { token: tokens.user }), 403);
    expectError(await h.call('GET', '/licences/2/integrations', { token: tokens.admin }), 403);
    expectError(await h.call('POST', publisherPath(1), { body: {} }), 401);
  });
});

itLeaksNoSecrets(() => h);
