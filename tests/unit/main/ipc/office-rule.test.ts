import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDesk, type RunningDesk } from '../../../../src-main/desk';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { localDay } from '../../../../src-shared/day';
import type { CheckinSearchResponse } from '../../../../src-shared/ipc/features/checkin.contract';
import { TestKeystore } from '../../../helpers/test-keystore';

/**
 * The office rule on a running desk, as a receptionist of Lyon (`accueil`) meets it: nothing of
 * Villeurbanne (office place 3), whatever the channel; the supervisor of both reaches both.
 */
let sandbox: RunningSandbox;
let desk: RunningDesk;
const VILLEURBANNE = '3';

beforeAll(async () => {
  sandbox = await startSandbox({ kioskIntervalMs: 0 });
  desk = await startDesk({ runtime: 'web', dataDir: mkdtempSync(path.join(tmpdir(), 'desk-office-')), keystore: new TestKeystore(), attach: { profile: sandbox.profile, accountKey: sandbox.accountKey } });
});
afterAll(async () => {
  await desk.close();
  await sandbox.close();
});

async function signIn(login: 'accueil' | 'superviseur'): Promise<void> {
  await desk.dispatch('staff/signOut', undefined);
  expect(await desk.dispatch('staff/signIn', { login, password: 'formation' })).toMatchObject({ ok: true });
}

/** Today's appointments of one office place, of a patient whose every appointment today is there. */
function appointmentsAt(place: string, status: 'scheduled' | 'checkedIn') {
  const today = localDay(new Date());
  const todays = sandbox.world.publisher.appointments.filter((appointment) => localDay(new Date(appointment.startDate)) === today);
  const onlyThere = (patientId: string) => todays.filter((appointment) => appointment.patientId === patientId).every((appointment) => appointment.locationId === place);
  const found = todays.find((appointment) => appointment.locationId === place && appointment.status === status && (status !== 'checkedIn' || appointment.ticketNumberFormatted) && onlyThere(appointment.patientId));
  if (!found) throw new Error(`no ${status} appointment at place ${place} in the training day`);
  const patient = sandbox.world.publisher.patients.find((candidate) => candidate.id === found.patientId)!;
  return { appointment: found, patient };
}

describe('the office rule, for a receptionist of Lyon', () => {
  beforeEach(() => signIn('accueil'));

  it('refuses every channel that names a Villeurbanne appointment with FORBIDDEN, and nothing of it is printed', async () => {
    const waiting = appointmentsAt(VILLEURBANNE, 'scheduled').appointment.id;
    const received = appointmentsAt(VILLEURBANNE, 'checkedIn').appointment.id;
    const calls: [string, unknown][] = [
      ['printing/reprint', { contractAppointmentId: received }],
      ['checkin/reverify', { appointmentId: received }],
      ['checkin/readiness', { appointmentIds: [waiting] }],
      ['checkin/checkIn', { appointmentIds: [waiting] }],
      ['checkin/undo', { mainAppointmentId: received }],
      ['checkin/trainerRevertArrival', { appointmentId: received }],
    ];
    for (const [channel, request] of calls) {
      const result = await desk.dispatch(channel, request);
      expect(result, channel).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect(JSON.stringify(result)).not.toMatch(/Villeurbanne|\d{4}-\d{2}-\d{2}/);
    }
    // Nothing was checked in at the medical system either.
    expect(sandbox.world.publisher.appointments.find((appointment) => appointment.id === waiting)!.status).toBe('scheduled');
  });

  it('answers the same channels for a Lyon appointment', async () => {
    const { appointment } = appointmentsAt('1', 'checkedIn');
    expect(await desk.dispatch('checkin/reverify', { appointmentId: appointment.id })).toMatchObject({ ok: true });
    expect(await desk.dispatch('checkin/readiness', { appointmentIds: [appointment.id] })).toMatchObject({ ok: true });
  });

  it('leaves a Villeurbanne patient out of a search and a scan, name and all', async () => {
    const { patient, appointment } = appointmentsAt(VILLEURBANNE, 'scheduled');
    const searched = await desk.dispatch('checkin/search', { lastName: patient.lastName, birthDate: patient.birthDate });
    expect(searched).toMatchObject({ ok: true });
    const found = (searched as { value: CheckinSearchResponse }).value.patients;
    expect(found.flatMap((candidate) => candidate.appointments).map((item) => item.locationId)).not.toContain(VILLEURBANNE);
    expect(found.map((candidate) => candidate.id)).not.toContain(patient.id);
    const scanned = await desk.dispatch('checkin/byCode', { code: appointment.convocationCode });
    expect(JSON.stringify(scanned)).not.toContain(patient.lastName);
  });

  it('refuses to choose a Villeurbanne place, and a board left on Villeurbanne by the supervisor', async () => {
    const place = { officePlaceId: Number(VILLEURBANNE), deskId: 1, deskLabel: 'Accueil 1' };
    expect(await desk.dispatch('board/chooseWorkplace', place)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    await signIn('superviseur');
    expect(await desk.dispatch('board/chooseWorkplace', place)).toMatchObject({ ok: true });
    expect(await desk.dispatch('board/snapshot', undefined)).toMatchObject({ ok: true });
    await signIn('accueil');
    for (const channel of ['board/snapshot', 'board/office', 'board/callNext', 'statistics/day', 'statistics/exportCsv']) {
      const request = channel === 'statistics/day' ? {} : channel === 'statistics/exportCsv' ? { includeNames: true } : undefined;
      expect(await desk.dispatch(channel, request), channel).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    // Put back for the other tests: the supervisor chooses a Lyon place again.
    await signIn('superviseur');
    expect(await desk.dispatch('board/chooseWorkplace', { ...place, officePlaceId: 1 })).toMatchObject({ ok: true });
  });
});

describe('the office rule, for the supervisor of Lyon and Villeurbanne', () => {
  it('reaches a Villeurbanne patient', async () => {
    await signIn('superviseur');
    const { patient, appointment } = appointmentsAt(VILLEURBANNE, 'scheduled');
    const searched = await desk.dispatch('checkin/search', { lastName: patient.lastName, birthDate: patient.birthDate });
    expect((searched as { value: CheckinSearchResponse }).value.patients.map((candidate) => candidate.id)).toContain(patient.id);
    expect(await desk.dispatch('checkin/reverify', { appointmentId: appointment.id })).toMatchObject({ ok: true });
  });
});
