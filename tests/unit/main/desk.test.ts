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
import { TechnicianPinStore } from '../../../src-main/technician/pin-store';
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
async function openTechnicianMode(desk: RunningDesk, pin = TRAINING_TECHNICIAN_PIN): Promise<void> {
  expect(await desk.dispatch('technician/open', { with: 'pin', pin })).toMatchObject({ ok: true });
}

/** The desk's own technician PIN: the only way into technician mode on a desk that cannot connect. */
const LOCAL_PIN = '482193';
async function setTechnicianPin(dir: string): Promise<void> {
  await (await TechnicianPinStore.open(dir)).set(LOCAL_PIN);
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

  it('on damaged settings shows why and never runs training, at every start, until a technician chooses training on purpose', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'settings.json'), '{ not json');
    await setTechnicianPin(dir);
    const damaged = { reason: 'settings-damaged', profileId: null, profileName: null, keptAs: 'settings.json.corrupt' };
    const desk = await start(dir);
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { training: false, trainingAccounts: [], unconnected: damaged } });
    expect(readFileSync(path.join(dir, 'settings.json.corrupt'), 'utf8')).toBe('{ not json');
    expect(await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: false, error: { code: 'DESK_NOT_CONNECTED' } });
    expect(await desk.dispatch('board/snapshot', undefined)).toMatchObject({ ok: false, error: { code: 'DESK_NOT_CONNECTED' } });
    await desk.close();
    running.splice(running.indexOf(desk), 1);

    // A file was there: the next start is no "never configured" desk either.
    const again = await start(dir);
    expect(await again.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { training: false, unconnected: damaged } });
    await openTechnicianMode(again, LOCAL_PIN);
    expect(await again.dispatch('profiles/activate', { id: 'training' })).toMatchObject({ ok: true });
    // The same desk, composed again on the technician's choice: training, and said so.
    expect(await again.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { training: true, unconnected: null } });
    expect(await again.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: true });
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

  it('on a key this computer cannot read shows why, never training, and connects once the technician enters the key again', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await openTechnicianMode(first);
    await first.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey });
    await first.dispatch('profiles/activate', { id: 'lyon-prod' });
    await first.close();
    running.splice(running.indexOf(first), 1);
    await setTechnicianPin(dir);

    // Another OS user's keychain: the sealed key cannot be opened.
    const elsewhere = await start(dir, new TestKeystore());
    const seen: string[] = [];
    elsewhere.events.subscribe((event) => seen.push(event));
    expect(await elsewhere.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: {
        training: false,
        trainingAccounts: [],
        unconnected: { reason: 'key-unreadable', profileId: 'lyon-prod', profileName: 'Lyon — production', keptAs: null },
      },
    });
    expect(await elsewhere.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({
      ok: false,
      error: { code: 'DESK_NOT_CONNECTED' },
    });
    await openTechnicianMode(elsewhere, LOCAL_PIN);
    expect(await elsewhere.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey })).toMatchObject({ ok: true });
    expect(await elsewhere.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { training: false, profileName: 'Lyon — production', unconnected: null },
    });
    expect(await elsewhere.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({
      ok: true,
      value: { displayName: 'Élodie Mercier' },
    });
    // The transports' event bus is the same one before and after: the new desk's events reach them.
    expect(seen).toContain('staff/sessionChanged');
  });

  it('never connects with a profile saved before https was required, and moves to another profile the technician chooses', async () => {
    const dir = dataDir();
    const keystore = new TestKeystore();
    const first = await start(dir, keystore);
    await openTechnicianMode(first);
    await first.dispatch('profiles/save', { profile: productionProfile(), accountKey: production.accountKey });
    await first.close();
    running.splice(running.indexOf(first), 1);
    await setTechnicianPin(dir);
    const old = { ...productionProfile(), id: 'old-http', name: 'Ancien profil', platformUrl: 'http://plateforme.hopital.example' };
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ version: 1, activeProfileId: 'old-http', profiles: [old, productionProfile()] }));
    const desk = await start(dir, keystore);
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({
      ok: true,
      value: { training: false, unconnected: { reason: 'profile-insecure', profileId: 'old-http', profileName: 'Ancien profil' } },
    });
    await openTechnicianMode(desk, LOCAL_PIN);
    expect(await desk.dispatch('profiles/activate', { id: 'lyon-prod' })).toMatchObject({ ok: true });
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { training: false, profileName: 'Lyon — production', unconnected: null } });
  });

  it('says so when the active profile is no longer among the settings', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ version: 1, activeProfileId: 'gone', profiles: [] }));
    const desk = await start(dir);
    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { training: false, unconnected: { reason: 'profile-missing' } } });
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
