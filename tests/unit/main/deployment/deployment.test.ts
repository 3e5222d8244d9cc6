import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { deploymentFilePath, readDeployment } from '../../../../src-main/deployment/file';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { TechnicianPinStore } from '../../../../src-main/technician/pin-store';
import { TestKeystore } from '../../../helpers/test-keystore';

/** A second sandbox plays the clinic's systems the deployment file points at. */
let clinic: RunningSandbox;
const running: RunningDesk[] = [];
const PIN = '482193';

beforeAll(async () => {
  clinic = await startSandbox();
});
afterAll(async () => {
  await Promise.all(running.map((desk) => desk.close()));
  await clinic.close();
});

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-deployment-'));
}

function presetProfile(overrides: Record<string, unknown> = {}) {
  const { training: _training, ...profile } = clinic.profile;
  return { ...profile, id: 'lyon-it', name: 'Lyon (IT)', deskLabel: 'Accueil 3', accountKey: clinic.accountKey, ...overrides };
}

function writeDeployment(content: unknown): string {
  const file = path.join(folder(), 'deployment.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

async function start(dataDir: string, deploymentFile: string, keystore = new TestKeystore()): Promise<RunningDesk> {
  const desk = await startDesk({ runtime: 'web', dataDir, keystore, deploymentFile, sandbox: { kioskIntervalMs: 0 } });
  running.push(desk);
  return desk;
}

/** The desk's own PIN (set before it starts): technician mode on a desk no supervisor is signed in to. */
async function technician(desk: RunningDesk): Promise<void> {
  expect(await desk.dispatch('technician/open', { with: 'pin', pin: PIN })).toMatchObject({ ok: true });
}

describe('deployment file applied and locked, invalid one refused with the field named', () => {
  it('starts a desk never configured on the preset profile, seals its key and takes it out of a writable file', async () => {
    const updates = { url: 'https://updates.clinic.example/desk-console/', channel: 'beta', installHour: 3 };
    const file = writeDeployment({ version: 1, profiles: [presetProfile()], activeProfileId: 'lyon-it', updates, startWithSession: true });
    const dataDir = folder();
    const keystore = new TestKeystore();
    const desk = await start(dataDir, file, keystore);

    expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { training: false, profileName: 'Lyon (IT)', unconnected: null } });
    expect(await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: true });
    // The key is sealed in the desk's secrets and gone from IT's file, whose other settings stay as written.
    const left = readFileSync(file, 'utf8');
    expect(left).not.toContain(clinic.accountKey);
    expect(JSON.parse(left)).toMatchObject({ activeProfileId: 'lyon-it', updates, startWithSession: true, profiles: [{ id: 'lyon-it', name: 'Lyon (IT)' }] });
    const stored = readdirSync(dataDir).map((name) => readFileSync(path.join(dataDir, name), 'utf8')).join('\n');
    expect(stored).not.toContain(clinic.accountKey);
    expect(keystore.sealed).toBe(1);

    // Read-only at the desk: the Settings screen is told what IT set.
    expect(await desk.dispatch('profiles/list', undefined)).toMatchObject({
      ok: true,
      value: {
        activeProfileId: 'lyon-it',
        profiles: expect.arrayContaining([expect.objectContaining({ id: 'lyon-it', deskLabel: 'Accueil 3' })]),
        deployment: { profileIds: ['lyon-it'], activeProfileLocked: true, updates: { ...updates, allowDowngrade: false }, startWithSession: true },
      },
    });
    expect(JSON.stringify(await desk.dispatch('profiles/list', undefined))).not.toContain(clinic.accountKey);
  });

  it('refuses at the desk any change to what the file sets: the preset profile, its removal, another active profile', async () => {
    const file = writeDeployment({ version: 1, profiles: [presetProfile()], activeProfileId: 'lyon-it' });
    const dataDir = folder();
    await (await TechnicianPinStore.open(dataDir)).set(PIN);
    const desk = await start(dataDir, file);
    await technician(desk);
    const { accountKey: _key, ...profile } = presetProfile();

    const changed = await desk.dispatch('profiles/save', { profile: { ...profile, training: false, deskLabel: 'Accueil 9' } });
    expect(changed).toMatchObject({ ok: false, error: { code: 'PROFILE_MANAGED' } });
    expect(await desk.dispatch('profiles/remove', { id: 'lyon-it' })).toMatchObject({ ok: false, error: { code: 'PROFILE_MANAGED' } });
    expect(await desk.dispatch('profiles/activate', { id: 'training' })).toMatchObject({ ok: false, error: { code: 'PROFILE_MANAGED' } });
    expect(await desk.dispatch('profiles/list', undefined)).toMatchObject({ ok: true, value: { activeProfileId: 'lyon-it', profiles: expect.arrayContaining([expect.objectContaining({ deskLabel: 'Accueil 3' })]) } });
  });

  it('never uses again a key left in a read-only file once sealed, and seals the new one when IT changes it', async () => {
    const file = writeDeployment({ version: 1, profiles: [presetProfile()] });
    chmodSync(file, 0o444);
    const dataDir = folder();
    const keystore = new TestKeystore();
    const first = await start(dataDir, file, keystore);
    expect(await first.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { profileName: 'Lyon (IT)', unconnected: null } });
    await first.close();
    running.splice(running.indexOf(first), 1);
    // Root writes whatever the mode says; the test is about what the desk does when it may not.
    const readOnly = readFileSync(file, 'utf8').includes(clinic.accountKey);
    expect(keystore.sealed).toBe(1);

    const again = await start(dataDir, file, keystore);
    expect(await again.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { profileName: 'Lyon (IT)', unconnected: null } });
    await again.close();
    running.splice(running.indexOf(again), 1);
    if (readOnly) expect(keystore.sealed).toBe(1);

    chmodSync(file, 0o644);
    writeFileSync(file, JSON.stringify({ version: 1, profiles: [presetProfile({ accountKey: 'a-key-IT-changed' })] }));
    const rotated = await start(dataDir, file, keystore);
    // Sealed anew, and the desk now holds the wrong key for the clinic: it says so rather than training.
    expect(keystore.sealed).toBe(2);
    expect(await rotated.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { profileName: 'Lyon (IT)' } });
  });

  it('refuses an invalid file whole, naming the fields and never their values, and never starts training instead', async () => {
    const secretUrl = 'secret-host.clinic.example';
    const file = writeDeployment({ version: 1, profiles: [presetProfile({ platformUrl: secretUrl, deskLabel: 42 })], updates: { url: 'https://u.example/', chanel: 'beta' } });
    const desk = await start(folder(), file);
    const info = await desk.dispatch('app/info', undefined);
    expect(info).toMatchObject({
      ok: true,
      value: { training: false, unconnected: { reason: 'deployment-invalid', keptAs: file, fields: ['profiles.0.platformUrl', 'profiles.0.deskLabel', 'updates.chanel'] } },
    });
    const text = JSON.stringify(info);
    for (const value of [secretUrl, clinic.accountKey, '42']) expect(text).not.toContain(value);
    expect(await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: false, error: { code: 'DESK_NOT_CONNECTED' } });
  });

  it('names what is wrong in a file that is not JSON, an unknown active profile, a profile twice', async () => {
    expect(await readDeployment(writeDeployment('{"version": 1,'))).toMatchObject({ status: 'invalid', fields: ['(not JSON)'] });
    expect(await readDeployment(writeDeployment({ version: 1, profiles: [presetProfile()], activeProfileId: 'nowhere' }))).toMatchObject({ status: 'invalid', fields: ['activeProfileId'] });
    expect(await readDeployment(writeDeployment({ version: 1, profiles: [presetProfile(), presetProfile()] }))).toMatchObject({ status: 'invalid', fields: ['profiles.1.id'] });
    expect(await readDeployment(writeDeployment({ version: 1, updates: { url: 'http://updates.clinic.example/' } }))).toMatchObject({ status: 'invalid', fields: ['updates.url'] });
    expect(await readDeployment(path.join(folder(), 'none.json'))).toEqual({ status: 'absent' });
  });

  it('looks for the file where hospital IT puts it, or where DESK_DEPLOYMENT_FILE says', () => {
    expect(deploymentFilePath({ ProgramData: 'C:\\ProgramData' }, 'win32')).toBe('C:\\ProgramData\\Desk Console\\deployment.json');
    expect(deploymentFilePath({}, 'linux')).toBe('/etc/desk-console/deployment.json');
    expect(deploymentFilePath({ DESK_DEPLOYMENT_FILE: '/tmp/d.json' }, 'linux')).toBe('/tmp/d.json');
  });
});
