import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TransientPlatformError } from '../../../../src-main/platform/transient';
import { TransientPublisherError } from '../../../../src-main/publisher/errors';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import type { UnsentMove } from '../../../../src-shared/board/unsent';
import { localDay } from '../../../../src-shared/day';
import { failureOf } from '../../../helpers/failure-of';
import { until } from '../../../helpers/until';
import { fastBoard, openDesk, waitingRows } from './harness';

/** The board when the platform or the medical system does not answer, or answers slowly. */
describe('a board through outages and slowness', () => {
  let sandbox: RunningSandbox;
  const desks: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    sandbox = await startSandbox({ waitingTickets: 4 });
  });
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await sandbox.close();
  });
  const open = async (unsentTtlMs = 60_000, dataDir?: string) => {
    const desk = await openDesk(sandbox, dataDir, { ...fastBoard, unsentTtlMs });
    desks.push(desk);
    const unsent: UnsentMove[][] = [];
    desk.events.subscribe((event, payload) => {
      if (event === 'board/unsent') unsent.push(payload as UnsentMove[]);
    });
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    return { ...desk, unsent };
  };
  const platformTicket = (id: string) => sandbox.world.platform.tickets.find((candidate) => candidate.ticketId === id)!;
  const appointment = (id: string) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id)!;
  const audit = (dataDir: string) => readFileSync(path.join(dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  /** A waiting patient whose appointment the board has read (rows are read in the background after opening). */
  const waitingRow = async (desk: Awaited<ReturnType<typeof open>>, skip: string[] = []) => {
    const find = async () => (await desk.board.snapshot()).rows.find((row) => row.group === 'waiting' && row.verification === 'verified' && !skip.includes(row.ticketId));
    await until(async () => (await find()) !== undefined);
    return (await find())!;
  };

  it('a call the platform does not take is not sent when it is back: offered to staff, and sent only when they confirm', async () => {
    const desk = await open();
    sandbox.faults.platform.down = true;
    const asked = await desk.callNext();
    expect(asked.outcome).toBe('notSent');
    expect(platformTicket(asked.ticketId).lastCall).toBeUndefined();
    expect(await desk.handlers['board/unsent'](undefined)).toMatchObject([{ ticketId: asked.ticketId, formattedNumber: asked.formattedNumber, move: 'call' }]);
    expect(desk.unsent.at(-1)).toHaveLength(1);

    sandbox.faults.platform.down = false;
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    await desk.board.outboxIdle();
    // Proving a negative needs a bound: many times the outbox's 100 ms retry ceiling of these tests.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(platformTicket(asked.ticketId).lastCall).toBeUndefined();
    expect(await desk.handlers['board/unsent'](undefined)).toHaveLength(1);

    // The receptionist confirms: one call, and the offer is gone.
    expect((await desk.call(asked.ticketId, false)).outcome).toBe('done');
    expect(platformTicket(asked.ticketId).history?.filter((entry) => entry.event === 'called')).toHaveLength(1);
    expect(await desk.handlers['board/unsent'](undefined)).toEqual([]);
    expect(audit(desk.dataDir).filter((line) => line.ticket === asked.formattedNumber).map((line) => [line.action, line.outcome])).toEqual([
      ['call', 'notSent'],
      ['call', 'done'],
    ]);
  });

  it('an unsent call expires unsent, or is dropped by staff; both are audited and nothing reaches the platform', async () => {
    const desk = await open(300);
    await waitingRows(sandbox, desk, 2);
    sandbox.faults.platform.down = true;
    const first = await desk.callNext();
    expect(first.outcome).toBe('notSent');
    await until(async () => (await desk.handlers['board/unsent'](undefined)).length === 0);
    const row = await waitingRow(desk, [first.ticketId]);
    expect((await desk.call(row.ticketId, false)).outcome).toBe('notSent');
    expect(await desk.handlers['board/dropUnsent']({ ticketId: row.ticketId })).toEqual([]);
    sandbox.faults.platform.down = false;
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    expect(platformTicket(first.ticketId).lastCall).toBeUndefined();
    expect(platformTicket(row.ticketId).lastCall).toBeUndefined();
    const outcomes = audit(desk.dataDir).map((line) => line.outcome);
    expect(outcomes).toContain('notSentExpired');
    expect(outcomes).toContain('notSentDropped');
  });

  it('a call left waiting in the outbox by an older desk is never sent at start: dropped and audited', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'board-'));
    const today = localDay(new Date());
    const ticket = sandbox.world.platform.tickets.find((candidate) => candidate.day === today && candidate.officePlaceId === sandbox.profile.officePlaceId && candidate.status === 'checkedIn' && !candidate.lastCall)!;
    const entry = { kind: 'call', id: 'old-call', ticketId: ticket.ticketId, kioskDeskId: 1, deskLabel: 'Accueil 1', recall: false, staff: 'Élodie Mercier', formattedNumber: ticket.formattedNumber };
    writeFileSync(path.join(dataDir, 'board-outbox.json'), JSON.stringify({ entries: [entry] }));
    const desk = await open(60_000, dataDir);
    await until(() => JSON.parse(readFileSync(path.join(dataDir, 'board-outbox.json'), 'utf8')).entries.length === 0);
    expect(audit(dataDir)).toContainEqual(expect.objectContaining({ action: 'call', ticket: ticket.formattedNumber, outcome: 'notSentExpired' }));
    expect(platformTicket(ticket.ticketId).lastCall).toBeUndefined();
    expect(await desk.handlers['board/unsent'](undefined)).toEqual([]);
  });

  it('a call whose answer was lost is read back: it went through, so it is done and not offered again', async () => {
    const desk = await open();
    const callTicket = desk.platform.callTicket.bind(desk.platform);
    desk.platform.callTicket = async (...args) => {
      await callTicket(...args);
      throw new TransientPlatformError('The answer was lost on the way back.');
    };
    const called = await desk.callNext();
    expect(called.outcome).toBe('done');
    expect(platformTicket(called.ticketId).lastCall?.deskLabel).toBe('Accueil 1');
    expect(await desk.handlers['board/unsent'](undefined)).toEqual([]);
    await until(async () => (await desk.board.snapshot()).rows.find((row) => row.ticketId === called.ticketId)?.group === 'called');
  });

  it('a status change whose answer was lost is read back: the medical system took it, so it is done, not waiting to be sent', async () => {
    const desk = await open();
    const row = await waitingRow(desk);
    const setStatus = desk.publisher.setAppointmentStatus.bind(desk.publisher);
    desk.publisher.setAppointmentStatus = async (...args) => {
      await setStatus(...args);
      throw new TransientPublisherError('The answer was lost on the way back.', null);
    };
    expect((await desk.setStatus(row.ticketId, 'inCare')).outcome).toBe('done');
    expect(appointment(row.contractAppointmentId!).status).toBe('inCare');
    expect((await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)).toMatchObject({ status: 'inCare', pending: false });
    await until(() => platformTicket(row.ticketId).status === 'inCare');
  });

  it('a slow move shows on its row only: another row can be called meanwhile, the same row waits for its answer', async () => {
    const desk = await open();
    const slow = await waitingRow(desk);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const setStatus = desk.publisher.setAppointmentStatus.bind(desk.publisher);
    desk.publisher.setAppointmentStatus = async (...args) => {
      await gate;
      return setStatus(...args);
    };
    const inCare = desk.setStatus(slow.ticketId, 'inCare');
    const rowOf = async (ticketId: string) => (await desk.board.snapshot()).rows.find((row) => row.ticketId === ticketId)!;
    await until(async () => (await rowOf(slow.ticketId)).working === 'inCare');
    // The renderer is told, not only the snapshot.
    await until(() => desk.pushes.some((push) => push.upserts.some((row) => row.ticketId === slow.ticketId && row.working === 'inCare')));
    expect((await failureOf(desk.setStatus(slow.ticketId, 'inCare'))).code).toBe('BOARD_BUSY_ROW');
    // Call next passes over the patient whose move is on its way.
    const other = await desk.callNext();
    expect(other.ticketId).not.toBe(slow.ticketId);
    expect(other.outcome).toBe('done');
    release();
    expect((await inCare).outcome).toBe('done');
    expect((await rowOf(slow.ticketId)).working).toBeNull();
  });
});
