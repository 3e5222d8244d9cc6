import { describe, expect, it } from 'vitest';
import { BoardLines } from '../../../../src-renderer/features/board/model/board-lines';
import { boardLines, NO_FILTERS } from '../../../../src-renderer/features/board/model/view';
import { row } from './rows';

const rows = [
  row({ ticketId: 's002', number: 2, group: 'inCare', status: 'inCare', checkedInAt: '2026-11-23T08:10:00+01:00', examTypeId: 'SCAN', examLabel: 'Scanner thoracique' }),
  row({ ticketId: 'i010', number: 10, checkedInAt: '2026-11-23T08:50:00+01:00', patientDisplayName: 'Hélène Dumas' }),
  row({ ticketId: 'i003', number: 3, checkedInAt: '2026-11-23T08:20:00+01:00', room: 'Salle 2' }),
  row({ ticketId: 'i004', number: 4, group: 'called', checkedInAt: '2026-11-23T08:30:00+01:00', practitioner: 'Dr B' }),
];

const rowKeys = (filters: typeof NO_FILTERS) => boardLines(rows, filters).filter((line) => line.kind === 'row').map((line) => line.key);

describe('board lines', () => {
  it('groups in the fixed order with counts, longest wait first; an empty group keeps its heading with 0', () => {
    const lines = boardLines(rows, NO_FILTERS);
    expect(lines.map((line) => line.key)).toEqual(['group:waiting', 'i003', 'i010', 'group:called', 'i004', 'group:inCare', 's002', 'group:done']);
    expect(lines[0]).toMatchObject({ kind: 'group', count: 2 });
    expect(lines.at(-1)).toMatchObject({ kind: 'group', group: 'done', count: 0 });
  });

  it('sorts by ticket number, numerically', () => {
    const lines = boardLines(rows, { ...NO_FILTERS, sort: 'ticket' });
    expect(lines.filter((line) => line.kind === 'row').map((line) => line.key)).toEqual(['i003', 'i010', 'i004', 's002']);
  });

  it('searches names without accents or case, and ticket numbers', () => {
    expect(rowKeys({ ...NO_FILTERS, search: 'helene' })).toEqual(['i010']);
    expect(boardLines(rows, { ...NO_FILTERS, search: 'I00' }).filter((line) => line.kind === 'row')).toHaveLength(2);
  });

  it('filters by exam type, practitioner and room, and lists their values', () => {
    // The exam filter offers the names rows show, never the publisher's codes.
    expect(rowKeys({ ...NO_FILTERS, examType: 'Scanner thoracique' })).toEqual(['s002']);
    expect(new BoardLines(rows).choices('examType')).toEqual(['IRM', 'Scanner thoracique']);
    expect(rowKeys({ ...NO_FILTERS, practitioner: 'Dr B' })).toEqual(['i004']);
    expect(rowKeys({ ...NO_FILTERS, room: 'Salle 2' })).toEqual(['i003']);
    expect(new BoardLines(rows).choices('room')).toEqual(['Salle 1', 'Salle 2']);
  });

  it('handles 5,000 rows in one pass', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => row({ ticketId: `t${i}`, number: i }));
    expect(boardLines(many, NO_FILTERS)).toHaveLength(5_004);
  });
});
