import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { flushLogFiles, logFolder, logger, setLogFileLevel, startLogFiles, stopLogFiles } from '../../../../src-main/log';
import { LOG_FILE_PATTERN, pruneOldLogs } from '../../../../src-main/logging/files';
import { readLogLevel, saveLogLevel } from '../../../../src-main/logging/level-store';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { localDay } from '../../../../src-shared/day';
import { patientDataIn } from '../../../helpers/patient-leaks';
import { TestKeystore } from '../../../helpers/test-keystore';

function dataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'desk-logs-'));
}

/** Every line of every file in the data folder's logs/, as a technician would send them. */
function logText(dir: string): { files: string[]; text: string } {
  const files = readdirSync(logFolder(dir)).filter((name) => LOG_FILE_PATTERN.test(name));
  return { files, text: files.map((name) => readFileSync(path.join(logFolder(dir), name), 'utf8')).join('') };
}

afterEach(() => stopLogFiles());

describe('rotating log files without patient data', () => {
  it('writes JSON lines to logs/ in the data folder, rolls to a new file at the size limit, and keeps a week', async () => {
    const dir = dataDir();
    const old = localDay(new Date(Date.now() - 9 * 86_400_000));
    const recent = localDay(new Date(Date.now() - 6 * 86_400_000));
    await startLogFiles({ dataDir: dir, console: false, size: '1k' });
    writeFileSync(path.join(logFolder(dir), `desk.${old}.1.log`), 'nine days ago\n');
    writeFileSync(path.join(logFolder(dir), `desk.${recent}.1.log`), 'six days ago\n');
    const log = logger('test');
    for (let i = 0; i < 60; i += 1) log.info('board refreshed', { tickets: i });
    await flushLogFiles();
    await pruneOldLogs(logFolder(dir), 7, new Date());
    const { files, text } = logText(dir);
    const today = files.filter((name) => name.includes(localDay(new Date())));
    expect(today.length).toBeGreaterThan(1);
    expect(files).toContain(`desk.${recent}.1.log`);
    expect(files).not.toContain(`desk.${old}.1.log`);
    const line = JSON.parse(text.split('\n').find((candidate) => candidate.startsWith('{'))!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', scope: 'test', msg: 'board refreshed', tickets: expect.any(Number), time: expect.any(String) });
  });

  it('writes at the level a technician chose, kept across a restart', async () => {
    const dir = dataDir();
    expect(await readLogLevel(dir)).toBe('info');
    await saveLogLevel(dir, 'warn');
    await startLogFiles({ dataDir: dir, console: false });
    const log = logger('test');
    log.info('quiet detail');
    log.warn('printer offline');
    setLogFileLevel('debug');
    log.debug('now in detail');
    await flushLogFiles();
    const { text } = logText(dir);
    expect(text).not.toContain('quiet detail');
    expect(text).toContain('printer offline');
    expect(text).toContain('now in detail');
    expect(await readLogLevel(dir)).toBe('warn');
  });
});

describe('a day of activity against the training sandbox leaves no patient data in the log files', () => {
  let sandbox: RunningSandbox;
  let desk: RunningDesk;
  const dir = dataDir();

  beforeAll(async () => {
    await saveLogLevel(dir, 'debug');
    await startLogFiles({ dataDir: dir, console: false, size: '16k' });
    sandbox = await startSandbox({ kioskIntervalMs: 0 });
    desk = await startDesk({ runtime: 'web', dataDir: dir, keystore: new TestKeystore(), attach: { profile: sandbox.profile, accountKey: sandbox.accountKey } });
  });
  afterAll(async () => {
    await desk?.close();
    await sandbox?.close();
  });

  it('check-ins, calls, searches by name, scans and errors: no name, birth date, code, key or password in any file', async () => {
    const { patients, appointments } = sandbox.world.publisher;
    const lea = patients.find((patient) => patient.lastName === 'Garnier-Vidal')!;
    // Errors first: a wrong password, then the desk at work.
    await desk.dispatch('staff/signIn', { login: 'accueil', password: 'wrong-password' });
    expect(await desk.dispatch('staff/signIn', { login: 'accueil', password: 'formation' })).toMatchObject({ ok: true });
    await desk.dispatch('board/chooseWorkplace', { officePlaceId: 1, deskId: 1, deskLabel: 'Accueil 1' });
    await desk.dispatch('board/snapshot', undefined);
    const searched = await desk.dispatch('checkin/search', { lastName: lea.lastName, birthDate: lea.birthDate });
    const found = (searched as { ok: true; value: { patients: { appointments: { id: string }[] }[] } }).value.patients;
    const ids = found.flatMap((patient) => patient.appointments.map((appointment) => appointment.id));
    await desk.dispatch('checkin/checkIn', { appointmentIds: ids });
    await desk.dispatch('checkin/byCode', { code: 'CV-SCAN-0001' });
    await desk.dispatch('checkin/search', { lastName: 'Inconnu', birthDate: '1990-01-01' });
    for (const patient of patients.slice(0, 10)) await desk.dispatch('checkin/search', { lastName: patient.lastName, birthDate: patient.birthDate });
    await desk.dispatch('board/callNext', undefined);
    await desk.dispatch('board/callNext', undefined);
    await sandbox.kiosk.arrive();
    await sandbox.kiosk.arrive();
    // The medical system goes down in the middle of a search, then comes back.
    sandbox.faults.publisher.down = true;
    await desk.dispatch('checkin/search', { lastName: lea.lastName, birthDate: lea.birthDate });
    await desk.dispatch('checkin/byCode', { code: appointments[0]!.convocationCode });
    sandbox.faults.publisher.down = false;
    await desk.dispatch('technician/open', { with: 'pin', pin: '0000' });
    await desk.dispatch('staff/signOut', undefined);
    // A careless caller of tomorrow: the boundary stops what it hands over.
    logger('careless').warn(`identify failed on ${lea.birthDate} for ${appointments[1]!.convocationCode}`, {
      lastName: lea.lastName,
      patient: { firstName: lea.firstName, birthDate: lea.birthDate },
      accountKey: sandbox.accountKey,
      password: 'formation',
      error: new Error(`no appointment for code ${appointments[2]!.convocationCode} born ${lea.birthDate} key ${sandbox.accountKey}`),
      url: `${sandbox.contractBaseUrl}/patients/identify?lastName=${encodeURIComponent(lea.lastName)}`,
    });
    await flushLogFiles();

    const { files, text } = logText(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(text).toContain('careless');
    expect(patientDataIn(text, sandbox)).toEqual([]);
  });
});
