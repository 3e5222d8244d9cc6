import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DisplayCalls } from '../../../../src-shared/ipc/features/display.contract';
import { CheckinService } from '../../../../src-main/checkin/service';
import { DisplayFeed } from '../../../../src-main/display/feed';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { DESK_TRAINING_PATIENTS } from '../../../../src-main/sandbox/world/desk-patients';
import { until } from '../../../helpers/until';
import { RecordingPrinter } from '../checkin/harness';
import { openDesk } from './harness';

const lea = DESK_TRAINING_PATIENTS.journey;
const hugo = DESK_TRAINING_PATIENTS.scanned;

describe('call board on a platform without the desk extensions (DESIGN.md §3: degrade)', () => {
  let sandbox: RunningSandbox;
  const closing: (() => unknown)[] = [];
  beforeEach(async () => {
    sandbox = await startSandbox({ platformFlags: ['--no-desk-extensions'] });
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    await sandbox.close();
  });
  const open = async (dataDir?: string) => {
    const desk = await openDesk(sandbox, dataDir);
    closing.push(() => desk.close());
    return desk;
  };
  const appointment = (id: string) => sandbox.world.publisher.appointments.find((candidate) => candidate.id === id)!;

  it("shows the desk's own checked-in patient and a scanned one, re-verified; calls them locally and on its display; kept across a restart", async () => {
    const desk = await open();
    const first = await desk.board.snapshot();
    expect(first.live).toMatchObject({ state: 'offline', reason: 'notOffered', missing: ['dayList'] });
    expect(first.rows).toEqual([]);

    const checkin = new CheckinService({ ...desk.parts, printer: new RecordingPrinter() });
    const ids = (await checkin.search({ socialSecurityId: lea.socialSecurityId })).patients[0]!.appointments.map((item) => item.id);
    const result = await checkin.checkIn(ids);
    await until(async () => (await desk.board.snapshot()).rows.some((row) => row.contractAppointmentId === ids[0] && row.verification === 'verified'));
    const own = (await desk.board.snapshot()).rows.find((row) => row.contractAppointmentId === ids[0])!;
    expect(own).toMatchObject({ formattedNumber: result.formattedNumber, status: 'checkedIn', group: 'waiting', patientDisplayName: 'Léa Garnier-Vidal' });
    // Found again by a search, her two appointments (one journey, one number) stay one ticket on the board.
    await checkin.search({ socialSecurityId: lea.socialSecurityId });
    // (The search records in memory before it answers; the file follows.)
    expect(desk.parts.journal.tickets(sandbox.profile.officePlaceId!).filter((ticket) => ticket.formattedNumber === result.formattedNumber)).toHaveLength(1);

    // A patient received elsewhere (another desk, a kiosk) whom this desk scans joins its board.
    const scannedId = sandbox.world.publisher.appointments.find((candidate) => candidate.convocationCode === hugo.codes[0])!.id;
    Object.assign(appointment(scannedId), { status: 'checkedIn', ticketNumberFormatted: 'I777' });
    await checkin.byCode(hugo.codes[0]);
    await until(async () => (await desk.board.snapshot()).rows.some((row) => row.contractAppointmentId === scannedId && row.verification === 'verified'));

    // Re-verified: a move made in the medical system shows without any action here.
    appointment(scannedId).status = 'inCare';
    await until(async () => {
      await desk.board.verifier.verify(scannedId, true);
      return (await desk.board.snapshot()).rows.find((row) => row.contractAppointmentId === scannedId)?.status === 'inCare';
    });

    const pushed: DisplayCalls[] = [];
    const display = new DisplayFeed({ platform: desk.parts.board, officePlaceId: () => sandbox.profile.officePlaceId, journal: desk.parts.journal, changed: (calls) => pushed.push(calls) });
    closing.push(() => display.dispose());
    // No day list: the screen shows this desk's calls, and says it is current.
    expect(await display.calls()).toEqual({ revision: expect.any(Number), calls: [], live: true });
    expect((await desk.call(own.ticketId, false)).outcome).toBe('done');
    await until(() => pushed.at(-1)?.calls[0]?.ticketId === own.ticketId);
    expect(pushed.at(-1)).toEqual({ revision: expect.any(Number), live: true, calls: [{ ticketId: own.ticketId, formattedNumber: result.formattedNumber, deskLabel: 'Accueil 1', at: expect.any(String) }] });
    expect(await display.calls()).toEqual(pushed.at(-1));
    await until(async () => (await desk.board.snapshot()).rows.find((row) => row.ticketId === own.ticketId)?.group === 'called');

    expect((await desk.setStatus(own.ticketId, 'inCare')).outcome).toBe('done');
    expect(appointment(ids[0]!).status).toBe('inCare');

    // The journal is durable: a restarted desk shows the same day.
    await desk.close();
    const again = await open(desk.dataDir);
    await until(async () => (await again.board.snapshot()).rows.some((row) => row.ticketId === own.ticketId && row.status === 'inCare' && row.lastCall?.deskLabel === 'Accueil 1'));
  });
});

describe('call board on a platform that stops offering the call route', () => {
  let sandbox: RunningSandbox;
  afterEach(async () => {
    await sandbox.close();
  });

  it('records the call at the desk, says the call route is missing, and tells the platform nothing it cannot take', async () => {
    sandbox = await startSandbox();
    const desk = await openDesk(sandbox, mkdtempSync(path.join(tmpdir(), 'board-')));
    try {
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
      expect((await desk.board.snapshot()).live.missing).toBeUndefined();
      const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting')!;
      sandbox.deskExtensions.offered = false;
      expect((await desk.call(row.ticketId, false)).outcome).toBe('done');
      const live = (await desk.board.snapshot()).live;
      expect(live.missing).toContain('callTicket');
      expect(sandbox.world.platform.tickets.find((ticket) => ticket.ticketId === row.ticketId)!.lastCall).toBeUndefined();
      await until(async () => (await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.lastCall?.deskLabel === 'Accueil 1');
    } finally {
      await desk.close();
    }
  });

  it('a call not taken during an outage, confirmed once the platform is back without the call route, is recorded at the desk, not refused', async () => {
    sandbox = await startSandbox();
    const desk = await openDesk(sandbox, mkdtempSync(path.join(tmpdir(), 'board-')));
    const refused: unknown[] = [];
    desk.events.subscribe((event, payload) => {
      if (event === 'board/refused') refused.push(payload);
    });
    try {
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
      const row = (await desk.board.snapshot()).rows.find((candidate) => candidate.group === 'waiting')!;
      sandbox.faults.platform.down = true;
      expect((await desk.call(row.ticketId, false)).outcome).toBe('notSent');
      sandbox.deskExtensions.offered = false;
      sandbox.faults.platform.down = false;
      // Staff confirm the call offered back to them.
      expect((await desk.call(row.ticketId, false)).outcome).toBe('done');
      await until(async () => (await desk.board.snapshot()).rows.find((candidate) => candidate.ticketId === row.ticketId)?.lastCall?.deskLabel === 'Accueil 1');
      expect(refused).toEqual([]);
      expect(desk.parts.journal.tickets(sandbox.profile.officePlaceId!).find((ticket) => ticket.ticketId === row.ticketId)?.lastCall?.deskLabel).toBe('Accueil 1');
    } finally {
      await desk.close();
    }
  });
});
