import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOARD_SETTINGS, type BoardRow } from '../../../../src-shared/board/rows';
import type { BoardLive, BoardLock, BoardRefused, BoardRowsEvent, BoardSnapshot } from '../../../../src-shared/ipc/features/board.contract';
import type { DeskResult } from '../../../../src-shared/result';
import { useBoardStore } from '../../../../src-renderer/features/board/stores/board';
import { row } from './rows';

/** What main answers for the desk's workplace, with these rows. */
function snapshotOf(rows: BoardRow[], live: BoardLive = { state: 'live', reason: null }): BoardSnapshot {
  return { rows, live, workplace: { officePlaceId: 1, deskId: 1, deskLabel: 'Accueil 1' }, settings: DEFAULT_BOARD_SETTINGS, locked: false, lock: null };
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

  it('keeps every refusal main reports, in order, for the board to show until dismissed', async () => {
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([]));
    await opening;
    refuse({ ticket: 'S007', action: 'done', code: 'PUBLISHER_VALIDATION' });
    refuse({ ticket: null, action: 'call', code: 'PLATFORM_ERROR' });
    expect(board.refusals.map((refusal) => refusal.ticket)).toEqual(['S007', null]);
  });

  it('keeps the selection on a row the filters show, else falls back to the first line, and follows pushes', async () => {
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([row({ ticketId: 'a', number: 1, room: 'Salle 1' }), row({ ticketId: 'b', number: 2, room: 'Salle 2' })]));
    await opening;
    board.selectedId = 'b';
    expect(board.selected?.ticketId).toBe('b');
    board.filters.room = 'Salle 1';
    expect(board.selected?.ticketId).toBe('a');
    expect(board.lines.map((line) => line.key)).toEqual(['group:waiting', 'a']);
    push({ upserts: [row({ ticketId: 'b', number: 2, room: 'Salle 1' })], removed: [], reset: false });
    expect(board.selected?.ticketId).toBe('b');
    expect(board.lines.map((line) => line.key)).toEqual(['group:waiting', 'a', 'b']);
    board.moveSelection(-1);
    expect(board.selected?.ticketId).toBe('a');
  });

  it('drops every row the moment the desk locks, so no patient name is left to draw behind the lock', async () => {
    const board = useBoardStore();
    const opening = board.open();
    answerSnapshot(snapshotOf([row({ ticketId: 'a', patientDisplayName: 'Jeanne M.' })]));
    await opening;
    expect(board.lines.map((line) => line.key)).toEqual(['group:waiting', 'a']);
    lockFromMain({ reason: 'idle', idleMinutes: 10 });
    expect(board.locked).toBe(true);
    expect(board.lockState).toEqual({ reason: 'idle', idleMinutes: 10 });
    expect(board.rows.size).toBe(0);
    expect(board.lines).toEqual([]);
    expect(board.selected).toBeNull();
  });
});
