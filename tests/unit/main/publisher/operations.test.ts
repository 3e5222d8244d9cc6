import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_ROUTES } from '../../../../src-shared/publisher/schemas';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import type { SandboxAppointment } from '../../../../src-main/sandbox/world/types';
import { failure, makeClient, rsaPair } from './support';

const keys = rsaPair();

/** Every contract operation the desk uses, in both connectivity modes, with and without end-to-end encryption. */
describe.each([
  { mode: 'direct', encrypted: false },
  { mode: 'relay', encrypted: false },
  { mode: 'direct', encrypted: true },
  { mode: 'relay', encrypted: true },
] as const)('contract operations against the sandbox ($mode, encrypted: $encrypted)', ({ mode, encrypted }) => {
  let sandbox: RunningSandbox;
  let client: ReturnType<typeof makeClient>['client'];
  let reach: boolean[];

  beforeAll(async () => {
    sandbox = await startSandbox({
      // 'refuse' proves every one of the ten went out sealed; the client proves every answer came back sealed.
      publisher: encrypted ? { encryption: { privateKeysPem: [keys.privatePem], clearCalls: 'refuse', refusalCode: 'ENCRYPTION_REQUIRED' } } : {},
    });
    ({ client, reach } = makeClient(
      { ...sandbox.profile, contractMode: mode, publisherPublicKeyPem: encrypted ? keys.publicPem : null },
      sandbox.accountKey,
    ));
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const appointments = (): SandboxAppointment[] => sandbox.world.publisher.appointments;
  const pick = (status: SandboxAppointment['status']) => appointments().find((candidate) => candidate.status === status)!;

  it('staffSignIn (K)', async () => {
    const answer = await client.staffSignIn({ login: 'accueil', password: 'formation' });
    expect(answer.offices.length).toBeGreaterThan(0);
    expect(reach.at(-1)).toBe(true);
  });

  it('getAppointmentById with an opaque id (K+D)', async () => {
    const target = pick('checkedIn');
    expect(target.id).toContain('~');
    const pair = await client.getAppointmentById(target.id);
    expect(pair.appointment).toMatchObject({ id: target.id, status: 'checkedIn', startDate: target.startDate });
    expect(pair.patient.id).toBe(target.patientId);
  });

  it('getAppointmentById on an unknown id → UNKNOWN_APPOINTMENT with its status', async () => {
    const error = await failure(client.getAppointmentById('nope/../A?x=1'));
    expect(error).toMatchObject({ code: 'UNKNOWN_APPOINTMENT', status: 404, contractCode: 'UNKNOWN_APPOINTMENT' });
  });

  it('getAppointmentByCode', async () => {
    const target = appointments()[2]!;
    const pair = await client.getAppointmentByCode(target.convocationCode);
    expect(pair.appointment.id).toBe(target.id);
  });

  it('identifyPatients', async () => {
    const target = pick('scheduled');
    const patient = sandbox.world.publisher.patients.find((candidate) => candidate.id === target.patientId)!;
    const answer = await client.identifyPatients({
      criteria: { lastName: patient.lastName, firstName: patient.firstName, birthDate: patient.birthDate },
    });
    expect(answer.patients.map((entry) => entry.patient.id)).toContain(patient.id);
  });

  it('getNotificationReadiness with the contract query', async () => {
    const target = pick('scheduled');
    const answer = await client.getNotificationReadiness(target.id, {
      identifiedWithHealthCard: true,
      sequenceNumber: 1,
      examId: target.examId,
      otherExamIds: ['x1', 'x2'],
    });
    expect(typeof answer.ready).toBe('boolean');
  });

  it('checkInAppointment adopts the proposed ticket and a replay returns the same ticket', async () => {
    const target = pick('scheduled');
    const request = {
      identifiedWithHealthCard: false,
      anomalyCodes: [],
      sequence: { number: 1, count: 1 },
      proposedTicket: { number: 77, formattedNumber: 'Z077' },
    };
    const first = await client.checkInAppointment(target.id, request);
    expect(first).toMatchObject({ ticketNumber: 77, ticketNumberFormatted: 'Z077' });
    await expect(client.checkInAppointment(target.id, request)).resolves.toMatchObject({ ticketNumberFormatted: 'Z077' });
    expect(target.status).toBe('checkedIn');
  });

  it('checkInAppointment on a cancelled appointment → APPOINTMENT_STATE_CONFLICT', async () => {
    const error = await failure(
      client.checkInAppointment(pick('cancelled').id, { identifiedWithHealthCard: false, anomalyCodes: [], sequence: { number: 1, count: 1 } }),
    );
    expect(error).toMatchObject({ code: 'APPOINTMENT_STATE_CONFLICT', status: 409, contractCode: 'ALREADY_CHECKED_IN' });
  });

  it('setAppointmentStatus (K, never encrypted)', async () => {
    const target = pick('checkedIn');
    await expect(client.setAppointmentStatus(target.id, 'inCare')).resolves.toEqual({ status: 'inCare' });
    expect(target.status).toBe('inCare');
  });

  it('setAppointmentStatus on a cancelled appointment → PUBLISHER_VALIDATION with the field', async () => {
    const error = await failure(client.setAppointmentStatus(pick('cancelled').id, 'done'));
    expect(error).toMatchObject({ code: 'PUBLISHER_VALIDATION', status: 400, field: 'status', reason: 'appointmentCancelled' });
  });

  it('getAppointmentByTicket (POST /appointments/by-ticket, clear)', async () => {
    const target = appointments().find((candidate) => candidate.status === 'checkedIn' && candidate.ticketNumberFormatted)!;
    const place = sandbox.world.publisher.officePlaces.find((candidate) => candidate.id === target.locationId)!;
    const patient = sandbox.world.publisher.patients.find((candidate) => candidate.id === target.patientId)!;
    const pair = await client.getAppointmentByTicket({
      ticketNumber: target.ticketNumberFormatted!,
      birthDate: patient.birthDate,
      officePlaceVisibleId: place.visibleId,
    });
    expect(pair.patient.id).toBe(patient.id);
    expect(pair.appointment.ticketNumberFormatted).toBe(target.ticketNumberFormatted);
  });

  it('the six config routes (K)', async () => {
    for (const name of Object.keys(CONFIG_ROUTES) as (keyof typeof CONFIG_ROUTES)[]) {
      const answer = (await client.getConfig(name)) as Record<string, unknown>;
      expect(Array.isArray(answer[name]), name).toBe(true);
    }
    const places = await client.getConfig('officePlaces');
    expect(places.officePlaces.map((place) => place.id)).toContain('1');
  });
});
