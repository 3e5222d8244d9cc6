import { afterEach, describe, expect, it } from 'vitest';
import {
  checkCompatibility,
  compatibilityRequestSchema,
  compatibilityResultSchema,
  describeFinding,
  type CompatibilityResult,
} from '../../../../src-main/publisher/compatibility';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { COMPATIBILITY_STEPS, FINDING_OUTCOME } from '../../../../src-shared/publisher/compatibility';
import { BASE, baseProfile, errorBody, makeClient, rsaPair, startHandlerServer } from './support';

/** The training day's scanner patient: one appointment today, so by-id's `otherAppointments` is empty. */
const PATIENT = { lastName: 'Perrin', birthDate: '1972-09-30' };
const STAFF = { login: 'accueil', password: 'formation' };

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

function step(result: CompatibilityResult, name: string) {
  const found = result.steps.find((candidate) => candidate.step === name);
  expect(found, name).toBeDefined();
  return found!;
}

function described(result: CompatibilityResult, name: string): string[] {
  return step(result, name).findings.map(describeFinding);
}

/** What the publisher holds that a write would change: statuses, check-in records, status history, patients. */
function publisherRecords(running: RunningSandbox): string {
  const { appointments, patients } = running.world.publisher;
  return JSON.stringify({
    appointments: appointments.map(({ id, status, checkIn, statusHistory, ticketNumber, awaitingExternalNotification }) => ({
      id,
      status,
      checkIn,
      statusHistory,
      ticketNumber,
      awaitingExternalNotification,
    })),
    patients,
  });
}

describe('compatibility check', () => {
  it('names every other legal form the publisher writes, with what the desk does, and writes nothing', async () => {
    sandbox = await startSandbox({ publisherFlags: ['--field-variations', 'all'] });
    const before = publisherRecords(sandbox);
    const { client } = makeClient(sandbox.profile, sandbox.accountKey);

    const result = compatibilityResultSchema.parse(await checkCompatibility(client, { ...STAFF, ...PATIENT }));

    expect(result.ok).toBe(true);
    expect(result.steps.map((entry) => entry.step)).toEqual([...COMPATIBILITY_STEPS]);
    expect(result.steps.every((entry) => entry.outcome === 'answered' && entry.code === null)).toBe(true);
    const byId = described(result, 'getAppointmentById');
    expect(byId).toEqual(
      expect.arrayContaining([
        'sends null for patient.heightCm: accepted',
        'writes date-times with milliseconds (appointment.startDate): accepted',
        'adds fields the contract does not define (appointment.publisherExtension): ignored',
        'writes an empty list as null (otherAppointments): accepted',
        'leaves out appointment.ticketNumber where the contract writes null: accepted',
      ]),
    );
    expect(described(result, 'identifyPatients')).toContain('sends null for patients[].patient.heightCm: accepted');
    expect(described(result, 'staffSignIn')).toContain('adds fields the contract does not define (offices[].internalCode): ignored');
    expect(described(result, 'rooms')).toContain('adds fields the contract does not define (rooms[].updatedAt): ignored');
    for (const entry of result.steps) {
      expect(entry.findings.length, entry.step).toBeGreaterThan(0);
      for (const finding of entry.findings) expect(finding.outcome).toBe(FINDING_OUTCOME[finding.kind]);
    }
    // A finding appears once per field, not once per row.
    const fields = step(result, 'rooms').findings.map((finding) => `${finding.kind} ${finding.field}`);
    expect(new Set(fields).size).toBe(fields.length);

    // Field names only: no name, birth date, id or other value of the answers.
    const text = JSON.stringify(result);
    const perrin = sandbox.world.publisher.patients.find((patient) => patient.lastName === PATIENT.lastName)!;
    for (const value of [PATIENT.lastName, PATIENT.birthDate, perrin.id, perrin.firstName, perrin.socialSecurityId!]) expect(text).not.toContain(value);
    for (const appointment of sandbox.world.publisher.appointments.filter((candidate) => candidate.patientId === perrin.id)) {
      expect(text).not.toContain(appointment.id);
    }

    expect(publisherRecords(sandbox)).toBe(before);
  });

  it('reads the answers inside the envelope when the publisher encrypts', async () => {
    const keys = rsaPair();
    sandbox = await startSandbox({
      publisher: { encryption: { privateKeysPem: [keys.privatePem], clearCalls: 'refuse', refusalCode: 'ENCRYPTION_REQUIRED' } },
      publisherFlags: ['--field-variations', 'all'],
    });
    const { client } = makeClient({ ...sandbox.profile, publisherPublicKeyPem: keys.publicPem }, sandbox.accountKey);

    const result = await checkCompatibility(client, { ...STAFF, ...PATIENT });

    expect(result.ok).toBe(true);
    expect(described(result, 'getAppointmentById')).toEqual(
      expect.arrayContaining(['sends null for patient.heightCm: accepted', 'writes date-times with milliseconds (appointment.startDate): accepted']),
    );
    expect(described(result, 'identifyPatients')).toContain('writes date-times with milliseconds (patients[].appointments[].startDate): accepted');
  });

  it('finds nothing when the publisher writes the contract’s own forms', async () => {
    sandbox = await startSandbox();
    const before = publisherRecords(sandbox);
    const { client } = makeClient(sandbox.profile, sandbox.accountKey);

    const result = await checkCompatibility(client, { ...STAFF, ...PATIENT });

    expect(result.ok).toBe(true);
    expect(result.steps).toHaveLength(9);
    for (const entry of result.steps) {
      expect(entry, entry.step).toMatchObject({ outcome: 'answered', code: null, reason: null });
      expect(entry.findings.map(describeFinding), entry.step).toEqual([]);
    }
    expect(publisherRecords(sandbox)).toBe(before);
  });

  it('names the fields of the answers the desk refuses (wrong type, missing required field, unknown status, not JSON)', async () => {
    const appointment = { id: 'A1', patientId: 'P1', startDate: '2026-11-24T09:00:00+01:00', status: 'scheduled' };
    const patient = { id: 'P1', firstName: 'Jeanne', lastName: 'Doe', birthDate: '1970-01-01' };
    const server = await startHandlerServer((request) => {
      switch (request.url.slice(BASE.length)) {
        case '/staff/sign-in':
          return { status: 200, body: JSON.stringify({ offices: [{ officeId: 7, officeVisibleId: 'X', name: 'Lyon' }], userEmail: 'a@b.c', userDisplayName: 'A' }) };
        case '/patients/identify':
          return { status: 200, body: JSON.stringify({ patients: [{ patient, appointments: [appointment] }] }) };
        case '/appointments/A1':
          return {
            status: 200,
            body: JSON.stringify({ patient: { ...patient, birthDate: undefined }, appointment: { ...appointment, status: 'arrivedAtDesk', ticketNumber: '12' } }),
          };
        case '/config/exams':
          return { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>exams</html>' };
        case '/config/rooms':
          return { status: 200, body: JSON.stringify({ salles: [] }) };
        case '/config/document-types':
          return { status: 500, body: errorBody('INTERNAL_ERROR') };
        case '/config/office-places':
          return { status: 200, body: JSON.stringify({ officePlaces: [] }) };
        case '/config/exam-types':
          return { status: 200, body: JSON.stringify({ examTypes: [] }) };
        default:
          return { status: 200, body: JSON.stringify({ practitioners: [] }) };
      }
    });
    try {
      const { client } = makeClient(baseProfile(server.contractBaseUrl), 'key');
      const result = compatibilityResultSchema.parse(await checkCompatibility(client, { ...STAFF, lastName: 'Doe', birthDate: '1970-01-01' }));

      expect(result.ok).toBe(false);
      expect(step(result, 'staffSignIn')).toMatchObject({ outcome: 'refused', code: 'CONTRACT_VIOLATION' });
      expect(described(result, 'staffSignIn')).toEqual(['sends offices[].officeId with a wrong type: refused']);
      expect(described(result, 'getAppointmentById').sort()).toEqual([
        'leaves out the required field patient.birthDate: refused',
        'sends appointment.status with a value outside the contract: refused',
        'sends appointment.ticketNumber with a wrong type: refused',
      ]);
      expect(described(result, 'exams')).toEqual(['answers with something that is not JSON: refused']);
      expect(described(result, 'rooms')).toEqual(['leaves out the required field rooms: refused']);
      expect(step(result, 'documentTypes')).toMatchObject({ outcome: 'failed', code: 'PUBLISHER_ERROR', findings: [] });
      expect(step(result, 'documentTypes').reason).toContain('HTTP 500');
      // Accepted forms are named even when a later answer is refused: this publisher leaves the contract's nulls out.
      expect(step(result, 'identifyPatients').outcome).toBe('answered');
      expect(described(result, 'identifyPatients')).toEqual([
        'leaves out patients[].appointments[].prescriber where the contract writes null: accepted',
        'leaves out patients[].appointments[].ticketNumber where the contract writes null: accepted',
        'leaves out patients[].appointments[].ticketNumberFormatted where the contract writes null: accepted',
      ]);
      expect(step(result, 'officePlaces')).toMatchObject({ outcome: 'answered', findings: [] });
      expect(JSON.stringify(result)).not.toMatch(/arrivedAtDesk|Jeanne|Doe|1970-01-01|"12"/);

      // One attempt per step, reads only: sign-in and identify are the only POSTs.
      const calls = server.received.map((received) => `${received.method} ${received.url.slice(BASE.length)}`);
      expect(calls.filter((call) => !call.startsWith('GET '))).toEqual(['POST /staff/sign-in', 'POST /patients/identify']);
      expect(calls).toHaveLength(9);
    } finally {
      await server.close();
    }
  });

  it('tells a failed sign-in and a patient it cannot find, and skips by-id', async () => {
    sandbox = await startSandbox();
    const { client } = makeClient(sandbox.profile, sandbox.accountKey);

    const result = await checkCompatibility(client, { login: 'accueil', password: 'wrong', lastName: 'Nobody', birthDate: '1901-01-01' });

    expect(result.ok).toBe(false);
    expect(step(result, 'staffSignIn')).toMatchObject({ outcome: 'failed', code: 'INVALID_CREDENTIALS', findings: [] });
    expect(step(result, 'identifyPatients')).toMatchObject({ outcome: 'answered', findings: [] });
    expect(step(result, 'getAppointmentById')).toMatchObject({ outcome: 'skipped', code: null, reason: 'No patient matched this last name and birth date.' });
    expect(step(result, 'rooms').outcome).toBe('answered');
  });

  it('takes a staff account and a patient’s last name and birth date, nothing else', () => {
    expect(compatibilityRequestSchema.safeParse({ ...STAFF, ...PATIENT }).success).toBe(true);
    expect(compatibilityRequestSchema.safeParse({ ...STAFF, lastName: 'Perrin', birthDate: '30/09/1972' }).success).toBe(false);
    expect(compatibilityRequestSchema.safeParse({ ...STAFF, lastName: ' ', birthDate: PATIENT.birthDate }).success).toBe(false);
    expect(compatibilityRequestSchema.safeParse({ login: 'accueil', ...PATIENT }).success).toBe(false);
  });
});
