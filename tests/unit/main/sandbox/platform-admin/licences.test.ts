import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardSummarySchema,
  licenceListSchema,
  licenceSchema,
  switchLicenceResponseSchema,
  userSchema,
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

describe('GET /licences', () => {
  it('lists every licence for a superadmin', async () => {
    const licences = licenceListSchema.parse((await h.call('GET', '/licences', { token: tokens.super })).body);
    expect(licences.map((licence) => licence.id)).toEqual([1, 2]);
    expect(licences[0]).toMatchObject({ uuid: h.world.licences[0]!.uuid, activeIntegration: 'PUBLISHER', assignedFlavor: 'PUBLISHER' });
  });

  it('answers 403 to an admin and to a user, 401 without a token', async () => {
    expectError(await h.call('GET', '/licences', { token: tokens.admin }), 403);
    expectError(await h.call('GET', '/licences', { token: tokens.user }), 403);
    expectError(await h.call('GET', '/licences'), 401);
  });
});

describe('GET /licences/dashboard-summary', () => {
  it('gives each licence its flavor, persisted configuration state and counters', async () => {
    const summary = dashboardSummarySchema.parse((await h.call('GET', '/licences/dashboard-summary', { token: tokens.super })).body);
    expect(summary.day).toBe('2026-11-23');
    const [lyon, bron] = summary.licences;
    const seededTickets = h.world.tickets.filter((ticket) => ticket.day === '2026-11-23').length;
    expect(lyon).toMatchObject({
      id: 1,
      flavor: 'PUBLISHER',
      // Seeded without a URL: start.ts fills contractBaseUrl only once the publisher listens.
      configuration: { integration: 'PUBLISHER', state: 'incomplete', probe: 'unknown' },
      counters: { users: 4, admins: 1, officePlaces: 3, kiosks: 3, ticketsToday: seededTickets },
    });
    expect(seededTickets).toBeGreaterThan(0);
    expect(bron).toMatchObject({ id: 2, flavor: null, configuration: { state: 'none' }, counters: { users: 0, kiosks: 0, ticketsToday: 0 } });
  });

  it('reports a configured integration once it has a URL', async () => {
    await h.call('POST', '/licences/1/integration/publisher', { token: tokens.super, body: { contractBaseUrl: 'http://127.0.0.1:9/contract' } });
    const summary = dashboardSummarySchema.parse((await h.call('GET', '/licences/dashboard-summary', { token: tokens.super })).body);
    expect(summary.licences[0]!.configuration.state).toBe('configured');
  });

  it('answers 403 to an admin and to a user', async () => {
    expectError(await h.call('GET', '/licences/dashboard-summary', { token: tokens.admin }), 403);
    expectError(await h.call('GET', '/licences/dashboard-summary', { token: tokens.user }), 403);
  });
});

describe('POST /licences', () => {
  it('creates a licence with a UUID, a random account key and no integration (superadmin)', async () => {
    const reply = await h.call('POST', '/licences', { token: tokens.super, body: { name: '  Clinique Test  ' } });
    expect(reply.status).toBe(201);
    const licence = licenceSchema.parse(reply.body);
    expect(licence).toMatchObject({ id: 3, name: 'Clinique Test', activeIntegration: 'NONE', assignedFlavor: null, officePlaceIds: [] });
    expect(licence.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(licence.accountKey.length).toBeGreaterThanOrEqual(32);
    expect(h.world.licences.find((candidate) => candidate.id === 3)?.accountKey).toBe(licence.accountKey);
    const other = licenceSchema.parse((await h.call('POST', '/licences', { token: tokens.super, body: { name: 'Autre' } })).body);
    expect(other.accountKey).not.toBe(licence.accountKey);
    expect(other.uuid).not.toBe(licence.uuid);
  });

  it('is superadmin only (403 for an admin and a user)', async () => {
    expectError(await h.call('POST', '/licences', { token: tokens.admin, body: { name: 'X' } }), 403);
    expectError(await h.call('POST', '/licences', { token: tokens.user, body: { name: 'X' } }), 403);
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a missing name', {}, 'name'],
    ['a name that is not a string', { name: 42 }, 'name'],
    ['a name over 256 characters', { name: 'x'.repeat(257) }, 'name'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const message = expectError(await h.call('POST', '/licences', { token: tokens.super, body }), 400);
    expect(message).toContain(field);
  });
});

describe('GET /licences/{id}', () => {
  it('gives any licence to a superadmin and their own to an admin', async () => {
    expect(licenceSchema.parse((await h.call('GET', '/licences/2', { token: tokens.super })).body).id).toBe(2);
    expect(licenceSchema.parse((await h.call('GET', '/licences/1', { token: tokens.admin })).body).id).toBe(1);
  });

  it('answers 403 to an admin for another licence and to a user for any', async () => {
    expectError(await h.call('GET', '/licences/2', { token: tokens.admin }), 403);
    expectError(await h.call('GET', '/licences/1', { token: tokens.user }), 403);
  });

  it('answers 404 for an unknown licence and 400 for an id that is not a positive integer', async () => {
    expectError(await h.call('GET', '/licences/999', { token: tokens.super }), 404);
    for (const id of ['abc', '0', '-1', '1.5', '1e3']) {
      expect(expectError(await h.call('GET', `/licences/${id}`, { token: tokens.super }), 400)).toContain('id');
    }
  });
});

describe('PUT /licences/{id}', () => {
  it('lets an admin rename their licence and change its active integration', async () => {
    const reply = await h.call('PUT', '/licences/1', { token: tokens.admin, body: { name: 'Lyon renommé', activeIntegration: 'TEST_SERVEUR' } });
    expect(licenceSchema.parse(reply.body)).toMatchObject({ name: 'Lyon renommé', activeIntegration: 'TEST_SERVEUR' });
    expect(h.world.licences[0]!.name).toBe('Lyon renommé');
    await h.call('PUT', '/licences/1', { token: tokens.admin, body: { activeIntegration: 'PUBLISHER' } });
  });

  it('answers 400 naming the field for an unknown integration or flavor, or an empty name', async () => {
    expect(expectError(await h.call('PUT', '/licences/1', { token: tokens.super, body: { activeIntegration: 'SOAP' } }), 400)).toContain('activeIntegration');
    expect(expectError(await h.call('PUT', '/licences/1', { token: tokens.super, body: { assignedFlavor: 'OTHER' } }), 400)).toContain('assignedFlavor');
    expect(expectError(await h.call('PUT', '/licences/1', { token: tokens.super, body: { name: '' } }), 400)).toContain('name');
  });

  it('lets only a superadmin set assignedFlavor (403 for an admin, even to the same value)', async () => {
    expectError(await h.call('PUT', '/licences/1', { token: tokens.admin, body: { assignedFlavor: 'PUBLISHER' } }), 403);
    expectError(await h.call('PUT', '/licences/1', { token: tokens.admin, body: { assignedFlavor: null } }), 403);
    const reply = await h.call('PUT', '/licences/2', { token: tokens.super, body: { assignedFlavor: 'LIBRE' } });
    expect(licenceSchema.parse(reply.body).assignedFlavor).toBe('LIBRE');
    const cleared = await h.call('PUT', '/licences/2', { token: tokens.super, body: { assignedFlavor: null } });
    expect(licenceSchema.parse(cleared.body).assignedFlavor).toBeNull();
  });

  it('imposes the assigned flavor on admins: they cannot activate the other flavor', async () => {
    expectError(await h.call('PUT', '/licences/1', { token: tokens.admin, body: { activeIntegration: 'LIBRE' } }), 403);
    expect((await h.call('PUT', '/licences/1', { token: tokens.super, body: { activeIntegration: 'LIBRE' } })).status).toBe(200);
    await h.call('PUT', '/licences/1', { token: tokens.super, body: { activeIntegration: 'PUBLISHER' } });
  });

  it('moves an active PUBLISHER/LIBRE integration to a newly assigned flavor', async () => {
    const reply = await h.call('PUT', '/licences/1', { token: tokens.super, body: { assignedFlavor: 'LIBRE' } });
    expect(licenceSchema.parse(reply.body)).toMatchObject({ assignedFlavor: 'LIBRE', activeIntegration: 'LIBRE' });
    await h.call('PUT', '/licences/1', { token: tokens.super, body: { assignedFlavor: 'PUBLISHER' } });
  });

  it('answers 403 to an admin for another licence, to a user, and 404 for an unknown licence', async () => {
    expectError(await h.call('PUT', '/licences/2', { token: tokens.admin, body: { name: 'X' } }), 403);
    expectError(await h.call('PUT', '/licences/1', { token: tokens.user, body: { name: 'X' } }), 403);
    expectError(await h.call('PUT', '/licences/999', { token: tokens.super, body: { name: 'X' } }), 404);
  });
});

describe('DELETE /licences/{id}', () => {
  it('is superadmin only', async () => {
    expectError(await h.call('DELETE', '/licences/1', { token: tokens.admin }), 403);
    expectError(await h.call('DELETE', '/licences/1', { token: tokens.user }), 403);
  });

  it('removes the licence, its integrations and the accounts\' references to it; then 404', async () => {
    const created = licenceSchema.parse((await h.call('POST', '/licences', { token: tokens.super, body: { name: 'Éphémère' } })).body);
    await h.call('POST', `/licences/${created.id}/integration/publisher`, { token: tokens.super, body: { officeId: 'o' } });
    await h.call('PUT', '/users/2', { token: tokens.super, body: { grantedLicenceIds: [2, created.id] } });
    const reply = await h.call('DELETE', `/licences/${created.id}`, { token: tokens.super });
    expect(reply.status).toBe(200);
    expect(h.world.licences.some((licence) => licence.id === created.id)).toBe(false);
    expect(h.world.publisherIntegrations.some((record) => record.licenceId === created.id)).toBe(false);
    expect(userSchema.parse((await h.call('GET', '/users/2', { token: tokens.super })).body).grantedLicenceIds).toEqual([2]);
    expectError(await h.call('DELETE', `/licences/${created.id}`, { token: tokens.super }), 404);
  });

  it('a token bound to a deleted licence stops working for an admin', async () => {
    const created = licenceSchema.parse((await h.call('POST', '/licences', { token: tokens.super, body: { name: 'Temporaire' } })).body);
    await h.call('PUT', '/users/2', { token: tokens.super, body: { grantedLicenceIds: [2, created.id] } });
    const switched = switchLicenceResponseSchema.parse(
      (await h.call('POST', '/auth/switchLicence', { token: await h.login(ADMIN), body: { licenceId: created.id } })).body,
    );
    await h.call('DELETE', `/licences/${created.id}`, { token: tokens.super });
    expectError(await h.call('GET', '/auth/profile', { token: switched.access_token }), 401);
  });
});

itLeaksNoSecrets(() => h);
