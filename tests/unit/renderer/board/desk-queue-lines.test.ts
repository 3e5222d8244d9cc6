import { describe, expect, it } from 'vitest';
import { BoardLines } from '../../../../src-renderer/features/board/model/board-lines';
import { NO_FILTERS } from '../../../../src-renderer/features/board/model/view';
import { row } from './rows';

const tickets = (lines: ReturnType<BoardLines['lines']>) => lines.flatMap((line) => (line.kind === 'row' ? [line.row.ticketId] : [])).sort();

describe("the board shows the desk's queue first, the rest of the office on demand", () => {
  const rows = [row({ ticketId: 's1', examTypeId: 'SCAN', inQueue: true }), row({ ticketId: 'i1', examTypeId: 'IRM', inQueue: false }), row({ ticketId: 'x1' })];

  it('hides rows outside the queue by default; a row that does not say (an older main) stays', () => {
    expect(tickets(new BoardLines(rows).lines(NO_FILTERS))).toEqual(['s1', 'x1']);
  });

  it('whole office shows every row, and going back to the queue hides them again', () => {
    const board = new BoardLines(rows);
    expect(tickets(board.lines({ ...NO_FILTERS, wholeOffice: true }))).toEqual(['i1', 's1', 'x1']);
    expect(tickets(board.lines({ ...NO_FILTERS, wholeOffice: false }))).toEqual(['s1', 'x1']);
  });

  it('a push that moves a row into the queue shows it at once', () => {
    const board = new BoardLines(rows);
    board.lines(NO_FILTERS);
    board.apply({ upserts: [row({ ticketId: 'i1', examTypeId: 'IRM', inQueue: true })], removed: [], reset: false });
    expect(tickets(board.lines(NO_FILTERS))).toEqual(['i1', 's1', 'x1']);
  });
});
