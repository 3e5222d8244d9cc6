import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import type { Channel, EventName } from '../../../../src-shared/ipc/channels';
import type { ResponseOf } from '../../../../src-shared/ipc/contract';
import type { DeskResult } from '../../../../src-shared/result';
import { TestKeystore } from '../../../helpers/test-keystore';

let desk: RunningDesk;
const pushed: { event: EventName; payload: unknown }[] = [];
const answers: string[] = [];

beforeAll(async () => {
  desk = await startDesk({
    runtime: 'web',
    dataDir: mkdtempSync(path.join(tmpdir(), 'desk-admin-')),
    keystore: new TestKeystore(),
    sandbox: { kioskIntervalMs: 0 },
  });
  desk.events.subscribe((event, payload) => pushed.push({ event, payload }));
});
afterAll(async () => {
  await desk.close();
});

/** Every answer is kept: none may ever carry the JWT. */
async function call<C extends Channel>(channel: C, payload?: unknown): Promise<DeskResult<ResponseOf<C>>> {
  const result = await desk.dispatch(channel, payload);
  answers.push(JSON.stringify(result));
  return result as DeskResult<ResponseOf<C>>;
}

async function signIn(email: string) {
  const result = await call('admin/signIn', { email, password: 'formation' });
  expect(result.ok).toBe(true);
  return result;
}

describe('admin feature through the IPC handler table', () => {
  it('signs in without ever handing the token over, and tells the renderer', async () => {
    const result = await signIn('super@formation.example');
    expect(result).toMatchObject({ ok: true, value: { user: { role: 'superadmin' }, currentLicence: { id: 1 } } });
    expect(pushed.at(-1)).toMatchObject({ event: 'admin/sessionChanged', payload: { user: { email: 'super@formation.example' } } });
    expect(await call('admin/session')).toMatchObject({ ok: true, value: { user: { role: 'superadmin' } } });
  });

  it('pages, sorts and filters users in main', async () => {
    await signIn('super@formation.example');
    const page = await call('admin/listUsers', { page: 1, itemsPerPage: 2, sortBy: [{ key: 'email', order: 'desc' }], search: '' });
    expect(page).toMatchObject({ ok: true, value: { total: 4 } });
    if (!page.ok) return;
    expect(page.value.items.map((user) => user.email)).toEqual(['utilisateur@formation.example', 'super@formation.example']);
    const found = await call('admin/listUsers', { search: 'INVITE' });
    expect(found.ok && found.value.items.map((user) => user.email)).toEqual(['invite@formation.example']);
  });

  it('probes a saved publisher integration: five green routes on the healthy publisher, red with reasons on a dead one', async () => {
    await signIn('super@formation.example');
    const current = await call('admin/integrations', { licenceId: 1 });
    if (!current.ok) throw new Error('no integrations');
    const healthy = await call('admin/savePublisherIntegration', {
      licenceId: 1,
      integration: { contractBaseUrl: current.value.publisher?.contractBaseUrl },
    });
    expect(healthy).toMatchObject({ ok: true, value: { probe: { ok: true } } });
    if (healthy.ok) expect(healthy.value.probe?.routes.map((route) => route.ok)).toEqual([true, true, true, true, true]);

    const licence = await call('admin/createLicence', { name: 'Éditeur en panne' });
    if (!licence.ok) throw new Error('no licence');
    // The switcher and the licence pickers learn of the new licence at once.
    const session = await call('admin/session');
    expect(session.ok && session.value?.accessibleLicences.map((ref) => ref.name)).toContain('Éditeur en panne');
    const broken = await call('admin/savePublisherIntegration', {
      licenceId: licence.value.id,
      integration: { officeId: 'OFF', contractBaseUrl: 'http://127.0.0.1:9/api/kioskIntegrationService/v1' },
    });
    expect(broken).toMatchObject({ ok: true, value: { probe: { ok: false } } });
    if (broken.ok) {
      for (const route of broken.value.probe?.routes ?? []) expect(route).toMatchObject({ ok: false, code: 'PUBLISHER_UNREACHABLE', reason: expect.any(String) });
    }
  });

  it('checks a static referential before sending it and probes from it once saved', async () => {
    await signIn('super@formation.example');
    const licence = await call('admin/createLicence', { name: 'Référentiel statique' });
    if (!licence.ok) throw new Error('no licence');
    const licenceId = licence.value.id;
    await call('admin/savePublisherIntegration', { licenceId, integration: { officeId: 'GW' } });
    const malformed = await call('admin/uploadReferential', { licenceId, json: '{"examTypes": [{"id": 1}]' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'ADMIN_REFERENTIAL_INVALID', fields: [{ path: '(file)' }] } });
    const invalid = await call('admin/uploadReferential', { licenceId, json: '{"examTypes": [{"id": 1}], "rooms": [{"id": true, "name": "A"}]}' });
    expect(invalid.ok ? [] : invalid.error.fields?.map((field) => field.path)).toEqual(['examTypes.0.name', 'rooms.0.id']);
    const saved = await call('admin/uploadReferential', { licenceId, json: '{"officePlaces": [{"id": 7, "name": "Gare"}], "rooms": [{"id": "R1", "name": "Salle 1"}]}' });
    expect(saved).toMatchObject({ ok: true, value: { counts: { officePlaces: 1, rooms: 1, exams: 0 } } });
    const probe = await call('admin/probeIntegration', { licenceId });
    expect(probe).toMatchObject({ ok: true, value: { ok: true } });
  });

  it('serves the training outbox, and ends the session on a refused token', async () => {
    const outbox = await call('admin/trainingOutbox', {});
    expect(outbox.ok).toBe(true);
    await signIn('super@formation.example');
    expect(await call('admin/signOut')).toEqual({ ok: true, value: null });
    expect(await call('admin/listUsers', {})).toMatchObject({ ok: false, error: { code: 'NOT_SIGNED_IN' } });
    expect(await call('admin/session')).toEqual({ ok: true, value: null });
  });

  it('never answered the JWT over IPC', () => {
    for (const answer of answers) expect(answer).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });
});
