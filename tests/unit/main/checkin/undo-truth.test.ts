import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckinService } from '../../../../src-main/checkin/service';
import { DeskJournal } from '../../../../src-main/journal/desk-journal';
import { PlatformBoardClient } from '../../../../src-main/platform/tickets/board';
import { PlatformRouteMissing } from '../../../../src-main/platform/tickets/http';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { failureOf } from '../../../helpers/failure-of';
import { until } from '../../../helpers/until';
import { suiteHarness } from './harness';

const lea = DESK_TRAINING_PATIENTS.journey;

/**
 * The contract cannot revert an arrival at the medical system: after an undo at the desk
 * the desk says so everywhere, and offers check-in again once the medical system reverts it.
 */
describe('an undone desk reception tells the truth until the medical system reverts the arrival', () => {
  const harness = suiteHarness();
  const appointment = (id: string) => harness().appointment(id);
  const ticketsOf = (id: string) => harness().ticketsOf(id);

  it('undo → "ticket cancelled, arrival still recorded" on search and scan → trainer reverts → check-in again with a fresh number', async () => {
    const h = harness();
    const ids = (await h.service.search({ socialSecurityId: lea.socialSecurityId })).patients[0]!.appointments.map((item) => item.id);
    const first = await h.service.checkIn(ids);
    await h.service.undo(first.mainAppointmentId);

    // The whole journey is shown as undone here, never "already checked in" with the cancelled ticket.
    const searched = (await h.service.search({ lastName: lea.lastName, birthDate: lea.birthDate })).patients[0]!;
    expect(searched.appointments.map((item) => [item.status, item.receptionUndone, item.eligible])).toEqual([
      ['checkedIn', true, false],
      ['checkedIn', true, false],
    ]);
    // The convocation scanned again is known, and shown undone too.
    const scanned = (await h.service.byCode(lea.codes[0])).patients[0]!;
    expect(scanned.appointments.find((item) => item.id === ids[0])).toMatchObject({ receptionUndone: true, eligible: false });
    // Checking in again says why it cannot: the ticket is cancelled, the arrival stays recorded.
    const refused = await failureOf(h.service.checkIn(ids));
    expect(refused.code).toBe('CHECKIN_RECEPTION_UNDONE');
    expect(refused.message).toMatch(/cancelled/);

    // The trainer reverts the arrival the way a RIS agenda does; the platform hears of it.
    const reverted = await h.service.trainerRevertArrival(ids[0]!);
    expect(appointment(ids[0]!)).toMatchObject({ status: 'scheduled', ticketNumberFormatted: null });
    expect(reverted.patients[0]!.appointments.find((item) => item.id === ids[0])).toMatchObject({ status: 'scheduled', eligible: true, receptionUndone: false });
    expect(appointment(ids[0]!).statusHistory.at(-1)?.status).toBe('scheduled');
    // The whole visit undone here came back with it.
    expect(appointment(ids[1]!).status).toBe('scheduled');
    const again = (await h.service.reverify(ids[0]!)).patients[0]!;
    expect(again.appointments.map((item) => item.eligible)).toEqual([true, true]);

    // Checked in again: a fresh number, the cancelled ticket stays cancelled.
    const second = await h.service.checkIn(ids);
    expect(second.formattedNumber).toMatch(/^I\d{3}$/);
    expect(second.formattedNumber).not.toBe(first.formattedNumber);
    expect(appointment(ids[0]!).ticketNumberFormatted).toBe(second.formattedNumber);
    expect(ticketsOf(ids[0]!).map((ticket) => [ticket.formattedNumber, ticket.status])).toEqual([
      [first.formattedNumber, 'cancelled'],
      [second.formattedNumber, 'checkedIn'],
    ]);
    const after = (await h.service.search({ socialSecurityId: lea.socialSecurityId })).patients[0]!;
    expect(after.appointments.map((item) => [item.ticketNumberFormatted, item.receptionUndone])).toEqual([
      [second.formattedNumber, false],
      [second.formattedNumber, false],
    ]);
  });

  it('a reverted arrival never brings the cancelled ticket back onto the board', async () => {
    const h = harness();
    const hugo = DESK_TRAINING_PATIENTS.scanned;
    const [scanned] = (await h.service.byCode(hugo.codes[0])).patients[0]!.appointments;
    const result = await h.service.checkIn([scanned!.id]);
    await h.service.undo(result.mainAppointmentId);
    await h.service.trainerRevertArrival(scanned!.id);
    // The publisher's status push (scheduled) reaches the platform, which keeps the withdrawn ticket cancelled.
    await until(async () => (await h.service.reverify(scanned!.id)).patients[0]!.appointments[0]!.eligible);
    expect(ticketsOf(scanned!.id).map((ticket) => ticket.status)).toEqual(['cancelled']);
    // Reverting again is harmless; a trainer cannot revert what never arrived into something else.
    await h.service.trainerRevertArrival(scanned!.id);
    expect(appointment(scanned!.id).status).toBe('scheduled');
  });

  it('a desk started again still tells an undone reception from its journal of the day', async () => {
    const h = harness();
    const [scanned] = (await h.service.byCode(DESK_TRAINING_PATIENTS.scanned.codes[0])).patients[0]!.appointments;
    const result = await h.service.checkIn([scanned!.id]);
    await h.service.undo(result.mainAppointmentId);
    // A new service on the same journal: nothing in memory, the journal remembers.
    const restarted = new CheckinService(h.deps);
    const [seen] = (await restarted.byCode(DESK_TRAINING_PATIENTS.scanned.codes[0])).patients[0]!.appointments;
    expect(seen).toMatchObject({ status: 'checkedIn', receptionUndone: true, eligible: false });
    expect((await failureOf(restarted.checkIn([scanned!.id]))).code).toBe('CHECKIN_RECEPTION_UNDONE');
    await restarted.trainerRevertArrival(scanned!.id);
    const again = await restarted.checkIn([scanned!.id]);
    expect(again.formattedNumber).not.toBe(result.formattedNumber);
    expect((await restarted.byCode(DESK_TRAINING_PATIENTS.scanned.codes[0])).patients[0]!.appointments[0]).toMatchObject({ receptionUndone: false });
  });

  it('outside training the desk cannot drive the medical system', async () => {
    const h = harness();
    const service = new CheckinService({ ...h.deps, training: null });
    expect((await failureOf(service.trainerRevertArrival('A1'))).code).toBe('ADMIN_TRAINING_ONLY');
  });
});

describe('a reception undone at one desk, seen from another desk of the office', () => {
  const harness = suiteHarness();
  const hugo = DESK_TRAINING_PATIENTS.scanned;
  /** A second desk: its own memory and journal, the same office place and platform. */
  const anotherDesk = async (withDayList: boolean) =>
    new CheckinService({
      ...harness().deps,
      journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'checkin-other-desk-'))),
      ...(withDayList ? { board: new PlatformBoardClient(harness().http) } : {}),
    });
  const scannedOn = async (service: CheckinService) => (await service.byCode(hugo.codes[0])).patients[0]!.appointments[0]!;

  it("is told from the platform's day list, never as 'already checked in' with the cancelled number", async () => {
    const h = harness();
    const appointment = await scannedOn(h.service);
    const first = await h.service.checkIn([appointment.id]);
    await h.service.undo(first.mainAppointmentId);

    const other = await anotherDesk(true);
    expect(await scannedOn(other)).toMatchObject({ status: 'checkedIn', ticketNumberFormatted: first.formattedNumber, receptionUndone: true, eligible: false });
    expect((await other.search({ socialSecurityId: hugo.socialSecurityId })).patients[0]!.appointments[0]).toMatchObject({ receptionUndone: true });
    expect((await failureOf((await anotherDesk(true)).checkIn([appointment.id]))).code).toBe('CHECKIN_RECEPTION_UNDONE');
    // A desk with no day list to ask can only say what the medical system says.
    expect(await scannedOn(await anotherDesk(false))).toMatchObject({ status: 'checkedIn', receptionUndone: false });

    // Reverted, then checked in again: a live ticket under the new number is a reception like any other.
    await h.service.trainerRevertArrival(appointment.id);
    const second = await h.service.checkIn([appointment.id]);
    expect(await scannedOn(await anotherDesk(true))).toMatchObject({ status: 'checkedIn', ticketNumberFormatted: second.formattedNumber, receptionUndone: false });
  });

  it('an arrival already recorded says when: the issue time of its live ticket on the platform, else in the desk journal', async () => {
    const h = harness();
    // Hugo as the tests before left him: checked in here, under a live ticket.
    const appointment = await scannedOn(h.service);
    const issued = { formattedNumber: appointment.status === 'scheduled' ? (await h.service.checkIn([appointment.id])).formattedNumber : appointment.ticketNumberFormatted };
    const live = h.ticketsOf(appointment.id).find((ticket) => ticket.status !== 'cancelled' && ticket.formattedNumber === issued.formattedNumber)!;
    expect(live).toBeDefined();
    // Another desk that reads the platform's day list: the platform's time, on scan and search alike.
    const other = await anotherDesk(true);
    expect(await scannedOn(other)).toMatchObject({ status: 'checkedIn', ticketNumberFormatted: issued.formattedNumber, checkedInAt: live.issuedAt });
    expect((await other.search({ socialSecurityId: hugo.socialSecurityId })).patients[0]!.appointments[0]!.checkedInAt).toBe(live.issuedAt);
    // The desk that issued it, without a day list, tells its own journal's time (what its board shows).
    const own = new CheckinService({ ...h.deps, board: undefined });
    const journal = h.journal.ticketFor(appointment.id)!;
    expect((await scannedOn(own)).checkedInAt).toBe(journal.issuedAt);
    // A desk that knows of no ticket says nothing rather than a wrong time.
    expect((await scannedOn(await anotherDesk(false))).checkedInAt).toBeNull();
  });

  it('a platform that never answers does not hold the search: it shows what the medical system says', async () => {
    const h = harness();
    const appointment = await scannedOn(h.service);
    if (appointment.status === 'scheduled') await h.service.checkIn([appointment.id]);
    const never = { listForDay: () => new Promise<never>(() => undefined) };
    const other = new CheckinService({ ...h.deps, journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'checkin-slow-'))), board: never });
    // Bounded by DAY_LIST_WAIT_MS: without the bound this never settles and the test times out.
    expect(await scannedOn(other)).toMatchObject({ status: 'checkedIn', receptionUndone: false });
  });

  it('a platform without the day list is asked once, not at every search', async () => {
    const h = harness();
    let asked = 0;
    const older = {
      listForDay: async () => {
        asked += 1;
        throw new PlatformRouteMissing('listForDay');
      },
    };
    const other = new CheckinService({ ...h.deps, journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'checkin-older-'))), board: older });
    for (let i = 0; i < 3; i += 1) expect(await scannedOn(other)).toMatchObject({ status: 'checkedIn', receptionUndone: false });
    expect(asked).toBe(1);
  });
});
