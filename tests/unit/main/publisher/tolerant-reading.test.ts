import { describe, expect, it } from 'vitest';
import { PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { issuedTicketSchema } from '../../../../src-shared/platform/tickets';
import { startScriptedServer } from '../../../helpers/scripted-server';
import { BASE, baseProfile, failure, makeClient } from './support';

const ONCE = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 };
const patient = { id: 'P1', firstName: 'Ana', lastName: 'Roux', birthDate: '1980-01-02' };
const appointment = { id: 'A5000~RDV24000', patientId: 'P1', startDate: '2030-01-02T09:00:00+01:00', status: 'checkedIn' };

async function readPair(answer: unknown) {
  const server = await startScriptedServer([{ status: 200, body: JSON.stringify(answer) }]);
  const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key', { retry: ONCE });
  try {
    return await client.getAppointmentById(appointment.id);
  } finally {
    await server.close();
  }
}

describe('tolerant reading, one rule per test', () => {
  it('a non-required field sent as null reads as absent', async () => {
    const pair = await readPair({
      patient: { ...patient, email: null, address: null, referringPractitioner: null },
      appointment: { ...appointment, examLabel: null, endDate: null, awaitingExternalNotification: null },
      otherAppointments: [],
      vendorData: null,
    });
    expect(pair.patient.email).toBeUndefined();
    expect(pair.patient.address).toBeUndefined();
    expect(pair.appointment.examLabel).toBeUndefined();
    expect(pair.appointment.endDate).toBeUndefined();
    expect(pair.vendorData).toBeUndefined();
  });

  it('a field the contract types "T or null" reads as null when absent', async () => {
    const pair = await readPair({ patient, appointment, otherAppointments: [] });
    expect(pair.appointment.ticketNumber).toBeNull();
    expect(pair.appointment.ticketNumberFormatted).toBeNull();
    expect(pair.appointment.prescriber).toBeNull();
  });

  it('other appointments sent as null or left out read as none', async () => {
    expect((await readPair({ patient, appointment, otherAppointments: null })).otherAppointments).toEqual([]);
    expect((await readPair({ patient, appointment })).otherAppointments).toEqual([]);
  });

  it('unknown fields are dropped, vendorData is kept whole (nulls inside included)', async () => {
    const vendorData = { visit: { room: null, tags: ['a'] } };
    const pair = await readPair({ patient, appointment: { ...appointment, vendorData, futureField: 1 }, otherAppointments: [], extra: { a: 1 } });
    expect(pair.appointment).not.toHaveProperty('futureField');
    expect(pair).not.toHaveProperty('extra');
    expect(pair.appointment.vendorData).toEqual(vendorData);
  });

  it('date-times with fractions, Z, or a +hhmm offset are read, the offset kept in +hh:mm', async () => {
    const pair = await readPair({
      patient,
      appointment: { ...appointment, startDate: '2030-01-02T09:00:00.000+0100', endDate: '2030-01-02T08:30:00.5Z' },
      otherAppointments: [],
    });
    expect(pair.appointment.startDate).toBe('2030-01-02T09:00:00.000+01:00');
    expect(pair.appointment.endDate).toBe('2030-01-02T08:30:00.5Z');
  });

  it('a readiness reason the desk does not know reads as none; ready keeps the meaning', async () => {
    const server = await startScriptedServer([
      { status: 200, body: JSON.stringify({ ready: false, reason: 'notificationPending' }) },
      { status: 200, body: JSON.stringify({ ready: false, reason: 'notificationDisabled' }) },
    ]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key', { retry: ONCE });
    expect(await client.getNotificationReadiness('A1')).toEqual({ ready: false });
    expect(await client.getNotificationReadiness('A1')).toEqual({ ready: false, reason: 'notificationDisabled' });
    await server.close();
  });

  it('a missing required field is CONTRACT_VIOLATION naming the field, never a value', async () => {
    const { startDate: _dropped, ...withoutStart } = appointment;
    const server = await startScriptedServer([{ status: 200, body: JSON.stringify({ patient, appointment: withoutStart, otherAppointments: [] }) }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key', { retry: ONCE });
    const error = await failure(client.getAppointmentById(appointment.id));
    expect(error.code).toBe('CONTRACT_VIOLATION');
    expect(error.message).toContain('(appointment.startDate)');
    expect(error.message).not.toContain('Roux');
    expect(error.message).not.toContain('A5000');
    await server.close();
  });

  it('a required field sent as null is a wrong type, named', async () => {
    const server = await startScriptedServer([{ status: 200, body: JSON.stringify({ patient: { ...patient, lastName: null }, appointment, otherAppointments: [] }) }]);
    const { client } = makeClient(baseProfile(`${server.url}${BASE}`), 'key', { retry: ONCE });
    const error = await failure(client.getAppointmentById(appointment.id));
    expect(error.code).toBe('CONTRACT_VIOLATION');
    expect(error.message).toContain('(patient.lastName)');
    await server.close();
  });

  it('a platform answer missing a required field names it too', async () => {
    const server = await startScriptedServer([{ status: 200, body: JSON.stringify({ formattedNumber: 'I012', day: '2030-01-02' }) }]);
    const http = new PlatformHttp({ platformUrl: server.url, licenceUuid: 'lic', accountKey: 'k', retry: ONCE });
    const error = await http.post('/api/kioskTicket/issueForAppointment', {}, issuedTicketSchema).then(
      () => null,
      (e: unknown) => e as Error & { code: string },
    );
    expect(error).toMatchObject({ code: 'CONTRACT_VIOLATION' });
    expect(error!.message).toContain('(number)');
    expect(error!.message).not.toContain('I012');
    await server.close();
  });
});
