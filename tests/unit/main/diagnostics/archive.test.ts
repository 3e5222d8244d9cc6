import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { flushLogFiles, logger, startLogFiles, stopLogFiles } from '../../../../src-main/log';
import { saveLogLevel } from '../../../../src-main/logging/level-store';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { TechnicianPinStore } from '../../../../src-main/technician/pin-store';
import { channelAccess } from '../../../../src-shared/ipc/access';
import type { DiagnosticsExport } from '../../../../src-shared/ipc/features/diagnostics.contract';
import { patientDataIn } from '../../../helpers/patient-leaks';
import { TestKeystore } from '../../../helpers/test-keystore';

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string } };

describe('diagnostics archive content without patient data', () => {
  let sandbox: RunningSandbox;
  let desk: RunningDesk;
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-diagnostics-'));

  beforeAll(async () => {
    await saveLogLevel(dir, 'debug');
    await startLogFiles({ dataDir: dir, console: false });
    sandbox = await startSandbox({ kioskIntervalMs: 0 });
    desk = await startDesk({ runtime: 'web', dataDir: dir, keystore: new TestKeystore(), attach: { profile: sandbox.profile, accountKey: sandbox.accountKey } });
  });
  afterAll(async () => {
    await desk?.close();
    await sandbox?.close();
    await stopLogFiles();
  });

  it('holds versions, the profile without its key, logs, notices, printer, access rules and the last checks, and no name, birth date, code, key or password', async () => {
    const { patients, appointments } = sandbox.world.publisher;
    const lea = patients.find((patient) => patient.lastName === 'Garnier-Vidal')!;
    // A day at the desk with patients in it, a wrong password and a medical system going down.
    await desk.dispatch('staff/signIn', { login: 'accueil', password: 'wrong-password' });
    expect(await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: true });
    await desk.dispatch('board/chooseWorkplace', { officePlaceId: 1, deskId: 1, deskLabel: 'Accueil 1' });
    const searched = (await desk.dispatch('checkin/search', { lastName: lea.lastName, birthDate: lea.birthDate })) as Answer<{ patients: { appointments: { id: string }[] }[] }>;
    expect(searched.ok).toBe(true);
    const ids = searched.ok ? searched.value.patients.flatMap((patient) => patient.appointments.map((appointment) => appointment.id)) : [];
    expect(await desk.dispatch('checkin/checkIn', { appointmentIds: ids })).toMatchObject({ ok: true });
    await desk.dispatch('checkin/byCode', { code: appointments[0]!.convocationCode });
    await desk.dispatch('board/callNext', undefined);
    await sandbox.kiosk.arrive();
    sandbox.faults.publisher.down = true;
    await desk.dispatch('checkin/search', { lastName: lea.lastName, birthDate: lea.birthDate });
    sandbox.faults.publisher.down = false;
    await desk.dispatch('staff/signOut', undefined);

    // Signed out: technician mode alone opens the export, as printer tests.
    expect(await desk.dispatch('diagnostics/export', undefined)).toMatchObject({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED' } });
    expect(await desk.dispatch('technician/open', { with: 'pin', pin: '1234' })).toMatchObject({ ok: true });
    expect(await desk.dispatch('connection/probe', undefined)).toMatchObject({ ok: true });
    // The technician's test patient is typed into the check: the archive keeps what it found, never what was typed.
    expect(await desk.dispatch('connection/compatibility', { login: 'accueil', password: 'formation', lastName: lea.lastName, birthDate: lea.birthDate })).toMatchObject({ ok: true });
    logger('careless').warn(`identify failed born ${lea.birthDate}`, { lastName: lea.lastName, accountKey: sandbox.accountKey, password: 'formation' });
    await flushLogFiles();

    const answer = (await desk.dispatch('diagnostics/export', undefined)) as Answer<DiagnosticsExport>;
    if (!answer.ok) throw new Error(`export refused: ${answer.error.code}`);
    expect(answer.value.fileName).toMatch(/^desk-diagnostics-\d{8}-\d{4}\.zip$/);
    const zip = unzipSync(Buffer.from(answer.value.base64, 'base64'));
    const entries = Object.keys(zip);
    expect(new Set(answer.value.entries)).toEqual(new Set(entries));
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!)) as Record<string, unknown>;

    expect(json('versions.json')).toMatchObject({ app: expect.any(String), node: process.versions.node, os: expect.any(String), electron: null, chromium: null, runtime: 'web', dataDir: dir });
    const profile = json('profile.json');
    expect(profile).toMatchObject({ id: sandbox.profile.id, platformUrl: sandbox.profile.platformUrl, licenceUuid: sandbox.profile.licenceUuid });
    expect(Object.keys(profile).filter((key) => /key|secret|password/i.test(key) && key !== 'publisherPublicKeyPem')).toEqual([]);
    expect(Array.isArray(JSON.parse(strFromU8(zip['notices.json']!)))).toBe(true);
    const printer = json('printer.json');
    expect(printer).toMatchObject({ status: { state: expect.any(String) }, queue: { waiting: expect.any(Number), printed: expect.any(Number) } });
    const queued = Object.values(printer.queue as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect(queued).toBeGreaterThan(0);
    expect(json('access-rules.json')).toEqual(JSON.parse(JSON.stringify(channelAccess)));
    const checks = json('checks.json') as { probe: { at: string; result: { routes: unknown[] } }; compatibility: { result: { steps: unknown[] } }; clock: { summary: string }; connection: unknown };
    expect(checks.probe.result.routes.length).toBeGreaterThan(0);
    expect(checks.compatibility.result.steps.length).toBeGreaterThan(0);
    expect(checks.clock.summary).toMatch(/clock/);
    expect(checks.connection).toMatchObject({ publisher: expect.any(String) });
    const logs = entries.filter((name) => name.startsWith('logs/'));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.map((name) => strFromU8(zip[name]!)).join('')).toContain('careless');

    for (const name of entries) expect(patientDataIn(strFromU8(zip[name]!), sandbox), name).toEqual([]);
  });
});

describe('diagnostics archive of a desk that cannot connect', () => {
  it('is exported from the connect page with versions, notices, access rules and logs, and says there is no profile', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-diagnostics-unconnected-'));
    const deploymentFile = path.join(dir, 'deployment.json');
    writeFileSync(deploymentFile, JSON.stringify({ version: 1, profiles: 'not a list' }));
    await (await TechnicianPinStore.open(dir)).set('4711');
    await startLogFiles({ dataDir: dir, console: false });
    const desk = await startDesk({ runtime: 'web', dataDir: dir, keystore: new TestKeystore(), deploymentFile });
    try {
      expect(await desk.dispatch('app/info', undefined)).toMatchObject({ ok: true, value: { unconnected: { reason: 'deployment-invalid' } } });
      expect(await desk.dispatch('technician/open', { with: 'pin', pin: '4711' })).toMatchObject({ ok: true });
      const answer = (await desk.dispatch('diagnostics/export', undefined)) as Answer<DiagnosticsExport>;
      if (!answer.ok) throw new Error(`export refused: ${answer.error.code}`);
      const zip = unzipSync(Buffer.from(answer.value.base64, 'base64'));
      expect(Object.keys(zip)).toEqual(expect.arrayContaining(['versions.json', 'profile.json', 'notices.json', 'access-rules.json', 'checks.json']));
      expect(strFromU8(zip['profile.json']!).trim()).toBe('null');
      const logs = Object.keys(zip).filter((name) => name.startsWith('logs/'));
      expect(logs.map((name) => strFromU8(zip[name]!)).join('')).toContain('deployment file refused');
    } finally {
      await desk.close();
      await stopLogFiles();
    }
  });
});
