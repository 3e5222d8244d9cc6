import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listForDayResponseSchema, type DeskTicket } from '../../../../src-shared/platform/tickets';
import { appointmentPairSchema } from '../../../../src-shared/publisher/schemas';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ now: new Date('2026-11-23T10:30:00'), clock: () => new Date('2026-11-23T10:30:00') });
});
afterAll(async () => {
  await sandbox.close();
});

function contract(path: string, init: RequestInit = {}, device = true) {
  return fetch(`${sandbox.contractBaseUrl}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      'X-Kiosk-Auth-Key': sandbox.accountKey,
      'X-Kiosk-Office-Id': sandbox.profile.officeIdHeader,
      ...(device ? { 'X-Kiosk-Device-Id': sandbox.profile.deviceId } : {}),
    },
  });
}

async function listTickets(): Promise<DeskTicket[]> {
  const response = await fetch(`${sandbox.platformUrl}/api/kioskTicket/listForDay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: sandbox.accountKey },
    body: JSON.stringify({ licenceUuid: sandbox.licenceUuid, day: sandbox.world.day }),
  });
  expect(response.status).toBe(200);
  return listForDayResponseSchema.parse(await response.json()).tickets;
}

describe('training sandbox start-up', () => {
  it('serves both servers on 127.0.0.1 and hands out the Training profile', async () => {
    expect(sandbox.platformUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.publisherUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.profile).toMatchObject({ training: true, contractMode: 'direct', contractBaseUrl: sandbox.contractBaseUrl });
    const home = await (await fetch(`${sandbox.platformUrl}/`)).json();
    expect(home).toMatchObject({ version: '1.0' });
  });

  it('seeds the same tickets on the platform and on the publisher', async () => {
    const tickets = await listTickets();
    expect(tickets.length).toBeGreaterThanOrEqual(20);
    for (const ticket of tickets.slice(0, 5)) {
      const pair = appointmentPairSchema.parse(await (await contract(`/appointments/${encodeURIComponent(ticket.contractAppointmentId!)}`)).json());
      expect(pair.appointment.ticketNumberFormatted).toBe(ticket.formattedNumber);
    }
  });

  it('a simulated kiosk arrival goes through the contract and shows up on the platform', async () => {
    const arrival = await sandbox.kiosk.arrive();
    expect(arrival).not.toBeNull();
    const [mainId] = arrival!.appointmentIds;
    const pair = appointmentPairSchema.parse(await (await contract(`/appointments/${encodeURIComponent(mainId!)}`)).json());
    expect(pair.appointment.status).toBe('checkedIn');
    expect(pair.appointment.ticketNumberFormatted).toBe(arrival!.formattedNumber);
    await expect
      .poll(async () => (await listTickets()).find((ticket) => ticket.contractAppointmentId === mainId)?.status, { timeout: 5_000 })
      .toBe('checkedIn');
    const ticket = (await listTickets()).find((candidate) => candidate.contractAppointmentId === mainId)!;
    expect(ticket).toMatchObject({ formattedNumber: arrival!.formattedNumber, source: 'kiosk', patientDisplayName: arrival!.patientDisplayName });
  });

  it('a status change on the publisher reaches the platform (best effort)', async () => {
    const ticket = (await listTickets()).find((candidate) => candidate.status === 'checkedIn')!;
    const put = await contract(`/appointments/${encodeURIComponent(ticket.contractAppointmentId!)}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'inCare' }),
    }, false);
    expect(put.status).toBe(200);
    await expect
      .poll(async () => (await listTickets()).find((candidate) => candidate.ticketId === ticket.ticketId)?.status, { timeout: 5_000 })
      .toBe('inCare');
  });

  it('fault switches: the next requests fail with 503, then service resumes', async () => {
    sandbox.faults.publisher.failNext = 2;
    expect((await contract('/config/rooms', {}, false)).status).toBe(503);
    expect((await contract('/config/rooms', {}, false)).status).toBe(503);
    expect((await contract('/config/rooms', {}, false)).status).toBe(200);
  });

  it('fault switches: a publisher that is down drops connections; the platform stays up', async () => {
    sandbox.faults.publisher.down = true;
    await expect(contract('/config/rooms', {}, false)).rejects.toThrow();
    sandbox.faults.publisher.down = false;
    expect((await contract('/config/rooms', {}, false)).status).toBe(200);
    expect((await fetch(`${sandbox.platformUrl}/`)).status).toBe(200);
  });
});

describe('training sandbox without publisher pushes', () => {
  it('--no-publisher-pushes (both CLIs) and publisherPushes: false: a kiosk arrival stays issued, a status change stays untold', async () => {
    for (const options of [{ publisherFlags: ['--kiosk-every', '0', '--no-publisher-pushes'] }, { publisherPushes: false }]) {
      const quiet = await startSandbox({ now: new Date('2026-11-23T10:30:00'), clock: () => new Date('2026-11-23T10:30:00'), ...options });
      try {
        expect(quiet.behaviour.pushes).toBe(false);
        const arrival = (await quiet.kiosk.arrive())!;
        const list = async () => {
          const response = await fetch(`${quiet.platformUrl}/api/kioskTicket/listForDay`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: quiet.accountKey },
            body: JSON.stringify({ licenceUuid: quiet.licenceUuid, day: quiet.world.day }),
          });
          return listForDayResponseSchema.parse(await response.json()).tickets;
        };
        const put = await fetch(`${quiet.contractBaseUrl}/appointments/${encodeURIComponent(arrival.appointmentIds[0]!)}/status`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'X-Kiosk-Auth-Key': quiet.accountKey, 'X-Kiosk-Office-Id': quiet.profile.officeIdHeader },
          body: JSON.stringify({ status: 'inCare' }),
        });
        expect(await put.json()).toEqual({ status: 'inCare' });
        // The kiosk's check-in and the status change both happened at the publisher; the platform still holds the issued ticket.
        const ticket = (await list()).find((candidate) => candidate.contractAppointmentId === arrival.appointmentIds[0]);
        expect(ticket?.status).toBe('issued');
      } finally {
        await quiet.close();
      }
    }
  });
});
