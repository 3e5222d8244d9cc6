import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import type { BoardOfficeEvent } from '../../../../src-shared/board/desks';
import { localDay } from '../../../../src-shared/day';
import { failureOf } from '../../../helpers/failure-of';
import { until } from '../../../helpers/until';
import { journeyExamTypes } from '../../../helpers/journey-of';
import { fastBoard, openDesk } from './harness';

const DESKS = 4;
const ROUNDS = 200;

describe('several desks on one office place', () => {
  let sandbox: RunningSandbox;
  const desks: Awaited<ReturnType<typeof openDesk>>[] = [];
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await sandbox.close();
  });

  async function openDesks(count: number) {
    const place = sandbox.profile.officePlaceId!;
    for (let n = 1; n <= count; n += 1) {
      const desk = await openDesk(sandbox);
      desks.push(desk);
      await desk.board.chooseWorkplace({ officePlaceId: place, deskId: n, deskLabel: `Accueil ${n}` });
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
    }
    return desks;
  }

  /** Today's tickets waiting at the desks' office place: the seeded day's and the extra `W` ones. */
  const waiting = () => {
    const place = sandbox.profile.officePlaceId!;
    const today = localDay(new Date());
    return sandbox.world.platform.tickets.filter((ticket) => ticket.day === today && ticket.officePlaceId === place && ticket.status === 'checkedIn' && !ticket.lastCall);
  };
  const callsOf = (ticketId: string) =>
    sandbox.world.platform.tickets.find((ticket) => ticket.ticketId === ticketId)!.history?.filter((entry) => entry.event === 'called') ?? [];

  it(`${DESKS} desks pressing call next at once for ${ROUNDS} rounds: no patient called at two desks, no waiting patient skipped`, { timeout: 180_000 }, async () => {
    sandbox = await startSandbox({ waitingTickets: DESKS * ROUNDS + 10 });
    await openDesks(DESKS);
    const pool = waiting();
    for (let round = 0; round < ROUNDS; round += 1) {
      const results = await Promise.all(desks.map((desk) => desk.callNext()));
      expect(results.map((result) => result.outcome)).toEqual(Array(DESKS).fill('done'));
    }
    const called = pool.filter((ticket) => callsOf(ticket.ticketId).length > 0);
    expect(called).toHaveLength(DESKS * ROUNDS);
    expect(called.filter((ticket) => callsOf(ticket.ticketId).length > 1).map((ticket) => ticket.formattedNumber)).toEqual([]);
    // The oldest waiting were called, none passed over.
    const byAge = [...pool].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number - b.number);
    expect(new Set(called.map((ticket) => ticket.ticketId))).toEqual(new Set(byAge.slice(0, DESKS * ROUNDS).map((ticket) => ticket.ticketId)));
  });

  it('a manual call of a patient another desk has called asks first; "call here anyway" is audited', async () => {
    sandbox = await startSandbox({ waitingTickets: 3 });
    const [first, second] = await openDesks(2);
    const taken = await first!.callNext();
    await until(async () => (await second!.board.snapshot()).rows.find((row) => row.ticketId === taken.ticketId)?.group === 'called');
    expect((await failureOf(second!.call(taken.ticketId, false))).code).toBe('BOARD_CALLED_ELSEWHERE');
    expect(callsOf(taken.ticketId)).toHaveLength(1);
    const forced = await second!.handlers['board/call']({ ticketId: taken.ticketId, recall: false, force: true });
    expect(forced.outcome).toBe('done');
    expect(callsOf(taken.ticketId).map((entry) => entry.deskLabel)).toEqual(['Accueil 1', 'Accueil 2']);
    const audit = readFileSync(path.join(second!.dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.at(-1)).toMatchObject({ action: 'call', ticket: taken.formattedNumber, outcome: 'calledOverOtherDesk' });
  });

  it('a call that lost the race to another desk (the desk had not seen it yet) is refused with the ticket shown as it is', async () => {
    sandbox = await startSandbox({ waitingTickets: 2 });
    const [first, second] = await openDesks(2);
    const target = waiting()[0]!;
    // Desk 2's view is older than the call desk 1 makes now: the platform refuses its compare-and-set.
    const stale = { ...second!.board.state.ticket(target.ticketId)! };
    await first!.call(target.ticketId, false);
    await until(() => second!.board.state.ticket(target.ticketId)?.lastCall !== undefined);
    second!.board.state.upsert(stale);
    expect((await failureOf(second!.call(target.ticketId, false))).code).toBe('BOARD_CALLED_ELSEWHERE');
    expect(callsOf(target.ticketId)).toHaveLength(1);
    expect(second!.board.state.ticket(target.ticketId)?.lastCall?.deskLabel).toBe('Accueil 1');
  });

  it('says on the board when calls cannot be coordinated (a platform whose tickets carry no version), and not otherwise', async () => {
    sandbox = await startSandbox();
    const [versioned] = await openDesks(1);
    expect((await versioned!.board.snapshot()).live.missing ?? []).not.toContain('callCoordination');
    await versioned!.close();
    desks.splice(0);
    for (const ticket of sandbox.world.platform.tickets) delete ticket.version;
    const [plain] = await openDesks(1);
    expect((await plain!.board.snapshot()).live.missing).toContain('callCoordination');
  });

  const appointmentOf = (ticketId: string) => {
    const ticket = sandbox.world.platform.tickets.find((candidate) => candidate.ticketId === ticketId)!;
    return sandbox.world.publisher.appointments.find((appointment) => appointment.id === ticket.contractAppointmentId);
  };
  const ticketOf = (ticketId: string) => sandbox.world.platform.tickets.find((ticket) => ticket.ticketId === ticketId)!;

  it('a desk serving only scanner exams never calls an MRI patient; its queue is remembered on the workstation and announced', async () => {
    sandbox = await startSandbox();
    const [scanner, other] = await openDesks(2);
    // A ticket stands for every exam checked in with it (the patient's appointments under its number).
    const examTypesOf = (ticketId: string) => journeyExamTypes(sandbox.world.publisher.appointments, appointmentOf(ticketId));
    const exams = (examTypeId: string) => waiting().filter((ticket) => ticket.contractAppointmentId && appointmentOf(ticket.ticketId)?.examTypeId === examTypeId);
    // Kiosk arrivals until both scanner and MRI patients wait.
    for (let arrivals = 0; arrivals < 40 && (exams('IRM').length === 0 || exams('SCAN').length === 0); arrivals += 1) await sandbox.kiosk.arrive();
    expect(exams('IRM').length).toBeGreaterThan(0);
    expect(exams('SCAN').length).toBeGreaterThan(0);
    // MRI patients with no scan among their exams: the scanner desk has no business with them.
    const mri = exams('IRM').map((ticket) => ticket.ticketId).filter((ticketId) => !examTypesOf(ticketId).includes('SCAN'));
    await scanner!.handlers['board/setQueue']({ examTypeIds: ['SCAN'], rooms: [], practitioners: [] });
    await until(async () => (await other!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 1)?.queue.examTypeIds[0] === 'SCAN');
    const called: string[] = [];
    for (;;) {
      const failure = await scanner!.callNext().then((result) => (called.push(result.ticketId), null), (error: unknown) => error);
      if (failure) {
        expect((failure as { code?: string }).code).toBe('BOARD_NOTHING_WAITING');
        break;
      }
    }
    expect(called.length).toBeGreaterThan(0);
    expect(called.filter((ticketId) => !examTypesOf(ticketId).includes('SCAN'))).toEqual([]);
    expect(mri.filter((ticketId) => ticketOf(ticketId).lastCall)).toEqual([]);
    // The rows say which are the desk's queue, so the board shows them first.
    const rows = (await scanner!.board.snapshot()).rows;
    expect(rows.filter((row) => row.inQueue).every((row) => row.examTypeId === 'SCAN' || row.linkedExams?.some((exam) => exam.examTypeId === 'SCAN'))).toBe(true);
    // Remembered on this workstation: a desk opened again on the same data folder serves scanner exams.
    await scanner!.close();
    const again = await openDesk(sandbox, scanner!.dataDir);
    desks.push(again);
    expect((await again.handlers['board/office'](undefined)).me.queue.examTypeIds).toEqual(['SCAN']);
  });

  it('transfer: a called patient sent to another desk is that desk\'s next call; back to waiting keeps a note; audited, publisher untouched', async () => {
    sandbox = await startSandbox({ waitingTickets: 6 });
    const [first, second, third] = await openDesks(3);
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.filter((desk) => !desk.gone).length === 3);
    const taken = await first!.callNext();
    await first!.handlers['board/transfer']({ ticketId: taken.ticketId, toDeskId: 2, note: null });
    // The receiving desk sees it at once, marked, and a third desk does not take it.
    await until(async () => (await second!.board.snapshot()).rows.find((row) => row.ticketId === taken.ticketId)?.handoff?.toDeskId === 2);
    const row = (await second!.board.snapshot()).rows.find((candidate) => candidate.ticketId === taken.ticketId)!;
    expect(row).toMatchObject({ group: 'waiting', handoff: { reason: 'transfer', fromDeskLabel: 'Accueil 1', toDeskLabel: 'Accueil 2' } });
    await until(() => third!.board.state.ticket(taken.ticketId)?.handoff !== undefined);
    expect((await third!.callNext()).ticketId).not.toBe(taken.ticketId);
    expect((await second!.callNext()).ticketId).toBe(taken.ticketId);
    expect(ticketOf(taken.ticketId).handoff).toBeUndefined();
    // Back to the waiting line with a note the other desks read.
    await second!.handlers['board/transfer']({ ticketId: taken.ticketId, toDeskId: null, note: 'Revient après la radio' });
    await until(() => first!.board.state.ticket(taken.ticketId)?.handoff?.note === 'Revient après la radio');
    expect(ticketOf(taken.ticketId).status).toBe('checkedIn');
    const audit = readFileSync(path.join(second!.dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.filter((line) => line.action === 'transfer')).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('Revient');
  });

  it("the absent list is pushed as what changed in it (whole after an unlock), not with each change of the office's desks", async () => {
    sandbox = await startSandbox({ waitingTickets: 6 });
    const [first, second] = await openDesks(2);
    const offices: BoardOfficeEvent[] = [];
    second!.events.subscribe((event, payload) => {
      if (event === 'board/office') offices.push(payload as BoardOfficeEvent);
    });
    const firstAbsent = await first!.callNext();
    await first!.handlers['board/absent']({ ticketId: firstAbsent.ticketId });
    await until(() => offices.some((office) => office.absent?.length === 1 || office.absentChanges?.upserts.length === 1));
    const taken = await first!.callNext();
    let seen = offices.length;
    await first!.handlers['board/absent']({ ticketId: taken.ticketId });
    // The second patient set aside comes alone: the first one, already there, is not sent again.
    await until(() => offices.slice(seen).some((office) => office.absentChanges !== undefined));
    expect(offices.slice(seen).flatMap((office) => office.absentChanges?.upserts.map((row) => row.ticketId) ?? [])).toEqual([taken.ticketId]);
    expect(offices.slice(seen).map((office) => office.absent)).toEqual(offices.slice(seen).map(() => undefined));
    // The first desk calls its next patient: whom it serves changes, the absent list does not.
    seen = offices.length;
    const next = await first!.callNext();
    await until(() => offices.slice(seen).some((office) => office.desks.find((desk) => desk.deskId === 1)?.serving?.ticketId === next.ticketId));
    expect(offices.slice(seen).map((office) => office.absent ?? office.absentChanges)).toEqual(offices.slice(seen).map(() => undefined));
    // Locked, the page dropped the list (no names behind the lock): unlocked, it comes again whole.
    await second!.handlers['board/lock']({ reason: 'manual' });
    await second!.handlers['board/unlock']({ password: 'formation' });
    await until(() => offices.at(-1)?.absent?.length === 2);
    seen = offices.length;
    await second!.handlers['board/dismissAbsent']({ ticketId: taken.ticketId });
    await until(() => offices.slice(seen).some((office) => office.absentChanges?.removed.includes(taken.ticketId)));
    expect(offices.slice(seen).flatMap((office) => office.absentChanges?.upserts ?? [])).toEqual([]);
  });

  it('absent: set aside with its calls, counted on every desk, recalled by another desk without asking, or dismissed', async () => {
    sandbox = await startSandbox({ waitingTickets: 4 });
    const [first, second] = await openDesks(2);
    const taken = await first!.callNext();
    await first!.call(taken.ticketId, true);
    await first!.handlers['board/absent']({ ticketId: taken.ticketId });
    await until(async () => (await second!.handlers['board/office'](undefined)).absent.length === 1);
    const [absent] = (await second!.handlers['board/office'](undefined)).absent;
    expect(absent).toMatchObject({ ticketId: taken.ticketId, calls: 2, deskLabel: 'Accueil 1' });
    expect((await second!.board.snapshot()).rows.some((row) => row.ticketId === taken.ticketId)).toBe(false);
    // Set aside: call next passes over it.
    expect((await second!.callNext()).ticketId).not.toBe(taken.ticketId);
    // Recalled later by another desk: back on the board as called there.
    expect((await second!.call(taken.ticketId, true)).outcome).toBe('done');
    await until(async () => (await first!.handlers['board/office'](undefined)).absent.length === 0);
    expect(ticketOf(taken.ticketId).lastCall?.deskLabel).toBe('Accueil 2');
    // Absent again, then dismissed at the end of the day: off the list, the publisher's status unchanged.
    await second!.handlers['board/absent']({ ticketId: taken.ticketId });
    await second!.handlers['board/dismissAbsent']({ ticketId: taken.ticketId });
    await until(async () => (await first!.handlers['board/office'](undefined)).absent.length === 0);
    expect(ticketOf(taken.ticketId)).toMatchObject({ status: 'checkedIn', absent: { dismissed: true, calls: 3 } });
  });

  it('a desk that stops announcing is shown gone, and its called patients wait for the others again, marked', async () => {
    sandbox = await startSandbox({ waitingTickets: 4, deskGoneMs: 600 });
    const [first, second] = await openDesks(2);
    const taken = await second!.callNext();
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 2)?.serving?.ticketId === taken.ticketId);
    // A crash: no closing word, the heartbeats just stop.
    second!.board['presence'].stop();
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 2)?.gone === true, 10_000);
    await until(async () => (await first!.board.snapshot()).rows.find((row) => row.ticketId === taken.ticketId)?.group === 'waiting');
    const row = (await first!.board.snapshot()).rows.find((candidate) => candidate.ticketId === taken.ticketId)!;
    expect(row.handoff).toMatchObject({ reason: 'deskGone', fromDeskLabel: 'Accueil 2' });
    expect((await first!.callNext()).ticketId).toBe(taken.ticketId);
  });

  it('a patient transferred to a desk that then stops returns to the waiting line, marked, and another desk\'s call next takes them', async () => {
    sandbox = await startSandbox({ waitingTickets: 4, deskGoneMs: 600 });
    const [first, second, third] = await openDesks(3);
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.filter((desk) => !desk.gone).length === 3);
    const taken = await first!.callNext();
    await first!.handlers['board/transfer']({ ticketId: taken.ticketId, toDeskId: 2, note: null });
    await until(() => third!.board.state.ticket(taken.ticketId)?.handoff?.toDeskId === 2);
    // Accueil 2 crashes before calling them: no closing word, the heartbeats just stop.
    second!.board['presence'].stop();
    await until(async () => (await third!.board.snapshot()).rows.find((row) => row.ticketId === taken.ticketId)?.handoff?.reason === 'deskGone', 10_000);
    const row = (await third!.board.snapshot()).rows.find((candidate) => candidate.ticketId === taken.ticketId)!;
    expect(row).toMatchObject({ group: 'waiting', handoff: { reason: 'deskGone', fromDeskLabel: 'Accueil 2', toDeskId: null } });
    expect((await third!.callNext()).ticketId).toBe(taken.ticketId);
  });

  it('a transfer to a desk the platform has not heard within the presence window is refused in plain words; the patient stays', async () => {
    sandbox = await startSandbox({ waitingTickets: 4, deskGoneMs: 600 });
    const [first, second] = await openDesks(2);
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.filter((desk) => !desk.gone).length === 2);
    const taken = await first!.callNext();
    // This desk's view of the office is older than the platform's: Accueil 2 went silent meanwhile.
    const seen = first!.board['presence'].current().desks;
    second!.board['presence'].stop();
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 2)?.gone === true, 10_000);
    first!.board['presence']['desks'] = seen;
    const refused = await failureOf(Promise.resolve().then(() => first!.handlers['board/transfer']({ ticketId: taken.ticketId, toDeskId: 2, note: null })));
    expect(refused.code).toBe('BOARD_DESK_SILENT');
    expect(ticketOf(taken.ticketId)).toMatchObject({ lastCall: { deskLabel: 'Accueil 1' } });
    expect(ticketOf(taken.ticketId).handoff).toBeUndefined();
  });

  it('a desk cut off from the platform never sees its own patient "returned from" itself, and gets them back when heard again', async () => {
    sandbox = await startSandbox({ waitingTickets: 4, deskGoneMs: 600 });
    const [first, second] = await openDesks(2);
    const taken = await second!.callNext();
    const rowAt = async (desk: typeof first, ticketId: string) => (await desk!.board.snapshot()).rows.find((row) => row.ticketId === ticketId)!;
    // Its announces stop reaching the platform (a cut), while it is still serving the patient at its counter.
    second!.board['presence'].stop();
    await until(async () => (await rowAt(first, taken.ticketId)).handoff?.reason === 'deskGone', 10_000);
    const own = await rowAt(second, taken.ticketId);
    expect(own).toMatchObject({ group: 'called', handoff: null });
    expect(own.lastCall?.deskLabel).toBe('Accueil 2');
    // Its call next never takes the patient it is serving as a new one.
    expect((await second!.callNext()).ticketId).not.toBe(taken.ticketId);
    // Heard again: the platform gives the patient back, and the other desks see them called at Accueil 2 again.
    second!.board['presence'].start(sandbox.profile.officePlaceId!);
    await until(async () => (await rowAt(first, taken.ticketId)).handoff === null);
    expect(await rowAt(first, taken.ticketId)).toMatchObject({ group: 'called', lastCall: { deskLabel: 'Accueil 2' } });
  });

  it('a sign-out (another person about to take the desk) does not make the desk gone nor give its patients away', async () => {
    sandbox = await startSandbox({ waitingTickets: 3, deskGoneMs: 1_500 });
    const [first, second, third] = await openDesks(3);
    const taken = await second!.callNext();
    await second!.staff.signOut();
    // Desk 3 crashes at the same moment: once the platform counts it gone, desk 2 would be too had it stopped.
    third!.board['presence'].stop();
    const office = () => first!.handlers['board/office'](undefined);
    await until(async () => (await office()).desks.find((candidate) => candidate.deskId === 3)?.gone === true, 10_000);
    const desk = (await office()).desks.find((candidate) => candidate.deskId === 2)!;
    expect(desk).toMatchObject({ gone: false, staffDisplayName: null });
    expect(ticketOf(taken.ticketId).handoff).toBeUndefined();
  });

  it('the other desks hear of a change at once on the event stream, not at their next heartbeat', async () => {
    sandbox = await startSandbox({ waitingTickets: 2 });
    const place = sandbox.profile.officePlaceId!;
    // Heartbeats far apart: only the stream's `desk` event can bring the change in time.
    const slow = { ...fastBoard, deskHeartbeatMs: 60_000 };
    for (const n of [1, 2]) {
      const desk = await openDesk(sandbox, undefined, slow);
      desks.push(desk);
      await desk.board.chooseWorkplace({ officePlaceId: place, deskId: n, deskLabel: `Accueil ${n}` });
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
    }
    const [first, second] = desks;
    await until(async () => (await second!.handlers['board/office'](undefined)).desks.length === 2);
    await first!.handlers['board/setDeskState']({ state: 'paused' });
    await until(async () => (await second!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 1)?.state === 'paused', 3_000);
  });

  it('a desk closing says so to the others at once, and a slow platform never holds its shutdown', { timeout: 30_000 }, async () => {
    sandbox = await startSandbox({ waitingTickets: 2 });
    const [first, second] = await openDesks(2);
    await second!.close();
    await until(async () => (await first!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 2)?.state === 'closed');
    // A platform that answers after 6 s: the closing announce is given 1 s.
    sandbox.faults.platform.latencyMs = 6_000;
    const started = Date.now();
    await first!.close();
    expect(Date.now() - started).toBeLessThan(4_000);
    sandbox.faults.platform.latencyMs = 0;
  });

  it('a desk closed on one desk is shown closed on the others', async () => {
    sandbox = await startSandbox({ waitingTickets: 2 });
    const [first, second] = await openDesks(2);
    await first!.handlers['board/setDeskState']({ state: 'closed' });
    await until(async () => (await second!.handlers['board/office'](undefined)).desks.find((desk) => desk.deskId === 1)?.state === 'closed');
  });

  it('a platform without desk presence: the board says so, and transfer and absent are refused in plain words', async () => {
    sandbox = await startSandbox({ waitingTickets: 2 });
    const [desk] = await openDesks(1);
    const taken = await desk!.callNext();
    sandbox.deskExtensions.offered = false;
    await until(async () => (await desk!.handlers['board/office'](undefined)).presence === 'notOffered');
    expect((await desk!.handlers['board/office'](undefined)).desks).toEqual([]);
    expect((await failureOf(Promise.resolve().then(() => desk!.handlers['board/absent']({ ticketId: taken.ticketId })))).code).toBe('BOARD_DESKS_NOT_OFFERED');
    expect(ticketOf(taken.ticketId).absent).toBeUndefined();
  });
});
