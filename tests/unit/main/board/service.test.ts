import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { until } from '../../../helpers/until';
import { openDesk, waitingRows } from './harness';
import { failureOf } from '../../../helpers/failure-of';
import { journeyExamTypes } from '../../../helpers/journey-of';

describe('call board against the training sandbox', () => {
  let sandbox: RunningSandbox;
  const desks: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await sandbox.close();
  });
  const open = async (dataDir?: string) => {
    const desk = await openDesk(sandbox, dataDir);
    desks.push(desk);
    return desk;
  };
  const appointment = (id: string) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id)!;
  const platformTicket = (id: string) => sandbox.world.platform.tickets.find((candidate) => candidate.ticketId === id)!;
  /** A waiting patient with one exam: a journey's moves go exam by exam (journey-moves.test.ts). */
  const waitingAlone = async (desk: Awaited<ReturnType<typeof open>>) => {
    const alone = (row: { contractAppointmentId: string | null }) => row.contractAppointmentId !== null && journeyExamTypes(sandbox.world.publisher.appointments, appointment(row.contractAppointmentId)).length === 1;
    const [row] = await waitingRows(sandbox, desk, 1, alone);
    return row!;
  };

  it("shows today's checked-in tickets of the office place, re-verified, and a kiosk arrival with no action", async () => {
    const desk = await open();
    const first = await desk.board.snapshot();
    expect(first.workplace.officePlaceId).toBe(sandbox.profile.officePlaceId);
    expect(first.rows.length).toBeGreaterThan(0);
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    await until(async () => (await desk.board.snapshot()).rows.every((row) => row.verification === 'verified'));
    let arrived: string | null = null;
    for (let i = 0; i < 20 && !arrived; i += 1) {
      const arrival = await sandbox.kiosk.arrive();
      // Numbers restart per office place: the arrival is found by its appointments.
      const ticket = sandbox.world.platform.tickets.findLast(
        (candidate) => candidate.contractAppointmentId !== null && arrival?.appointmentIds.includes(candidate.contractAppointmentId),
      );
      if (ticket?.officePlaceId === sandbox.profile.officePlaceId) arrived = ticket.ticketId;
    }
    expect(arrived).not.toBeNull();
    await until(async () => (await desk.board.snapshot()).rows.some((row) => row.ticketId === arrived && row.group === 'waiting'));
  });

  it("keeps today's list live for the statistics: a kiosk arrival is in it without the platform's day list read again", async () => {
    const desk = await open();
    const place = sandbox.profile.officePlaceId!;
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    const listed = vi.spyOn(desk.platform, 'listForDay');
    const ids = (list: { tickets: { ticketId: string }[] } | null) => list?.tickets.map((ticket) => ticket.ticketId).sort();
    let arrived: string | undefined;
    for (let i = 0; i < 20 && !arrived; i += 1) {
      const arrival = await sandbox.kiosk.arrive();
      arrived = sandbox.world.platform.tickets.findLast((ticket) => ticket.officePlaceId === place && ticket.contractAppointmentId !== null && arrival?.appointmentIds.includes(ticket.contractAppointmentId))?.ticketId;
    }
    await until(() => ids(desk.board.liveDayList(place))?.includes(arrived!) ?? false);
    expect(listed).not.toHaveBeenCalled();
    listed.mockRestore();
    expect(ids(desk.board.liveDayList(place))).toEqual(ids(await desk.platform.listForDay({ officePlaceId: place })));
    expect(desk.board.liveDayList(place + 1)).toBeNull();
  });

  it('moves a ticket forward on the publisher and the platform, with the staff name in the audit trail', async () => {
    const desk = await open();
    const { rows } = await desk.board.snapshot();
    const row = rows.find((candidate) => candidate.group === 'waiting')!;
    expect((await desk.call(row.ticketId, false)).outcome).toBe('done');
    expect(platformTicket(row.ticketId).lastCall?.deskLabel).toBe('Accueil 1');
    for (const status of ['inCare', 'done', 'closed'] as const) {
      expect((await desk.setStatus(row.ticketId, status)).outcome).toBe('done');
      expect(appointment(row.contractAppointmentId!).status).toBe(status);
      expect(platformTicket(row.ticketId).status).toBe(status);
    }
    await until(async () => !(await desk.board.snapshot()).rows.some((candidate) => candidate.ticketId === row.ticketId));
    const audit = readFileSync(path.join(desk.dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.map((line) => line.action)).toEqual(['call', 'inCare', 'done', 'closed']);
    expect(audit.every((line) => line.staff === 'Élodie Mercier' && line.ticket === row.formattedNumber)).toBe(true);
  });

  it('a backward request is a no-op and two desks on one ticket converge', async () => {
    const a = await open();
    const b = await open();
    const row = await waitingAlone(a);
    await b.board.snapshot();
    await Promise.all([a.setStatus(row.ticketId, 'done'), b.setStatus(row.ticketId, 'inCare')]);
    expect(appointment(row.contractAppointmentId!).status).toBe('done');
    await until(() => platformTicket(row.ticketId).status === 'done');
    await a.setStatus(row.ticketId, 'inCare');
    expect(appointment(row.contractAppointmentId!).status).toBe('done');
    for (const desk of [a, b]) {
      await until(async () => (await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.status === 'done');
    }
  });

  it('a desk left open overnight starts the new day when the platform numbers it, without a refresh', async () => {
    await sandbox.close();
    let now = new Date();
    sandbox = await startSandbox({ clock: () => now });
    const desk = await open();
    const yesterday = (await desk.board.snapshot()).rows;
    expect(yesterday.length).toBeGreaterThan(0);
    await until(async () => (await desk.board.snapshot()).live.state === 'live');
    now = new Date(now.getTime() + 24 * 3_600_000);
    const issued = await fetch(`${sandbox.profile.platformUrl.replace(/\/$/, '')}/api/kioskTicket/issueForAppointment`, {
      method: 'POST',
      headers: { authorization: sandbox.accountKey, 'content-type': 'application/json' },
      body: JSON.stringify({ licenceUuid: sandbox.profile.licenceUuid, officePlaceId: sandbox.profile.officePlaceId, requestUid: 'overnight-1' }),
    });
    expect(issued.status).toBe(200);
    await until(async () => {
      const rows = (await desk.board.snapshot()).rows;
      return !rows.some((row) => yesterday.some((old) => old.ticketId === row.ticketId));
    });
  });

  it('publisher down during "done": pending, kept across a restart, delivered once when it returns', async () => {
    const desk = await open();
    const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting')!;
    sandbox.faults.publisher.down = true;
    expect((await desk.setStatus(row.ticketId, 'done')).outcome).toBe('pending');
    expect((await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)).toMatchObject({ pending: true, status: 'done' });
    await desk.close();
    desks.splice(desks.indexOf(desk), 1);
    // Killed with the change on disk only.
    const onDisk = JSON.parse(readFileSync(path.join(desk.dataDir, 'board-outbox.json'), 'utf8'));
    expect(onDisk.entries).toMatchObject([{ kind: 'publisherStatus', ticketId: row.ticketId, status: 'done' }]);
    expect(appointment(row.contractAppointmentId!).status).toBe('checkedIn');
    sandbox.faults.publisher.down = false;
    const again = await open(desk.dataDir);
    await until(() => appointment(row.contractAppointmentId!).status === 'done');
    await until(async () => (await again.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.pending === false);
    expect(appointment(row.contractAppointmentId!).statusHistory.filter((entry) => entry.status === 'done')).toHaveLength(1);
    await until(() => platformTicket(row.ticketId).status === 'done');
    // The audit trail says it waited, then says it was delivered, in the name of who asked.
    const audit = () => readFileSync(path.join(desk.dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    await until(() => audit().some((line) => line.outcome === 'deliveredAfterWaiting'));
    expect(audit().filter((line) => line.ticket === row.formattedNumber).map((line) => [line.action, line.outcome, line.staff])).toEqual([
      ['done', 'pending', 'Élodie Mercier'],
      ['done', 'deliveredAfterWaiting', 'Élodie Mercier'],
    ]);
  });

  it('a change refused after it waited (appointment cancelled meanwhile) is told to staff and audited, not dropped silently', async () => {
    const desk = await open();
    const refusals: unknown[] = [];
    desk.events.subscribe((event, payload) => {
      if (event === 'board/refused') refusals.push(payload);
    });
    const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting')!;
    sandbox.faults.publisher.down = true;
    expect((await desk.setStatus(row.ticketId, 'done')).outcome).toBe('pending');
    appointment(row.contractAppointmentId!).status = 'cancelled';
    sandbox.faults.publisher.down = false;
    await until(() => refusals.length > 0);
    expect(refusals).toEqual([{ ticket: row.formattedNumber, action: 'done', code: 'PUBLISHER_VALIDATION' }]);
    expect(appointment(row.contractAppointmentId!).status).toBe('cancelled');
    const audit = readFileSync(path.join(desk.dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.at(-1)).toMatchObject({ action: 'done', ticket: row.formattedNumber, outcome: 'refusedAfterWaiting', staff: 'Élodie Mercier' });
  });

  it('flags an appointment the publisher no longer knows, and refuses to act on it', async () => {
    const desk = await open();
    const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting')!;
    const appointments = sandbox.world.publisher.appointments;
    appointments.splice(appointments.indexOf(appointment(row.contractAppointmentId!)), 1);
    expect((await failureOf(desk.setStatus(row.ticketId, 'inCare'))).code).toBe('BOARD_TICKET_GONE');
    expect((await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.verification).toBe('gone');
  });

  it('a publisher refusing "closed": the ticket leaves the board with a note, the platform closes it', async () => {
    sandbox.behaviour.quirks.rejectClosed = true;
    const desk = await open();
    const row = await waitingAlone(desk);
    await desk.setStatus(row.ticketId, 'done');
    expect((await desk.setStatus(row.ticketId, 'closed')).outcome).toBe('closedOnBoardOnly');
    expect(appointment(row.contractAppointmentId!).status).toBe('done');
    expect(platformTicket(row.ticketId).status).toBe('closed');
    expect((await desk.board.snapshot()).rows.some((candidate) => candidate.ticketId === row.ticketId)).toBe(false);
  });

  it('publisher ahead of the platform: the board shows the publisher and tells the platform', async () => {
    const desk = await open();
    const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting')!;
    appointment(row.contractAppointmentId!).status = 'inCare';
    await desk.setStatus(row.ticketId, 'inCare');
    await until(() => platformTicket(row.ticketId).status === 'inCare');
    expect((await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.group).toBe('inCare');
  });

  // Actions refused while locked are the dispatcher's (tests/unit/main/ipc/access-rules.test.ts, locked-desk.test.ts).
  it('locks, shows no row while locked, and unlocks with the password', async () => {
    const desk = await open();
    await desk.board.snapshot();
    await desk.board.lock();
    expect((await desk.board.snapshot()).rows).toEqual([]);
    expect((await failureOf(desk.board.unlock('wrong'))).code).toBe('INVALID_CREDENTIALS');
    await desk.board.unlock('formation');
    expect((await desk.callNext()).outcome).toBe('done');
    // Confirming the password at a desk that is not locked is no unlock.
    await desk.board.unlock('formation');
    const unlocks = readFileSync(path.join(desk.dataDir, 'board-audit.jsonl'), 'utf8').split('\n').filter((line) => line.includes('"unlock"'));
    expect(unlocks).toHaveLength(1);
  });

  it('call next asks the medical system once: the re-check before the call is not repeated', async () => {
    const desk = await open();
    await until(async () => (await desk.board.snapshot()).rows.every((row) => row.verification === 'verified'));
    const asked = vi.spyOn(desk.publisher, 'getAppointmentById');
    const result = await desk.callNext();
    expect(result.outcome).toBe('done');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(platformTicket(result.ticketId).lastCall?.deskLabel).toBe(sandbox.profile.deskLabel);
  });

  it('never trusts an echo: a publisher answering the request while it kept a later state is read back', async () => {
    sandbox.behaviour.quirks.echoStatus = true;
    const desk = await open();
    const row = await waitingAlone(desk);
    const put = desk.publisher.setAppointmentStatus.bind(desk.publisher);
    // The RIS moves the appointment on while this desk's change is on its way.
    vi.spyOn(desk.publisher, 'setAppointmentStatus').mockImplementation((id, status, overrides) => {
      appointment(id).status = 'done';
      return put(id, status, overrides);
    });
    const told = vi.spyOn(desk.platform, 'appointmentStatusChanged');
    expect((await desk.setStatus(row.ticketId, 'inCare')).outcome).toBe('done');
    // The platform is told what the medical system holds, never the echo.
    const statuses = told.mock.calls.filter(([id]) => id === row.contractAppointmentId).map(([, status]) => status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 'done')).toEqual([]);
    expect(platformTicket(row.ticketId).status).toBe('done');
    await until(async () => (await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.group === 'done');
  });

  // Refusing another office's place is the office rule's (tests/unit/main/ipc/office-rule.test.ts).
  it("offers only the office places of the staff member's own offices", async () => {
    const villeurbanne = sandbox.world.publisher.officePlaces.find((place) => place.officeId === 'ofc-2')!.platformId;
    const lyon = await open();
    const offered = await lyon.handlers['board/workplaceOptions'](undefined);
    expect(offered.officePlaces.map((place) => place.officePlaceId)).not.toContain(villeurbanne);
    expect(offered.officePlaces.length).toBeGreaterThan(0);

    // The supervisor's choice is remembered on this workstation; the next staff member without that office is not offered it.
    const supervisor = await openDesk(sandbox, lyon.dataDir, undefined, 'superviseur');
    desks.push(supervisor);
    await supervisor.board.chooseWorkplace({ officePlaceId: villeurbanne, deskId: 1, deskLabel: 'Accueil 1' });
    expect((await supervisor.board.snapshot()).rows.length).toBeGreaterThan(0);
    const reception = await openDesk(sandbox, lyon.dataDir);
    desks.push(reception);
    expect((await reception.handlers['board/workplaceOptions'](undefined)).current).toBeNull();
  });
});
