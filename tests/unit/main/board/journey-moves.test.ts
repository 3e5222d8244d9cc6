import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckinService } from '../../../../src-main/checkin/service';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { until } from '../../../helpers/until';
import { RecordingPrinter } from '../checkin/harness';
import { fastBoard, openDesk } from './harness';

const lea = DESK_TRAINING_PATIENTS.journey;
/** Short enough for a test, long enough to act within it. */
const UNDO_MS = 1_500;
/** Each desk reads its rows again on its own, as a desk does (docs/board.md, "How fresh a row is"). */
const options = { ...fastBoard, recheckTickMs: 200, undoMs: UNDO_MS };
type Desk = Awaited<ReturnType<typeof openDesk>>;

/**
 * Léa checked in at once for her knee MRI and her chest scan: one platform ticket, on the MRI. The MRI
 * team's desk and the scanner team's desk each serve their own exam type (their queues). The medical
 * system pushes nothing here, so the platform's ticket moves only when a desk moves it.
 */
// A sandbox, two desks, a check-in and each desk's reads of the row: over 20 s on a loaded two-core machine.
describe("a journey's exams moved one by one, each by its team's desk", { timeout: 60_000 }, () => {
  let sandbox: RunningSandbox;
  const desks: Desk[] = [];
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await sandbox.close();
  });

  async function arrive({ publisherPushes = false } = {}) {
    sandbox = await startSandbox({ publisherPushes });
    const place = sandbox.profile.officePlaceId!;
    const open = async (deskId: number, deskLabel: string, dataDir?: string) => {
      const desk = await openDesk(sandbox, dataDir, options);
      desks.push(desk);
      await desk.board.chooseWorkplace({ officePlaceId: place, deskId, deskLabel });
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
      return desk;
    };
    const mriDesk = await open(1, 'Accueil IRM');
    const scanDesk = await open(2, 'Accueil Scanner');
    const checkin = new CheckinService({ ...mriDesk.parts, printer: new RecordingPrinter() });
    const [mriId, scanId] = (await checkin.search({ socialSecurityId: lea.socialSecurityId })).patients[0]!.appointments.map((item) => item.id) as [string, string];
    const mriType = appointment(mriId).examTypeId!;
    const scanType = appointment(scanId).examTypeId!;
    expect(mriType).not.toBe(scanType);
    await mriDesk.handlers['board/setQueue']({ examTypeIds: [mriType], rooms: [], practitioners: [] });
    await scanDesk.handlers['board/setQueue']({ examTypeIds: [scanType], rooms: [], practitioners: [] });
    await checkin.checkIn([mriId, scanId]);
    for (const desk of [mriDesk, scanDesk]) await until(async () => (await rowOf(desk, mriId))?.linkedExams?.length === 1);
    const ticketId = (await rowOf(mriDesk, mriId))!.ticketId;
    return { mriDesk, scanDesk, mriId, scanId, ticketId, reopen: (dataDir: string) => open(1, 'Accueil IRM', dataDir) };
  }

  const appointment = (id: string) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id)!;
  const platformTicket = (ticketId: string) => sandbox.world.platform.tickets.find((ticket) => ticket.ticketId === ticketId)!;
  const rowOf = async (desk: Desk, mainId: string) => (await desk.board.snapshot()).rows.find((row) => row.contractAppointmentId === mainId);
  const statuses = (...ids: string[]) => ids.map((id) => appointment(id).status);

  /** The MRI team calls Léa and takes her into care: the MRI alone moves. */
  async function mriInCare({ mriDesk, ticketId, mriId, scanId }: Awaited<ReturnType<typeof arrive>>) {
    await mriDesk.call(ticketId, false);
    expect((await mriDesk.setStatus(ticketId, 'inCare')).outcome).toBe('done');
    expect(statuses(mriId, scanId)).toEqual(['inCare', 'checkedIn']);
  }

  /** The scanner team calls her and takes her into care, its own exam moving. */
  async function scanInCare({ scanDesk, ticketId, mriId, scanId }: Awaited<ReturnType<typeof arrive>>) {
    await until(async () => (await rowOf(scanDesk, mriId))?.group === 'waiting', 15_000);
    await scanDesk.call(ticketId, false);
    expect(await rowOf(scanDesk, mriId)).toMatchObject({ group: 'called', lastCall: { deskLabel: 'Accueil Scanner', room: 'Scanner' } });
    expect((await scanDesk.setStatus(ticketId, 'inCare')).outcome).toBe('done');
    expect(appointment(scanId).status).toBe('inCare');
  }

  it("the MRI desk's « Terminé » moves only the MRI: Léa waits again, for the scanner desk, the MRI marked done", async () => {
    const visit = await arrive();
    const { mriDesk, scanDesk, ticketId, mriId, scanId } = visit;
    await mriInCare(visit);
    expect((await mriDesk.setStatus(ticketId, 'done')).outcome).toBe('done');

    expect(statuses(mriId, scanId)).toEqual(['done', 'checkedIn']);
    // Not « Terminé » on the platform: her visit goes on.
    expect(platformTicket(ticketId).status).not.toBe('done');
    expect(await rowOf(mriDesk, mriId)).toMatchObject({ group: 'waiting', examDone: true, inQueue: false });
    // The scanner team sees her waiting, in its queue, at its next read of the row.
    await until(async () => (await rowOf(scanDesk, mriId))?.group === 'waiting', 15_000);
    expect(await rowOf(scanDesk, mriId)).toMatchObject({ inQueue: true, examDone: true, linkedExams: [{ contractAppointmentId: scanId }] });
    expect((await rowOf(scanDesk, mriId))!.linkedExams![0]!.done).toBeUndefined();
  });

  it("the scanner desk's « Terminé » then finishes the row and the ticket; « Clôturer » closes both exams", async () => {
    const visit = await arrive();
    const { mriDesk, scanDesk, ticketId, mriId, scanId } = visit;
    await mriInCare(visit);
    await mriDesk.setStatus(ticketId, 'done');
    await scanInCare(visit);
    expect(await rowOf(scanDesk, mriId)).toMatchObject({ group: 'inCare' });
    expect((await scanDesk.setStatus(ticketId, 'done')).outcome).toBe('done');

    expect(statuses(mriId, scanId)).toEqual(['done', 'done']);
    expect(platformTicket(ticketId).status).toBe('done');
    // The visit is over: the row's group says it, no exam is marked on its own.
    expect(await rowOf(scanDesk, mriId)).toMatchObject({ group: 'done', linkedExams: [{ contractAppointmentId: scanId }] });
    expect((await rowOf(scanDesk, mriId))?.examDone).toBeUndefined();
    await until(async () => (await rowOf(mriDesk, mriId))?.group === 'done');

    expect((await mriDesk.setStatus(ticketId, 'closed')).outcome).toBe('done');
    expect(statuses(mriId, scanId)).toEqual(['closed', 'closed']);
    expect(platformTicket(ticketId).status).toBe('closed');
    await until(async () => (await rowOf(scanDesk, mriId)) === undefined);
  });

  it('a held « Terminé » on a journey: sent, the MRI alone; undone, exactly nothing moves; a close held then sent closes both', async () => {
    const visit = await arrive();
    const { mriDesk, scanDesk, ticketId, mriId, scanId } = visit;
    await mriInCare(visit);
    const mriDone = (await mriDesk.handlers['board/hold']({ ticketId, status: 'done' }))!;
    expect(mriDone).toMatchObject({ ticketId, status: 'done' });
    await until(() => appointment(mriId).status === 'done', 10_000);
    await mriDesk.board.outboxIdle();
    expect(statuses(mriId, scanId)).toEqual(['done', 'checkedIn']);
    expect(platformTicket(ticketId).status).not.toBe('done');
    expect(await rowOf(mriDesk, mriId)).toMatchObject({ group: 'waiting' });

    await scanInCare(visit);
    const scanDone = (await scanDesk.handlers['board/hold']({ ticketId, status: 'done' }))!;
    expect(await scanDesk.handlers['board/undoHeld']({ id: scanDone.id })).toEqual({ undone: true });
    // Nothing left to send, ever: the scan stays in care, the ticket not done.
    expect(JSON.parse(readFileSync(path.join(scanDesk.dataDir, 'board-outbox.json'), 'utf8')).entries).toEqual([]);
    expect(statuses(mriId, scanId)).toEqual(['done', 'inCare']);
    expect(appointment(scanId).statusHistory.map((entry) => entry.status)).not.toContain('done');
    expect(platformTicket(ticketId).status).not.toBe('done');
    expect(await rowOf(scanDesk, mriId)).toMatchObject({ group: 'inCare' });

    await scanDesk.handlers['board/hold']({ ticketId, status: 'done' });
    await until(() => platformTicket(ticketId).status === 'done', 10_000);
    // Both exams read again by the scanner desk's re-checks: under a loaded CI run (the whole suite on two
    // cores) it took longer than `until`'s default 8 s once (29 Nov 2026); the whole test takes 11.5 s alone.
    await until(async () => (await rowOf(scanDesk, mriId))?.group === 'done', 15_000);
    await scanDesk.board.outboxIdle();
    const close = (await scanDesk.handlers['board/hold']({ ticketId, status: 'closed' }))!;
    expect(close.status).toBe('closed');
    const onDisk = JSON.parse(readFileSync(path.join(scanDesk.dataDir, 'board-outbox.json'), 'utf8'));
    expect(onDisk.entries).toMatchObject([{ kind: 'held', appointmentId: mriId, linkedAppointmentIds: [scanId], status: 'closed' }]);
    await until(() => statuses(mriId, scanId).every((status) => status === 'closed'), 10_000);
    await until(() => platformTicket(ticketId).status === 'closed', 10_000);
  }, 60_000);

  it('a medical system that pushes moves the ticket with the MRI; Léa, called by the scanner desk and not come, is set aside as absent there', async () => {
    const visit = await arrive({ publisherPushes: true });
    const { mriDesk, scanDesk, ticketId, mriId } = visit;
    await mriInCare(visit);
    expect((await mriDesk.setStatus(ticketId, 'done')).outcome).toBe('done');
    // The publisher pushed its MRI « done » to the platform: the ticket is done there, her visit is not.
    await until(() => platformTicket(ticketId).status === 'done', 10_000);
    await until(async () => (await rowOf(scanDesk, mriId))?.group === 'waiting', 15_000);
    await scanDesk.call(ticketId, false);
    expect(await rowOf(scanDesk, mriId)).toMatchObject({ group: 'called' });

    await scanDesk.handlers['board/absent']({ ticketId });
    expect(platformTicket(ticketId).absent).toMatchObject({ deskLabel: 'Accueil Scanner', dismissed: false });
    await until(async () => (await rowOf(scanDesk, mriId)) === undefined);
    const { absent } = await scanDesk.handlers['board/office'](undefined);
    expect(absent).toMatchObject([{ ticketId, deskLabel: 'Accueil Scanner' }]);
  });

  it('a held « Terminé » of the MRI survives the desk being killed mid-countdown: after the restart, the MRI alone is done', async () => {
    const visit = await arrive();
    const { mriDesk, ticketId, mriId, scanId } = visit;
    await mriInCare(visit);
    await mriDesk.handlers['board/hold']({ ticketId, status: 'done' });
    await mriDesk.close();
    desks.splice(desks.indexOf(mriDesk), 1);
    const again = await visit.reopen(mriDesk.dataDir);
    await until(() => appointment(mriId).status === 'done', 10_000);
    await again.board.outboxIdle();
    expect(statuses(mriId, scanId)).toEqual(['done', 'checkedIn']);
    expect(platformTicket(ticketId).status).not.toBe('done');
    await until(async () => (await rowOf(again, mriId))?.group === 'waiting');
  });
});
