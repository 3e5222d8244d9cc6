import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../../src-shared/errors';
import type { ConnectionProfile } from '../../../../src-shared/profile';
import { ProfileStore, TRAINING_PROFILE_ID } from '../../../../src-main/store/profiles';
import { SecretStore } from '../../../../src-main/store/secrets';
import { TestKeystore } from '../../../helpers/test-keystore';

const ACCOUNT_KEY = 'k3y-0f-th3-cl1n1c-do-not-leak';

const profile: ConnectionProfile = {
  id: 'lyon-prod',
  name: 'Lyon — production',
  training: false,
  platformUrl: 'https://platform.example',
  licenceUuid: '5a7c1e0e-0000-4000-8000-000000000001',
  officeIdHeader: 'ofc-1!#!CIM-LYON',
  contractMode: 'relay',
  contractBaseUrl: 'https://ris.example/api/kioskIntegrationService/v1',
  publisherPublicKeyPem: null,
  deviceId: 'desk-lyon-1',
  officePlaceId: 1,
  deskId: 3,
  deskLabel: 'Accueil 3',
};

function dataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-data-'));
}

async function openStore(dir: string, keystore = new TestKeystore()) {
  const secrets = new SecretStore(path.join(dir, 'secrets.json'), keystore);
  return { store: await ProfileStore.open(dir, secrets), keystore };
}

function allFilesText(dir: string): string {
  return readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
}

async function failure(promise: Promise<unknown>): Promise<DeskError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DeskError);
  return error as DeskError;
}

describe('connection profiles', () => {
  it('starts on the Training profile when nothing is configured', async () => {
    const { store } = await openStore(dataDir());
    expect(store.activeProfileId()).toBe(TRAINING_PROFILE_ID);
    expect(store.saved()).toEqual([]);
    expect(store.notice).toBeNull();
  });

  it('survives a restart: profiles, the active one and the account key', async () => {
    const dir = dataDir();
    const keystore = new TestKeystore();
    const first = await openStore(dir, keystore);
    await first.store.save(profile, ACCOUNT_KEY);
    await first.store.activate(profile.id);
    const again = await openStore(dir, keystore);
    expect(again.store.saved()).toEqual([profile]);
    expect(again.store.activeProfileId()).toBe(profile.id);
    await expect(again.store.accountKey(profile.id)).resolves.toBe(ACCOUNT_KEY);
  });

  it('refuses plain http for a real profile, naming the address, and stores neither the profile nor its key', async () => {
    const dir = dataDir();
    const { store } = await openStore(dir);
    for (const [field, url] of [
      ['platformUrl', 'http://platform.example'],
      ['contractBaseUrl', 'http://192.168.1.20/api/kioskIntegrationService/v1'],
      ['contractBaseUrl', 'http://ris.hopital.local/api/kioskIntegrationService/v1'],
    ] as const) {
      const error = await failure(store.save({ ...profile, [field]: url }, ACCOUNT_KEY));
      expect(error.code).toBe('PROFILE_INSECURE');
      expect(error.message).toContain(field);
    }
    expect(store.saved()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('accepts plain http on this computer only (a local relay): 127.x, localhost, [::1]', async () => {
    const { store } = await openStore(dataDir());
    for (const host of ['127.0.0.1:8443', 'localhost:8080', '[::1]:9000', '127.10.0.2']) {
      await store.save({ ...profile, contractBaseUrl: `http://${host}/api/kioskIntegrationService/v1` }, ACCOUNT_KEY);
    }
    expect(store.saved()).toHaveLength(1);
    await expect(store.save({ ...profile, contractBaseUrl: 'http://127.0.0.1.example/api' }, ACCOUNT_KEY)).rejects.toMatchObject({ code: 'PROFILE_INSECURE' });
  });

  it('seals a secret again when the keychain says its key was rotated, and still reads it right', async () => {
    const dir = dataDir();
    const { store, keystore } = await openStore(dir);
    await store.save(profile, ACCOUNT_KEY);
    const before = readFileSync(path.join(dir, 'secrets.json'), 'utf8');
    keystore.rotated = true;
    await expect(store.accountKey(profile.id)).resolves.toBe(ACCOUNT_KEY);
    keystore.rotated = false;
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toBe(before);
    await expect((await openStore(dir, keystore)).store.accountKey(profile.id)).resolves.toBe(ACCOUNT_KEY);
  });

  it('never writes a secret in clear: the settings folder does not contain the key', async () => {
    const dir = dataDir();
    const { store } = await openStore(dir);
    await store.save(profile, ACCOUNT_KEY);
    expect(readdirSync(dir).sort()).toEqual(['secrets.json', 'settings.json']);
    const everything = allFilesText(dir);
    expect(everything).not.toContain(ACCOUNT_KEY);
    expect(everything).not.toContain(Buffer.from(ACCOUNT_KEY).toString('base64'));
  });

  it('refuses to store a secret when the OS offers no encryption, and saves nothing', async () => {
    const dir = dataDir();
    const { store } = await openStore(dir, new TestKeystore(undefined, false));
    const error = await failure(store.save(profile, ACCOUNT_KEY));
    expect(error.code).toBe('SECRET_STORAGE_UNAVAILABLE');
    expect(store.saved()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports a corrupt settings file, keeps it as .corrupt and still starts', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'settings.json'), '{"version": 1, "activeProfileId": "lyon", "profi');
    const { store } = await openStore(dir);
    expect(store.notice).toMatchObject({ kind: 'settings-corrupt', reason: 'not valid JSON' });
    expect(store.notice!.keptAs).toBe(path.join(dir, 'settings.json.corrupt'));
    expect(readFileSync(store.notice!.keptAs, 'utf8')).toContain('"profi');
    expect(store.activeProfileId()).toBe(TRAINING_PROFILE_ID);
    await store.save(profile, ACCOUNT_KEY);
    expect(readFileSync(store.notice!.keptAs, 'utf8')).toContain('"profi');
  });

  it('treats valid JSON of the wrong shape as corrupt too, and never overwrites an earlier .corrupt', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'settings.json.corrupt'), 'first');
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ version: 1, activeProfileId: 3, profiles: 'none' }));
    const { store } = await openStore(dir);
    expect(store.notice?.reason).toMatch(/activeProfileId/);
    expect(readFileSync(path.join(dir, 'settings.json.corrupt'), 'utf8')).toBe('first');
    expect(readdirSync(dir).filter((file) => file.endsWith('.corrupt'))).toHaveLength(2);
  });

  it('validates a profile before saving and leaves no temporary file behind', async () => {
    const dir = dataDir();
    const { store } = await openStore(dir);
    const error = await failure(store.save({ ...profile, platformUrl: 'not a url', deviceId: '' }, ACCOUNT_KEY));
    expect(error.code).toBe('PROFILE_INVALID');
    expect(error.message).toContain('platformUrl');
    expect(error.message).not.toContain(ACCOUNT_KEY);
    await store.save(profile, ACCOUNT_KEY);
    expect(readdirSync(dir).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('asks for the key again when it was encrypted on another computer', async () => {
    const dir = dataDir();
    const first = await openStore(dir);
    await first.store.save(profile, ACCOUNT_KEY);
    const elsewhere = await openStore(dir, new TestKeystore());
    expect((await failure(elsewhere.store.accountKey(profile.id))).code).toBe('SECRET_UNREADABLE');
  });

  it('removing the active profile falls back to Training and deletes its secrets', async () => {
    const dir = dataDir();
    const { store } = await openStore(dir);
    await store.save(profile, ACCOUNT_KEY);
    await store.activate(profile.id);
    await store.remove(profile.id);
    expect(store.activeProfileId()).toBe(TRAINING_PROFILE_ID);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).entries).toEqual({});
    expect((await failure(store.activate('nope'))).code).toBe('PROFILE_NOT_FOUND');
  });
});
