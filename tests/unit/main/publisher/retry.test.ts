import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { startScriptedServer } from '../../../helpers/scripted-server';
import { BASE, baseProfile, errorBody, failure, makeClient, startHandlerServer } from './support';

const pairAnswer = JSON.stringify({
  patient: { id: 'P1', firstName: 'Ana', lastName: 'Roux', birthDate: '1980-01-02' },
  appointment: { id: 'A1', patientId: 'P1', startDate: '2030-01-02T09:00:00+01:00', status: 'checkedIn' },
  otherAppointments: [],
});

describe('retry policy against the sandbox (reachability reports = attempts)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });
  const id = () => sandbox.world.publisher.appointments[1]!.id;

  it.each(['direct', 'relay'] as const)('two 503 then success: exactly 3 requests (%s)', async (mode) => {
    const { client, reach } = makeClient({ ...sandbox.profile, contractMode: mode }, sandbox.accountKey);
    sandbox.faults.publisher.failNext = 2;
    await expect(client.getAppointmentById(id())).resolves.toMatchObject({ appointment: { id: id() } });
    expect(sandbox.faults.publisher.failNext).toBe(0);
    expect(reach).toEqual([false, false, true]);
  });

  it('two dropped connections then success: exactly 3 requests, PUT status replayed safely', async () => {
    const { client, reach } = makeClient(sandbox.profile, sandbox.accountKey);
    const target = sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'inCare')!;
    sandbox.faults.publisher.dropNext = 2;
    await expect(client.setAppointmentStatus(target.id, 'done')).resolves.toEqual({ status: 'done' });
    expect(sandbox.faults.publisher.dropNext).toBe(0);
    expect(reach).toEqual([false, false, true]);
  });

  it('gives up after the bound: PUBLISHER_UNREACHABLE when the publisher is down', async () => {
    const { client, reach } = makeClient(sandbox.profile, sandbox.accountKey);
    sandbox.faults.publisher.down = true;
    try {
      const error = await failure(client.getAppointmentById(id()));
      expect(error).toMatchObject({ code: 'PUBLISHER_UNREACHABLE', status: null });
      expect(reach).toEqual([false, false, false]);
    } finally {
      sandbox.faults.publisher.down = false;
    }
  });

  it('relay: a publisher down behind the relay → 502 retried, then RELAY_UPSTREAM_UNREACHABLE', async () => {
    const { client, reach } = makeClient({ ...sandbox.profile, contractMode: 'relay' }, sandbox.accountKey);
    sandbox.faults.publisher.down = true;
    try {
      const error = await failure(client.getAppointmentById(id()));
      expect(error).toMatchObject({ code: 'RELAY_UPSTREAM_UNREACHABLE', status: 502, contractCode: 'RELAY_UPSTREAM_UNREACHABLE' });
      expect(reach).toEqual([false, false, false]);
    } finally {
      sandbox.faults.publisher.down = false;
    }
  });
});

describe('retry policy on the wire (exact request counts)', () => {
  it.each([
    [400, 'VALIDATION_ERROR', 'PUBLISHER_VALIDATION'],
    [401, 'INVALID_AUTH_KEY', 'DESK_KEY_REFUSED'],
    [401, 'UNKNOWN_DEVICE', 'DESK_KEY_REFUSED'],
    [404, 'UNKNOWN_APPOINTMENT', 'UNKNOWN_APPOINTMENT'],
    [404, 'UNKNOWN_PATIENT', 'UNKNOWN_PATIENT'],
    [404, 'UNKNOWN_DOCUMENT', 'UNKNOWN_DOCUMENT'],
    [409, 'ALREADY_CHECKED_IN', 'APPOINTMENT_STATE_CONFLICT'],
    [400, 'DECRYPTION_FAILED', 'DECRYPTION_FAILED'],
    [413, 'UPLOAD_TOO_LARGE', 'UPLOAD_TOO_LARGE'],
    [418, 'SOMETHING_NEW', 'PUBLISHER_ERROR'],
  ])('HTTP %i %s → %s, one request only', async (status, contractCode, code) => {
    const server = await startScriptedServer([{ status, body: errorBody(contractCode, { field: 'criteria.birthDate' }, 'Patient DUPONT Jean, born 1950') }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key');
    const error = await failure(client.getAppointmentById('A1'));
    expect(error).toMatchObject({ code, status, contractCode, field: 'criteria.birthDate' });
    expect(error.message).not.toContain('DUPONT');
    expect(server.received).toHaveLength(1);
    await server.close();
  });

  it('keeps only code-like details (free text is dropped)', async () => {
    const server = await startScriptedServer([{ status: 400, body: errorBody('VALIDATION_ERROR', { field: 'Jean Dupont 1950', reason: 'x y' }) }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key');
    expect(await failure(client.getAppointmentById('A1'))).toMatchObject({ field: null, reason: null, code: 'PUBLISHER_VALIDATION' });
    await server.close();
  });

  it('retries a 500 then surfaces PUBLISHER_ERROR with the status', async () => {
    const server = await startScriptedServer([{ status: 500, body: errorBody('INTERNAL_ERROR') }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key');
    expect(await failure(client.getAppointmentById('A1'))).toMatchObject({ code: 'PUBLISHER_ERROR', status: 500, contractCode: 'INTERNAL_ERROR' });
    expect(server.received).toHaveLength(3);
    await server.close();
  });

  it('retries a check-in after a dropped connection (idempotent by contract)', async () => {
    const server = await startScriptedServer([{ status: 0, drop: true }, { status: 200, body: '{"ticketNumber":4,"ticketNumberFormatted":"A004"}' }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key');
    const request = { identifiedWithHealthCard: false, anomalyCodes: [], sequence: { number: 1, count: 1 } };
    await expect(client.checkInAppointment('A1', request)).resolves.toEqual({ ticketNumber: 4, ticketNumberFormatted: 'A004' });
    expect(server.received).toHaveLength(2);
    expect(server.received.map((entry) => entry.body)).toEqual([JSON.stringify(request), JSON.stringify(request)]);
    await server.close();
  });

  it('cuts a hung server at the per-attempt timeout, attempt by attempt', async () => {
    const server = await startHandlerServer(() => 'hang');
    const { client, reach } = makeClient(baseProfile(server.contractBaseUrl), 'key', {
      timeoutMs: 200,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1, totalBudgetMs: 5_000 },
    });
    const started = Date.now();
    const error = await failure(client.getAppointmentById('A1'));
    expect(error).toMatchObject({ code: 'PUBLISHER_UNREACHABLE', status: null });
    expect(error.message).toContain('did not answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.received).toHaveLength(2);
    expect(reach).toEqual([false, false]);
    await server.close();
  });

  it('rejects garbage JSON and wrong types for an appointment pair, naming fields and never values', async () => {
    for (const [body, reason] of [
      ['{"patient": {', 'notJson'],
      [JSON.stringify({ ...JSON.parse(pairAnswer), appointment: { id: 'A1', patientId: 'P1', startDate: 'Roux', status: 'gone' } }), 'wrongShape'],
    ] as const) {
      const server = await startScriptedServer([{ status: 200, body }]);
      const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key');
      const error = await failure(client.getAppointmentById('A1'));
      expect(error).toMatchObject({ code: 'CONTRACT_VIOLATION', reason });
      expect(error.message).not.toContain('Roux');
      if (reason === 'wrongShape') expect(error.message).toContain('appointment.startDate, appointment.status');
      expect(server.received).toHaveLength(1);
      await server.close();
    }
  });

  it('encodes ids and codes as one path segment, and sends K+D with the office id', async () => {
    const server = await startScriptedServer([{ status: 200, body: pairAnswer }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key');
    await client.getAppointmentByCode('CV/12?x=1&y#z');
    await client.getAppointmentById('A1~RDV 2');
    expect(server.received.map((entry) => entry.url)).toEqual([
      `${BASE}/appointments/by-code/CV%2F12%3Fx%3D1%26y%23z`,
      `${BASE}/appointments/A1~RDV%202`,
    ]);
    expect(server.received[0]!.headers).toMatchObject({ 'x-kiosk-auth-key': 'key', 'x-kiosk-device-id': 'desk-1', 'x-kiosk-office-id': 'ofc' });
    await server.close();
  });
});
