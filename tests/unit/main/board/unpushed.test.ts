import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKET_SERVICE_PATHS, type DeskTicket } from '../../../../src-shared/platform/tickets';
import { CheckinService } from '../../../../src-main/checkin/service';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { until } from '../../../helpers/until';
import { RecordingPrinter } from '../checkin/harness';
import { fastBoard, openDesk } from './harness';

type Desk = Awaited<ReturnType<typeof openDesk>>;

/**
 * The board on a medical system that never pushes (`--no-publisher-pushes`, like the contract's
 * reference implementation): the platform's tickets stay as issued, and only the desks' reads with
 * getAppointmentById (recheck.ts, rechecking.ts) put the patients on the board.
 */
describe('call board without pushes from the medical system', () => {
  let sandbox: RunningSandbox;
  const closing: (() => unknown)[] = [];
  beforeEach(async () => {
    sandbox = await startSandbox({ publisherPushes: false });
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    await sandbox.close();
  });
  const open = async (options = { ...fastBoard, recheckTickMs: 200 }, deskId = 1) => {
    const desk = await openDesk(sandbox, undefined, options);
    closing.push(() => desk.close());
    await desk.board.chooseWorkplace({ officePlaceId: sandbox.profile.officePlaceId!, deskId, deskLabel: `Accueil ${deskId}` });
    await desk.board.snapshot();
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    return desk;
  };
  const appointment = (id: string) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id)!;
  const platformTicket = (id: string) => sandbox.world.platform.tickets.find((ticket) => ticket.contractAppointmentId === id && ticket.status !== 'cancelled');
  const rowOf = async (desk: Desk, id: string) => (await desk.board.snapshot()).rows.find((row) => row.contractAppointmentId === id);
  const ticketService = (path: string, body: Record<string, unknown>) =>
    fetch(`${sandbox.platformUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: sandbox.accountKey },
      body: JSON.stringify({ licenceUuid: sandbox.licenceUuid, ...body }),
    });
  const contract = (method: string, path: string, body: unknown) =>
    fetch(`${sandbox.contractBaseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Kiosk-Auth-Key': sandbox.accountKey,
        'X-Kiosk-Office-Id': sandbox.profile.officeIdHeader,
        'X-Kiosk-Device-Id': sandbox.profile.deviceId,
      },
      body: JSON.stringify(body),
    });
  /** A patient of the desk's office place expected today, not arrived yet. */
  const scheduled = () =>
    sandbox.world.publisher.appointments.find(
      (candidate) => candidate.status === 'scheduled' && candidate.locationId === '1' && !sandbox.world.publisher.appointments.some((other) => other !== candidate && other.patientId === candidate.patientId),
    )!;

  it('a kiosk arrival: the issued ticket is read again until the medical system confirms it, then shows on every desk, read once', async () => {
    const reader = await open();
    // The second desk never runs its own schedule: what it shows, it learns from the first one's report.
    const other = await open({ ...fastBoard, recheckTickMs: 0 }, 2);
    const main = scheduled();
    const reads = vi.spyOn(other.parts.publisher, 'getAppointmentById');
    const readsOf = () => reads.mock.calls.filter(([id]) => id === main.id).length;

    // The kiosk reserves the number: both desks read the appointment at once, not arrived yet.
    const issued = await ticketService(TICKET_SERVICE_PATHS.issueForAppointment, { officePlaceId: 1, contractAppointmentId: main.id, requestUid: 'kiosk-unpushed-1', source: 'kiosk', patientDisplayName: 'Patient Kiosque' });
    const { formattedNumber, number } = (await issued.json()) as { formattedNumber: string; number: number };
    for (const desk of [reader, other]) await until(() => desk.board.verifier.cached(main.id)?.kind === 'verified');
    expect(await rowOf(reader, main.id)).toBeUndefined();
    const readsBefore = readsOf();

    // The kiosk checks the patient in at the medical system, which tells the platform nothing.
    expect((await contract('POST', `/appointments/${encodeURIComponent(main.id)}/check-in`, { identifiedWithHealthCard: true, anomalyCodes: [], sequence: { number: 1, count: 1 }, proposedTicket: { number, formattedNumber } })).status).toBe(200);
    await until(async () => (await rowOf(reader, main.id))?.group === 'waiting', 4_000);
    // What the first desk read, it reported: the platform's ticket moved, and the other desk shows it without asking.
    await until(() => platformTicket(main.id)?.status === 'checkedIn');
    expect(platformTicket(main.id)!.verified).toMatchObject({ status: 'checkedIn', deskLabel: 'Accueil 1' });
    await until(async () => (await rowOf(other, main.id))?.group === 'waiting');
    expect(await rowOf(other, main.id)).toMatchObject({ formattedNumber, status: 'checkedIn', verification: 'verified' });
    expect(readsOf()).toBe(readsBefore);
  });

  it('a status the medical system changes by itself reaches the board within 10 s, and the office through the report', async () => {
    const desk = await open();
    const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting' && candidate.contractAppointmentId)!;
    const id = row.contractAppointmentId!;
    await until(() => desk.board.verifier.cached(id)?.kind === 'verified');
    // A technician takes the patient into care in the medical system (another client than this desk).
    const moved = Date.now();
    expect((await contract('PUT', `/appointments/${encodeURIComponent(id)}/status`, { status: 'inCare' })).status).toBe(200);
    await until(async () => (await rowOf(desk, id))?.status === 'inCare', 10_000);
    expect(Date.now() - moved).toBeLessThanOrEqual(10_000);
    await until(() => platformTicket(id)?.status === 'inCare');
  });

  it('a row staff select is read from the medical system at once, without waiting for its turn', async () => {
    const desk = await open({ ...fastBoard, recheckTickMs: 0 });
    const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.contractAppointmentId)!;
    await until(() => desk.board.verifier.cached(row.contractAppointmentId!)?.kind === 'verified');
    const reads = vi.spyOn(desk.parts.publisher, 'getAppointmentById');
    expect(await desk.handlers['board/focus']({ ticketId: row.ticketId })).toBeNull();
    await until(() => reads.mock.calls.some(([id]) => id === row.contractAppointmentId));
  });

  it("this desk's own check-in shows on its board and on the platform; an undone reception is never revived by a later read", async () => {
    const desk = await open();
    const checkin = new CheckinService({ ...desk.parts, board: desk.parts.board, printer: new RecordingPrinter() });
    const found = await checkin.search({ socialSecurityId: DESK_TRAINING_PATIENTS.journey.socialSecurityId });
    const ids = found.patients[0]!.appointments.map((item) => item.id);
    const result = await checkin.checkIn(ids);
    await until(async () => (await rowOf(desk, ids[0]!))?.group === 'waiting');
    expect(await rowOf(desk, ids[0]!)).toMatchObject({ formattedNumber: result.formattedNumber, status: 'checkedIn' });
    await until(() => platformTicket(ids[0]!)?.status === 'checkedIn');

    const undone = Date.now();
    await checkin.undo(ids[0]!);
    await until(async () => (await rowOf(desk, ids[0]!)) === undefined);
    // The medical system still holds the arrival; the desk reads it again (the cancellation's event), the platform keeps the cancellation.
    await until(() => (desk.board.verifier.cached(ids[0]!)?.at ?? 0) > undone && desk.board.verifier.cached(ids[0]!)?.kind === 'verified');
    expect(appointment(ids[0]!).status).toBe('checkedIn');
    const tickets = sandbox.world.platform.tickets.filter((ticket: DeskTicket) => ticket.contractAppointmentId === ids[0]);
    expect(tickets.map((ticket) => ticket.status)).toEqual(['cancelled']);
    expect(await rowOf(desk, ids[0]!)).toBeUndefined();
  });
});

describe('call board without pushes nor desk extensions: the desk journal', () => {
  let sandbox: RunningSandbox;
  afterEach(async () => {
    await sandbox.close();
  });

  it("the desk's own patient moved by the medical system shows within 10 s, as on the platform's day list", async () => {
    sandbox = await startSandbox({ publisherPushes: false, platformFlags: ['--no-desk-extensions'] });
    const desk = await openDesk(sandbox, undefined, { ...fastBoard, recheckTickMs: 200 });
    try {
      await desk.board.snapshot();
      const checkin = new CheckinService({ ...desk.parts, printer: new RecordingPrinter() });
      const ids = (await checkin.search({ socialSecurityId: DESK_TRAINING_PATIENTS.journey.socialSecurityId })).patients[0]!.appointments.map((item) => item.id);
      await checkin.checkIn(ids);
      await until(async () => (await desk.board.snapshot()).rows.some((row) => row.contractAppointmentId === ids[0] && row.verification === 'verified'));
      sandbox.world.publisher.appointments.find((candidate) => candidate.id === ids[0])!.status = 'inCare';
      await until(async () => (await desk.board.snapshot()).rows.find((row) => row.contractAppointmentId === ids[0])?.status === 'inCare', 10_000);
    } finally {
      await desk.close();
    }
  });
});
