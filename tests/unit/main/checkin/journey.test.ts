import { afterEach, describe, expect, it } from 'vitest';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { startCheckinHarness, type CheckinHarness } from './harness';

const lea = DESK_TRAINING_PATIENTS.journey;

/** Léa Garnier-Vidal, checked in at the desk for her knee MRI and her chest scan together (a fresh sandbox each). */
describe('a journey checked in together carries one ticket on every appointment', () => {
  let h: CheckinHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const leaAppointments = async (harness: CheckinHarness) =>
    (await harness.service.search({ socialSecurityId: lea.socialSecurityId })).patients[0]!.appointments.map((item) => item.id);

  it('both appointments carry the platform ticket, and the ticket printed lists both exams', async () => {
    h = await startCheckinHarness();
    const [mriId, scanId] = await leaAppointments(h);
    const result = await h.service.checkIn([mriId!, scanId!]);
    expect(result).toMatchObject({ numberedBy: 'platform', checkedIn: [mriId, scanId] });
    for (const id of [mriId!, scanId!]) {
      expect(h.appointment(id).ticketNumberFormatted).toBe(result.formattedNumber);
      expect(h.appointment(id).checkIn!.request.proposedTicket).toMatchObject({ formattedNumber: result.formattedNumber });
    }
    // The printer is handed the whole journey: the main appointment and the one checked in with it.
    const [job] = h.printer.printed;
    expect(job!.appointment?.examLabel).toBe('IRM du genou');
    expect(job!.linked?.map((item) => [item.id, item.examLabel, item.roomLabel])).toEqual([[scanId, 'Scanner thoracique', 'Scanner']]);
  });

  it('without the platform, the scan carries the number the medical system gave the MRI', async () => {
    h = await startCheckinHarness();
    const [mriId, scanId] = await leaAppointments(h);
    h.sandbox.faults.platform.down = true;
    const result = await h.service.checkIn([mriId!, scanId!]);
    expect(result).toMatchObject({ numberedBy: 'publisher', checkedIn: [mriId, scanId] });
    const mri = h.appointment(mriId!);
    // Proposed in the contract's own field, so any medical system keeps one number for the visit.
    expect(h.appointment(scanId!).checkIn!.request.proposedTicket).toEqual({ number: mri.ticketNumber, formattedNumber: mri.ticketNumberFormatted });
    expect(h.appointment(scanId!).ticketNumberFormatted).toBe(result.formattedNumber);
  });
});
