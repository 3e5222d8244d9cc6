import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { notifySettingFor, NOTIFY_SETTINGS_TTL_MS, ReceptionClient } from '../../../../src-main/platform/tickets/reception';
import { failureOf } from '../../../helpers/failure-of';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';

const noWait = { random: () => 0, sleep: async () => undefined, now: () => 0 };

describe('reception ticket services against the sandbox platform', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const client = (accountKey = sandbox.accountKey, deps = {}) =>
    new ReceptionClient(new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey, retryDeps: noWait }), deps);
  const ticketsOf = (appointmentId: string) => sandbox.world.platform.tickets.filter((ticket) => ticket.contractAppointmentId === appointmentId);
  const request = { officePlaceId: 1, contractAppointmentId: 'A-desk-1', examTypeId: 'IRM', patientDisplayName: 'Test Patient', examLabel: 'IRM du genou' };

  it('issues a desk ticket in the kiosks sequence, and a replay of the same uid gets the same number', async () => {
    const reception = client();
    const first = await reception.issueForAppointment(request);
    expect(first.formattedNumber).toMatch(/^I\d{3}$/);
    expect(first.requestUid).toMatch(/^desk-/);
    const replay = await reception.issueForAppointment({ ...request, requestUid: first.requestUid });
    expect(replay).toEqual(first);
    expect(ticketsOf('A-desk-1')).toHaveLength(1);
    expect(ticketsOf('A-desk-1')[0]).toMatchObject({ source: 'desk', status: 'issued', formattedNumber: first.formattedNumber });
  });

  it('a new generation consumes a new number', async () => {
    const reception = client();
    const first = await reception.issueForAppointment({ ...request, contractAppointmentId: 'A-desk-2' });
    const second = await reception.issueForAppointment({ ...request, contractAppointmentId: 'A-desk-2' });
    expect(second.requestUid).not.toBe(first.requestUid);
    expect(second.number).toBe(first.number + 1);
  });

  it('cancels the appointment tickets, idempotently', async () => {
    const reception = client();
    await reception.issueForAppointment({ ...request, contractAppointmentId: 'A-desk-3' });
    expect(await reception.cancelForAppointment('A-desk-3')).toEqual({ cancelled: 1 });
    expect(await reception.cancelForAppointment('A-desk-3')).toEqual({ cancelled: 0 });
    expect(ticketsOf('A-desk-3').map((ticket) => ticket.status)).toEqual(['cancelled']);
  });

  it('a wrong key is a typed PLATFORM_KEY_REFUSED that never shows the key', async () => {
    const error = await failureOf(client('not-the-key').issueForAppointment(request));
    expect(error.code).toBe('PLATFORM_KEY_REFUSED');
    expect(error.message).not.toContain('not-the-key');
  });

  it('caches the notify settings about 30 s, then asks again', async () => {
    let now = 1_000;
    const reception = client(sandbox.accountKey, { now: () => now });
    const first = await reception.getCheckinNotifySettings();
    expect(notifySettingFor(first.settings, 3)).toEqual({ enabled: false, excludedAnomalyCodes: ['INCOMPLETE_FILE'] });
    expect(notifySettingFor(first.settings, 1)).toEqual({ enabled: true, excludedAnomalyCodes: [] });
    sandbox.faults.platform.down = true;
    try {
      now += NOTIFY_SETTINGS_TTL_MS - 1;
      expect(await reception.getCheckinNotifySettings()).toBe(first);
      now += 2;
      expect((await failureOf(reception.getCheckinNotifySettings())).code).toBe('PLATFORM_UNREACHABLE');
    } finally {
      sandbox.faults.platform.down = false;
    }
  });
});
