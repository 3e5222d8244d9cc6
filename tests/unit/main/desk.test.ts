import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionProfile } from '../../../src-shared/profile';
import { startDesk, type RunningDesk } from '../../../src-main/desk';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/start';
import { unavailableKeystore } from '../../../src-main/store/keystores';
import { TRAINING_TECHNICIAN_PIN } from '../../../src-main/technician/mode';
import { failureOf } from '../../helpers/failure-of';
import { TestKeystore } from '../../helpers/test-keystore';

/** A second sandbox plays the clinic's production systems for a saved profile. */
let production: RunningSandbox;
const running: RunningDesk[] = [];

beforeAll(async () => {
  production = await startSandbox();
});
afterAll(async () => {
  await Promise.all(running.map((desk) => desk.close()));
  await production.close();
});

function dataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-start-'));
}

async function start(dir: string, keystore = new TestKeystore()): Promise<RunningDesk> {
  const desk = await startDesk({ runtime: 'web', dataDir: dir, keystore, sandbox: { kioskIntervalMs: 0 } });
  running.push(desk);
  return desk;
}

/** Profiles are technician settings: the training PIN opens technician mode on a training desk. */
async function openTechnicianMode(desk: RunningDesk): Promise<void> {
  expect(await desk.dispatch('technician/open', { with: 'pin', pin: TRAINING_TECHNICIAN_PIN })).toMatchObject({ ok: true });
}

function productionProfile(): ConnectionProfile {
  return { ...production.profile, id: 'lyon-prod', name: 'Lyon — production', training: false };
}

describe('desk start-up on connection profiles', () => {
  it('refuses to start on a data folder another desk process holds, and starts once it is gone', async () => {
    const dir = dataDir();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(path.join(dir, 'desk.lock'), `${other.pid}\n`);
    try {
      expect((await failureOf(startDesk({ runtime: 'web', dataDir: dir, keystore: new TestKeystore(), sandbox: { kioskIntervalMs: 0 } }))).code).toBe(
        'DATA_FOLDER_IN_USE',
      );
    } finally {
      other.kill('SIGKILL');
      await once(other, 'exit');
    }
    const desk = await start(dir);
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true });
  });

  it('runs the Training sandbox when nothing is configured', async () => {
    const desk = await start(dataDir());
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { training: true, notices: [], trainingAccounts: expect.arrayContaining([expect.objectContaining({ login: 'accueil' })]) },
    });
  });

  it('reports a corrupt settings file, keeps it as .corrupt, and still starts', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'settings.json'), '{ not json');
    const desk = await start(dir);
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { training: true, notices: [{ kind: 'settings-corrupt', keptAs: 'settings.json.corrupt' }] },
    });
    expect(readFileSync(path.join(dir, 'settings.json.corrupt'), 'utf8')).toBe('{ not json');
    expect(await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: true });
  });

  it('saves a profile, survives a restart on it, and never writes the key in clear', async () => {
    const dir = dataDir();
    const keystore = new TestKeystore();
    const first = await start(dir, keystore);
    await openTechnicianMode(first);
    const saved = await first.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey });
    expect(saved).toMatchObject({ ok: true, value: { runningProfileId: 'training', activeProfileId: 'training' } });
    const activated = await first.dispatch('profiles/activate', { id: 'lyon-prod' });
    expect(activated).toMatchObject({ ok: true, value: { runningProfileId: 'training', activeProfileId: 'lyon-prod' } });

    const again = await start(dir, keystore);
    expect(await again.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { training: false, profileName: 'Lyon — production', trainingAccounts: [] },
    });
    expect(await again.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({
      ok: true,
      value: { displayName: 'Élodie Mercier' },
    });
    const files = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
    expect(files).not.toContain(production.accountKey);
    const listed = await again.dispatch('profiles/list', undefined);
    expect(JSON.stringify(listed)).not.toContain(production.accountKey);
  });

  it('tells a stranger at the desk the profiles\' names and which one runs, nothing of where they connect', async () => {
    const desk = await start(dataDir());
    await openTechnicianMode(desk);
    await desk.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey });
    await desk.dispatch('profiles/activate', { id: 'lyon-prod' });
    await desk.dispatch('technician/close', undefined);
    const stranger = await desk.dispatch('profiles/list', undefined);
    expect(stranger).toEqual({
      ok: true,
      value: {
        runningProfileId: 'training',
        activeProfileId: 'lyon-prod',
        profiles: [expect.objectContaining({ id: 'training' }), { id: 'lyon-prod', name: 'Lyon — production', training: false }],
      },
    });
    expect(Object.keys((stranger as { value: { profiles: object[] } }).value.profiles[0]!).sort()).toEqual(['id', 'name', 'training']);
    const text = JSON.stringify(stranger);
    for (const secret of [productionProfile().platformUrl, productionProfile().licenceUuid, productionProfile().contractBaseUrl]) expect(text).not.toContain(secret);
    // Signed-in staff (and a technician) see the whole profiles.
    await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' });
    expect(await desk.dispatch('profiles/list', undefined)).toMatchObject({ ok: true, value: { secretStorageAvailable: true, profiles: expect.arrayContaining([expect.objectContaining({ platformUrl: productionProfile().platformUrl })]) } });
  });

  it('starts in Training and says why when the active profile cannot be used', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await openTechnicianMode(first);
    await first.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey });
    await first.dispatch('profiles/activate', { id: 'lyon-prod' });
    const elsewhere = await start(dir, new TestKeystore());
    expect(await elsewhere.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { training: true, notices: [{ kind: 'profile-unusable', profileName: 'Lyon — production', code: 'SECRET_UNREADABLE' }] },
    });
  });

  it('never connects with a profile saved before https was required: its key would cross the network in clear', async () => {
    const dir = dataDir();
    const old = { ...productionProfile(), id: 'old-http', name: 'Ancien profil', platformUrl: 'http://plateforme.hopital.example' };
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ version: 1, activeProfileId: 'old-http', profiles: [old] }));
    const desk = await start(dir);
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { profileName: expect.not.stringContaining('Ancien'), notices: [{ kind: 'profile-unusable', profileName: 'Ancien profil', code: 'PROFILE_INSECURE' }] },
    });
  });

  it('refuses to save a profile where no secure storage exists, in plain words', async () => {
    const dir = dataDir();
    const desk = await startDesk({ runtime: 'web', dataDir: dir, keystore: unavailableKeystore, sandbox: { kioskIntervalMs: 0 } });
    running.push(desk);
    await openTechnicianMode(desk);
    const refused = await desk.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey });
    expect(refused).toMatchObject({ ok: false, error: { code: 'SECRET_STORAGE_UNAVAILABLE' } });
    expect(existsSync(path.join(dir, 'settings.json'))).toBe(false);
    expect(await desk.dispatch('profiles/list', undefined)).toMatchObject({ ok: true, value: { secretStorageAvailable: false } });
  });

  it('refuses an invalid profile with the fields named', async () => {
    const desk = await start(dataDir());
    await openTechnicianMode(desk);
    const refused = await desk.dispatch('profiles/save', { profile: { ...productionProfile(), platformUrl: 'nope' }, accountKey: 'k' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringContaining('platformUrl') } });
  });
});
