import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { failureOf } from '../../../helpers/failure-of';
import { startCheckinHarness, type CheckinHarness } from './harness';

const lea = DESK_TRAINING_PATIENTS.journey;
const hugo = DESK_TRAINING_PATIENTS.scanned;

describe('desk check-in against the training sandbox', () => {
  let h: CheckinHarness;
  beforeAll(async () => {
    h = await startCheckinHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const appointment = (id: string) => h.appointment(id);
  const ticketsOf = (id: string) => h.ticketsOf(id);

  it('finds a patient by name and birth date, or by social security number, with the appointments of the day', async () => {
    const byName = await h.service.search({ lastName: 'garnier vidal', birthDate: lea.birthDate });
    expect(byName.patients).toHaveLength(1);
    expect(byName.patients[0]).toMatchObject({ id: lea.id, displayName: 'Léa Garnier-Vidal' });
    expect(byName.patients[0]!.appointments.map((item) => [item.examLabel, item.eligible])).toEqual([
      ['IRM du genou', true],
      ['Scanner thoracique', true],
    ]);
    const bySsn = await h.service.search({ socialSecurityId: hugo.socialSecurityId });
    expect(bySsn.patients.map((patient) => patient.id)).toEqual([hugo.id]);
    expect((await h.service.search({ lastName: 'Personne', birthDate: '1901-01-01' })).patients).toEqual([]);
  });

  it('resolves a scanned convocation code, and says so in plain words when it is unknown', async () => {
    const found = await h.service.byCode(hugo.codes[0]);
    expect(found.patients[0]!.appointments).toHaveLength(1);
    expect((await failureOf(h.service.byCode('CV-NOPE'))).code).toBe('CHECKIN_UNKNOWN_CODE');
  });

  it('shows notification readiness from the medical system and the platform', async () => {
    const [scanned] = (await h.service.byCode(hugo.codes[0])).patients[0]!.appointments;
    expect(await h.service.readiness([scanned!.id])).toEqual({
      publisher: { ready: false, reason: 'notificationNotConfigured' },
      platform: { enabled: true, excludedAnomalyCodes: [] },
    });
  });

  it('checks a multi-appointment journey in with one desk ticket, in sequence, then prints it', async () => {
    const ids = (await h.service.search({ socialSecurityId: lea.socialSecurityId })).patients[0]!.appointments.map((item) => item.id);
    const result = await h.service.checkIn([ids[1]!, ids[0]!]);
    expect(result.formattedNumber).toMatch(/^I\d{3}$/);
    expect(result).toMatchObject({ numberedBy: 'platform', mainAppointmentId: ids[0], checkedIn: ids, notCheckedIn: [], print: { printed: true } });
    const [main, linked] = ids.map(appointment);
    expect(main!.status).toBe('checkedIn');
    expect(linked!.status).toBe('checkedIn');
    expect(main!.ticketNumberFormatted).toBe(result.formattedNumber);
    expect(linked!.ticketNumberFormatted).toBe(result.formattedNumber);
    expect(main!.checkIn!.request).toMatchObject({ sequence: { number: 1, count: 2 }, mainAppointmentId: null, linkedAppointmentIds: [ids[1]] });
    expect(linked!.checkIn!.request).toMatchObject({ sequence: { number: 2, count: 2 }, mainAppointmentId: ids[0] });
    expect(main!.checkIn!.request.proposedTicket).toMatchObject({ formattedNumber: result.formattedNumber });
    // One ticket for the journey, from the desk, that the publisher's arrival moved to checkedIn.
    expect(ticketsOf(ids[0]!)).toMatchObject([{ source: 'desk', status: 'checkedIn', formattedNumber: result.formattedNumber }]);
    expect(ticketsOf(ids[1]!)).toEqual([]);
    expect(h.printer.printed).toMatchObject([{ contractAppointmentId: ids[0], formattedNumber: result.formattedNumber, officePlaceId: 1 }]);

    // Undo reception: the ticket leaves the board; a second undo changes nothing.
    expect(await h.service.undo(ids[0]!)).toEqual({ cancelled: 1 });
    expect(ticketsOf(ids[0]!).map((ticket) => ticket.status)).toEqual(['cancelled']);
    expect(await h.service.undo(ids[0]!)).toEqual({ cancelled: 0 });
    // The arrival stays recorded in the medical system: checking in again is refused, not duplicated,
    // and said as it is (the ticket is cancelled), not as "already checked in".
    expect((await failureOf(h.service.checkIn(ids))).code).toBe('CHECKIN_RECEPTION_UNDONE');
  });

  it('a check-in succeeds without a printer and says the ticket was not printed', async () => {
    h.printer.available = false;
    try {
      const [scanned] = (await h.service.byCode(hugo.codes[0])).patients[0]!.appointments;
      const result = await h.service.checkIn([scanned!.id]);
      expect(result.formattedNumber).toMatch(/^I\d{3}$/);
      expect(result.print).toEqual({ printed: false, code: 'PRINTER_UNAVAILABLE' });
      expect(appointment(scanned!.id).checkIn!.request.anomalyCodes).toEqual(['INCOMPLETE_FILE']);
    } finally {
      h.printer.available = true;
    }
  });

  it('the medical system numbers the ticket when the platform is down', async () => {
    const target = h.sandbox.world.publisher.appointments.find(
      (candidate) => candidate.status === 'scheduled' && candidate.locationId === '1' && candidate.startDate.startsWith(h.sandbox.world.day) && !h.sandbox.world.publisher.appointments.some((other) => other !== candidate && other.patientId === candidate.patientId),
    )!;
    h.sandbox.faults.platform.down = true;
    try {
      const result = await h.service.checkIn([target.id]);
      expect(result).toMatchObject({ numberedBy: 'publisher', checkedIn: [target.id] });
      expect(result.formattedNumber).toBe(target.ticketNumberFormatted);
    } finally {
      h.sandbox.faults.platform.down = false;
    }
  });

  it('refuses cancelled or finished appointments and appointments of two patients, in plain words', async () => {
    const scheduled = h.sandbox.world.publisher.appointments.filter((candidate) => candidate.status === 'scheduled' && candidate.startDate.startsWith(h.sandbox.world.day));
    const [first, second] = [scheduled[0]!, scheduled.find((candidate) => candidate.patientId !== scheduled[0]!.patientId)!];
    const ticketsBefore = h.sandbox.world.platform.tickets.length;
    expect((await failureOf(h.service.checkIn([first.id, second.id]))).code).toBe('CHECKIN_MIXED_PATIENTS');
    const cancelled = h.sandbox.world.publisher.appointments.find((candidate) => candidate.status === 'cancelled')!;
    expect((await failureOf(h.service.checkIn([cancelled.id]))).code).toBe('CHECKIN_NOT_ELIGIBLE');
    // Refused before any number is taken.
    expect(h.sandbox.world.platform.tickets.length).toBe(ticketsBefore);
  });
});
