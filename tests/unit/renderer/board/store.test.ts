import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOARD_SETTINGS, type BoardRow } from '../../../../src-shared/board/rows';
import type { BoardActionResult, BoardLive, BoardLock, BoardRefused, BoardRowsEvent, BoardSnapshot } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskResult } from '../../../../src-shared/result';
import { UNDO_MS, useBoardStore } from '../../../../src-renderer/features/board/stores/board';
import type { HeldMove } from '../../../../src-shared/board/held';
import { deskEmit } from '../setup';
import { row } from './rows';

/** What main answers for the desk's workplace, with these rows. */
function snapshotOf(rows: BoardRow[], live: BoardLive = { state: 'live', reason: null }): BoardSnapshot {
  return { rows, live, workplace: { officePlaceId: 1, deskId: 1, deskLabel: 'Accueil 1' }, settings: DEFAULT_BOARD_SETTINGS, locked: false, lock: null, held: null };
}

describe('board store', () => {
  let push: (change: BoardRowsEvent) => void = () => undefined;
  let refuse: (refusal: BoardRefused) => void = () => undefined;
  let goLive: (next: BoardLive) => void = () => undefined;
  let answerSnapshot: (snapshot: BoardSnapshot) => void = () => undefined;
  let lockFromMain: (lock: BoardLock | null) => void = () => undefined;

  beforeEach(() => {
    setActivePinia(createPinia());
    const api = window.desk;
    if (!api) throw new Error('the test setup installs window.desk');
    api.on.board.rows = (listener) => {
      push = listener;
      return () => undefined;
    };
    api.on.board.live = (listener) => {
      goLive = listener;
      return () => undefined;
    };
    api.on.board.locked = (listener) => {
      lockFromMain = listener;
      return () => undefined;
    };
    api.on.board.refused = (listener) => {
      refuse = listener;
      return () => undefined;
    };
    api.board.snapshot = () =>
      new Promise<DeskResult<BoardSnapshot>>((resolve) => {
        answerSnapshot = (value) => resolve({ ok: true, value });
      });
  });

  it('keeps a ticket and the live state pushed while the snapshot is on its way (a kiosk arrival is never lost)', async () => {
    const board = useBoardStore();
    const opening = board.open();
    push({ upserts: [row({ ticketId: 's007', formattedNumber: 'S007' })], removed: [], reset: false });
    goLive({ state: 'live', reason: null });
    answerSnapshot(snapshotOf([row({ ticketId: 's001' })], { state: 'connecting', reason: null }));
    await opening;
    expect([...board.rows.keys()].sort()).toEqual(['s001', 's007']);
    expect(board.live.state).toBe('live');
  });

  it('cues only real arrivals while a snapshot is on its way: not the rows the day already had (at opening, after an unlock)', async () => {
    const board = useBoardStore();
    const opening = board.open();
    // A re-verified row of the day and a kiosk arrival, both pushed before the snapshot lands.
    push({ upserts: [row({ ticketId: 'i002', formattedNumber: 'I002' })], removed: [], reset: false });
    push({ upserts: [row({ ticketId: 's007', formattedNumber: 'S007' })], removed: [], reset: false });
    expect([...board.arrived]).toEqual([]);
    answerSnapshot(snapshotOf([row({ ticketId: 'i002', formattedNumber: 'I002' })]));
    await opening;
    expect([...board.arrived]).toEqual(['s007']);

    lockFromMain({ reason: 'manual', idleMinutes: null });
    lockFromMain(null);
    push({ upserts: [row({ ticketId: 'i002', formattedNumber: 'I002' })], removed: [], reset: false });
    answerSnapshot(snapshotOf([row({ ticketId: 'i002', formattedNumber: 'I002' }), row({ ticketId: 's007', formattedNumber: 'S007' })]));
    await vi.waitFor(() => expect(board.rows.size).toBe(2));
    expect(board.arrived.has('i002')).toBe(false);
  });

  it('keeps every refusal main reports, in order, for the board to show until dismissed', async () => {
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([]));
    await opening;
    refuse({ ticket: 'S007', action: 'done', code: 'PUBLISHER_VALIDATION' });
    refuse({ ticket: null, action: 'call', code: 'PLATFORM_ERROR' });
    expect(board.refusals.map((refusal) => refusal.ticket)).toEqual(['S007', null]);
  });

  it('a row staff select is read from the medical system at once (main is asked, once per choice)', async () => {
    const api = window.desk!;
    const focus = vi.fn(async () => ({ ok: true as const, value: null }));
    api.board.focus = focus;
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([row({ ticketId: 'a', number: 1 }), row({ ticketId: 'b', number: 2 })]));
    await opening;
    board.selectedId = 'b';
    await vi.waitFor(() => expect(focus).toHaveBeenCalledWith({ ticketId: 'b' }));
    board.moveSelection(-1);
    await vi.waitFor(() => expect(focus).toHaveBeenLastCalledWith({ ticketId: 'a' }));
    expect(focus).toHaveBeenCalledTimes(2);
  });

  it('acts on my patient unless a row is chosen: never on the first waiting row by default; the choice survives filters and pushes', async () => {
    const board = useBoardStore();
    const opening = board.open();
    const mine = row({ ticketId: 'm', number: 3, group: 'called', lastCall: { deskId: 1, deskLabel: 'Accueil 1', at: '2026-11-23T09:10:00+01:00' } });
    answerSnapshot(snapshotOf([row({ ticketId: 'a', number: 1, room: 'Salle 1' }), row({ ticketId: 'b', number: 2, room: 'Salle 2' })]));
    await opening;
    // Nobody called here and nothing chosen: a key has no patient to act on.
    expect(board.selected).toBeNull();
    expect(board.decide('inCare')).toMatchObject({ ok: false, why: 'noTarget' });
    push({ upserts: [mine], removed: [], reset: false });
    expect(board.selected?.ticketId).toBe('m');
    expect(board.selectedIsMine).toBe(true);
    board.choose('b');
    expect(board.selected?.ticketId).toBe('b');
    expect(board.selectedIsMine).toBe(false);
    // Hidden by a filter, the chosen row is still the one the keys act on (the target panel shows it).
    board.filters.room = 'Salle 1';
    expect(board.selected?.ticketId).toBe('b');
    expect(board.lines.filter((line) => line.kind === 'row').map((line) => line.key)).toEqual(['a', 'm']);
    board.filters.room = null;
    board.moveSelection(-1);
    expect(board.selected?.ticketId).toBe('a');
    board.choose(null);
    expect(board.selected?.ticketId).toBe('m');
    // A chosen row that leaves the board hands the keys back to my patient.
    board.choose('a');
    push({ upserts: [], removed: ['a'], reset: false });
    expect(board.selected?.ticketId).toBe('m');
  });

  it('drops every row the moment the desk locks, so no patient name is left to draw behind the lock', async () => {
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([row({ ticketId: 'a', patientDisplayName: 'Jeanne M.' })]));
    await opening;
    expect(board.lines.map((line) => line.key)).toEqual(['group:waiting', 'a', 'group:called', 'group:inCare', 'group:done']);
    lockFromMain({ reason: 'idle', idleMinutes: 10 });
    expect(board.locked).toBe(true);
    expect(board.lockState).toEqual({ reason: 'idle', idleMinutes: 10 });
    expect(board.rows.size).toBe(0);
    expect(board.lines).toEqual([]);
    expect(board.selected).toBeNull();
  });

  it('a countdown main ends while the board reopens is not drawn again at 0 s for ever; main is asked once more', async () => {
    // Back from Statistics during a held done: main built the snapshot with it, then sent it and said so.
    let snapshots = 0;
    const answered = window.desk!.board.snapshot;
    window.desk!.board.snapshot = () => {
      snapshots += 1;
      return answered();
    };
    const board = useBoardStore();
    const opening = board.open();
    deskEmit('board/held', null);
    answerSnapshot({ ...snapshotOf([row({ ticketId: 'a' })]), held: { id: 'held-a', ticketId: 'a', formattedNumber: 'A', status: 'done', sendInMs: 1_200 } });
    await opening;
    expect(board.held).toBeNull();
    await vi.waitFor(() => expect(snapshots).toBe(2));
    answerSnapshot(snapshotOf([row({ ticketId: 'a' })]));
    await vi.waitFor(() => expect(board.rows.size).toBe(1));
    expect(board.held).toBeNull();
  });

  it('a desk that locks while the board reopens stays locked: no row drawn from the snapshot taken before', async () => {
    const board = useBoardStore();
    const opening = board.open();
    lockFromMain({ reason: 'manual', idleMinutes: null });
    answerSnapshot(snapshotOf([row({ ticketId: 'a', patientDisplayName: 'Jeanne M.' })]));
    await opening;
    expect(board.locked).toBe(true);
    expect(board.rows.size).toBe(0);
  });

  it('names the office place the board shows, for the header; none when the publisher cannot say', async () => {
    window.desk!.board.workplaceOptions = () =>
      Promise.resolve({ ok: true, value: { officePlaces: [{ officePlaceId: 2, name: 'Villeurbanne' }, { officePlaceId: 1, name: 'Lyon Part-Dieu' }], current: null } });
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([]));
    await opening;
    expect(board.placeName).toBe('Lyon Part-Dieu');
    board.close();

    setActivePinia(createPinia());
    window.desk!.board.workplaceOptions = () => Promise.reject(new Error('unreachable'));
    const alone = useBoardStore();
    const again = alone.open();
    answerSnapshot(snapshotOf([]));
    await again;
    expect(alone.placeName).toBeNull();
    expect(alone.loaded).toBe(true);
  });

  describe('a move the medical system cannot take back waits for an Undo, held by main', () => {
    let sent: { ticketId: string; status: string }[];
    let undone: string[];

    async function openWith(rows: BoardRow[], held: HeldMove | null = null) {
      const board = useBoardStore();
      const opening = board.open();
      answerSnapshot({ ...snapshotOf(rows), held });
      await opening;
      return board;
    }
    const heldBy = (ticketId: string, status: 'done' | 'closed', sendInMs = UNDO_MS): HeldMove => ({ id: `held-${ticketId}`, ticketId, formattedNumber: ticketId.toUpperCase(), status, sendInMs });

    beforeEach(() => {
      vi.useFakeTimers();
      sent = [];
      undone = [];
      window.desk!.board.setStatus = (request) => {
        sent.push(request);
        const value: BoardActionResult = { outcome: 'done', ticketId: request.ticketId, formattedNumber: request.ticketId.toUpperCase() };
        return Promise.resolve({ ok: true, value });
      };
      window.desk!.board.hold = (request) => Promise.resolve({ ok: true, value: heldBy(request.ticketId, request.status) });
      window.desk!.board.undoHeld = (request) => {
        undone.push(request.id);
        return Promise.resolve({ ok: true, value: { undone: true } });
      };
      window.desk!.board.lock = () => Promise.resolve({ ok: true, value: null });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('done and close are handed to main, which counts down; this window shows the countdown and asks main to undo', async () => {
      const board = await openWith([row({ ticketId: 'i002', formattedNumber: 'I002' })]);
      await expect(board.setStatus('i002', 'done')).resolves.toBeNull();
      expect(board.held).toMatchObject({ id: 'held-i002', ticketId: 'i002', formattedNumber: 'I002', status: 'done', sendAt: Date.now() + UNDO_MS });
      // Nothing leaves this window for the medical system, now or after the countdown: main sends it.
      await vi.advanceTimersByTimeAsync(UNDO_MS * 2);
      expect(sent).toEqual([]);
      await expect(board.undo()).resolves.toBe(true);
      expect(undone).toEqual(['held-i002']);
      expect(board.held).toBeNull();
      await expect(board.undo()).resolves.toBe(false);
    });

    it('another window of the desk sees the held move (snapshot and pushes), counts it down on its own clock, and can undo it', async () => {
      const board = await openWith([row({ ticketId: 'a' })], heldBy('a', 'closed', 3_000));
      expect(board.held).toMatchObject({ id: 'held-a', status: 'closed', sendAt: Date.now() + 3_000 });
      await expect(board.undo()).resolves.toBe(true);
      expect(undone).toEqual(['held-a']);
      deskEmit('board/held', heldBy('a', 'done'));
      expect(board.held?.status).toBe('done');
      // Sent by main: every window says so.
      deskEmit('board/held', null);
      deskEmit('board/heldSent', { id: 'held-a', status: 'done', result: { outcome: 'done', ticketId: 'a', formattedNumber: 'A' } });
      expect(board.held).toBeNull();
      expect(board.heldOutcome).toEqual({ status: 'done', result: { outcome: 'done', ticketId: 'a', formattedNumber: 'A' } });
    });

    it('sends in care at once: the desk can still move the patient on', async () => {
      const board = await openWith([row({ ticketId: 'i002' })]);
      await expect(board.setStatus('i002', 'inCare')).resolves.toMatchObject({ outcome: 'done' });
      expect(sent).toEqual([{ ticketId: 'i002', status: 'inCare' }]);
      expect(board.held).toBeNull();
    });

    it('leaving the board or locking sends nothing from the window: the move is main\'s', async () => {
      const board = await openWith([row({ ticketId: 'a' })]);
      await board.setStatus('a', 'done');
      await board.lock('manual');
      board.close();
      await vi.advanceTimersByTimeAsync(UNDO_MS * 2);
      expect(sent).toEqual([]);
      expect(undone).toEqual([]);
    });
  });
});
