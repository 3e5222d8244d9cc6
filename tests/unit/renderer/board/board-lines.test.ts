import { describe, expect, it } from 'vitest';
import { BOARD_GROUPS, type BoardRow } from '../../../../src-shared/board/rows';
import { BoardLines, folded } from '../../../../src-renderer/features/board/model/board-lines';
import { NO_FILTERS, type BoardFilters } from '../../../../src-renderer/features/board/model/view';
import { row } from './rows';

/** The board's lines as the whole-board pass computed them: filter, group, sort; every heading once the board has a row. */
function reference(rows: Iterable<BoardRow>, filters: BoardFilters): string[] {
  const needle = folded(filters.search.trim());
  const all = [...rows];
  const kept = all.filter(
    (candidate) =>
      (!filters.examType || (candidate.examLabel ?? candidate.examTypeId) === filters.examType) &&
      (!filters.practitioner || candidate.practitioner === filters.practitioner) &&
      (!filters.room || candidate.room === filters.room) &&
      (!needle || folded(candidate.formattedNumber).includes(needle) || folded(candidate.patientDisplayName ?? '').includes(needle)),
  );
  const keys: string[] = [];
  for (const group of BOARD_GROUPS) {
    const members = kept
      .filter((candidate) => candidate.group === group)
      .sort((a, b) =>
        filters.sort === 'wait'
          ? a.checkedInAt.localeCompare(b.checkedInAt) || a.number - b.number
          : a.formattedNumber.localeCompare(b.formattedNumber, undefined, { numeric: true }),
      );
    if (all.length > 0) keys.push(`group:${group}:${members.length}`, ...members.map((member) => member.ticketId));
  }
  return keys;
}

function keysOf(board: BoardLines, filters: BoardFilters): string[] {
  return board.lines(filters).map((line) => (line.kind === 'group' ? `${line.key}:${line.count}` : line.key));
}

/** A small deterministic generator: the same sequence on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('board lines kept row by row', () => {
  it('stays equal to a whole-board pass through random pushes, under every filter and sort', () => {
    const random = seeded(7);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const filterSets: BoardFilters[] = [
      NO_FILTERS,
      { ...NO_FILTERS, sort: 'ticket' },
      { ...NO_FILTERS, search: 'hé' },
      { ...NO_FILTERS, search: 'a01', sort: 'ticket' },
      { ...NO_FILTERS, room: 'Salle 2', practitioner: 'Dr A' },
      { ...NO_FILTERS, examType: 'Scanner thoracique', sort: 'ticket' },
    ];
    for (const filters of filterSets) {
      const board = new BoardLines();
      const truth = new Map<string, BoardRow>();
      for (let step = 0; step < 400; step += 1) {
        const id = `t${Math.floor(random() * 60)}`;
        if (random() < 0.15) {
          board.apply({ upserts: [], removed: [id], reset: false });
          truth.delete(id);
        } else {
          const number = Number(id.slice(1));
          const next = row({
            ticketId: id,
            number,
            formattedNumber: `${pick(['A', 'B'])}${String(number).padStart(3, '0')}`,
            group: pick(BOARD_GROUPS),
            patientDisplayName: pick(['Hélène Dumas', 'Jean D.', null]),
            ...pick([{ examTypeId: 'IRM', examLabel: 'IRM du genou' }, { examTypeId: 'SCAN', examLabel: 'Scanner thoracique' }, { examTypeId: 'SCAN', examLabel: null }]),
            practitioner: pick(['Dr A', 'Dr B', null]),
            room: pick(['Salle 1', 'Salle 2']),
            checkedInAt: `2026-11-23T08:${String(Math.floor(random() * 6) * 10).padStart(2, '0')}:00+01:00`,
          });
          board.apply({ upserts: [next], removed: [], reset: false });
          truth.set(id, next);
        }
        // Lines are read between pushes, as the view does, so the row-by-row path is the one tested.
        if (step % 3 === 0) expect(keysOf(board, filters)).toEqual(reference(truth.values(), filters));
      }
      expect(keysOf(board, filters)).toEqual(reference(truth.values(), filters));
      expect(board.choices('room')).toEqual([...new Set([...truth.values()].map((each) => each.room!))].sort());
    }
  });

  it('answers the same array until something changes, and keeps the lines of rows a push did not touch', () => {
    const board = new BoardLines([row({ ticketId: 'a', number: 1 }), row({ ticketId: 'b', number: 2 })]);
    const first = board.lines(NO_FILTERS);
    expect(board.lines({ ...NO_FILTERS })).toBe(first);
    const rooms = board.choices('room');
    board.apply({ upserts: [row({ ticketId: 'b', number: 2, patientDisplayName: 'Autre' })], removed: [], reset: false });
    const second = board.lines(NO_FILTERS);
    expect(second).not.toBe(first);
    expect(second.find((line) => line.key === 'a')).toBe(first.find((line) => line.key === 'a'));
    expect(second.find((line) => line.key === 'b')).not.toBe(first.find((line) => line.key === 'b'));
    expect(board.choices('room')).toBe(rooms);
  });

  it('replaces everything on reset and says which rows the filters show', () => {
    const board = new BoardLines([row({ ticketId: 'a' }), row({ ticketId: 'b', room: 'Salle 2' })]);
    const filters = { ...NO_FILTERS, room: 'Salle 2' };
    expect(keysOf(board, filters)).toEqual(['group:waiting:1', 'b', 'group:called:0', 'group:inCare:0', 'group:done:0']);
    expect([board.shows('a'), board.shows('b')]).toEqual([false, true]);
    expect(board.firstRow()?.ticketId).toBe('b');
    board.apply({ upserts: [row({ ticketId: 'c', room: 'Salle 2' })], removed: [], reset: true });
    expect([...board.rows.keys()]).toEqual(['c']);
    expect(keysOf(board, filters)).toEqual(['group:waiting:1', 'c', 'group:called:0', 'group:inCare:0', 'group:done:0']);
    expect(board.choices('room')).toEqual(['Salle 2']);
    // An empty board has no heading at all: the view says so in words.
    board.apply({ upserts: [], removed: [], reset: true });
    expect(keysOf(board, filters)).toEqual([]);
  });
});

describe('board filters on a journey row (one ticket, several exams)', () => {
  /** Léa: her ticket is her knee MRI's, her chest scan is linked to it; Jean has a scan of his own. */
  const scan = { contractAppointmentId: 'apt-lea-scan', examLabel: 'Scanner thoracique', examTypeId: 'SCAN', practitioner: 'Dr B', room: 'Salle Scanner', startDate: '2026-11-23T10:30:00+01:00' };
  const lea = row({ ticketId: 'lea', checkedInAt: '2026-11-23T08:50:00+01:00', examLabel: 'IRM du genou', examTypeId: 'IRM', practitioner: 'Dr A', room: 'IRM 1', linkedExams: [scan] });
  const jean = row({ ticketId: 'jean', examLabel: 'Scanner thoracique', examTypeId: 'SCAN', practitioner: 'Dr B', room: 'Salle Scanner' });
  const shown = (board: BoardLines, filters: Partial<BoardFilters>) => board.lines({ ...NO_FILTERS, ...filters }).flatMap((line) => (line.kind === 'row' ? [line.key] : []));

  it('shows the patient under the exam type, practitioner and room of her linked exam, as under her main one', () => {
    const board = new BoardLines([lea, jean]);
    expect(shown(board, { examType: 'Scanner thoracique' })).toEqual(['lea', 'jean']);
    expect(shown(board, { examType: 'IRM du genou' })).toEqual(['lea']);
    expect(shown(board, { practitioner: 'Dr B' })).toEqual(['lea', 'jean']);
    expect(shown(board, { room: 'Salle Scanner' })).toEqual(['lea', 'jean']);
    expect(board.choices('examType')).toEqual(['IRM du genou', 'Scanner thoracique']);
    expect(board.choices('room')).toEqual(['IRM 1', 'Salle Scanner']);
  });

  it('needs one exam to fit every filter chosen: the scan type in the MRI room is not her', () => {
    const board = new BoardLines([lea, jean]);
    expect(shown(board, { examType: 'Scanner thoracique', room: 'IRM 1' })).toEqual([]);
    expect(shown(board, { examType: 'Scanner thoracique', room: 'Salle Scanner' })).toEqual(['lea', 'jean']);
  });

  it("drops the linked exam's choices when the row goes or loses it", () => {
    const board = new BoardLines([lea]);
    board.apply({ upserts: [{ ...lea, linkedExams: undefined }], removed: [], reset: false });
    expect(board.choices('examType')).toEqual(['IRM du genou']);
    board.apply({ upserts: [lea], removed: [], reset: false });
    board.apply({ upserts: [], removed: ['lea'], reset: false });
    expect(board.choices('examType')).toEqual([]);
  });
});

