import type { BoardGroup, BoardRow, ForwardStatus } from '../../../../src-shared/board/rows';

/**
 * What staff can do to one row. The row's buttons, the target panel's buttons and the keys are
 * all drawn from `rowMoves`, so a key can never do what no button offers (done on a waiting
 * row, close on a called one).
 */
export type RowMove = 'call' | 'recall' | 'inCare' | 'done' | 'close' | 'transfer' | 'absent' | 'reprint';

/** The moves a key makes on the target row (N calls the next patient and needs no row). */
export type KeyMove = 'recall' | 'inCare' | 'done' | 'close' | 'transfer' | 'absent';
export const KEY_OF_MOVE: Record<KeyMove, string> = { recall: 'R', inCare: 'I', done: 'D', close: 'C', transfer: 'T', absent: 'X' };
/** The key of a row move, if it has one (call and reprint have none). */
export const keyOf = (move: RowMove): string | undefined => (move in KEY_OF_MOVE ? KEY_OF_MOVE[move as KeyMove] : undefined);

/** A patient is only moved forward, one step at a time, and only the step their group is at. */
const BY_GROUP: Record<BoardGroup, readonly RowMove[]> = {
  waiting: ['call', 'inCare'],
  called: ['recall', 'inCare', 'transfer', 'absent'],
  inCare: ['done', 'transfer'],
  done: ['close'],
};

/** Transfer and absent need the platform's desks extension; the caller says whether it is there. */
const DESK_MOVES: ReadonlySet<RowMove> = new Set(['transfer', 'absent']);

export function rowMoves(row: Pick<BoardRow, 'group' | 'contractAppointmentId'>, desks = true): RowMove[] {
  const moves = BY_GROUP[row.group].filter((move) => desks || !DESK_MOVES.has(move));
  if (row.contractAppointmentId) moves.push('reprint');
  return moves;
}

/** Buttons of a row are there but cannot be pressed while its appointment is gone or its own move is on its way. */
export function movesBlocked(row: Pick<BoardRow, 'verification' | 'working'>): 'gone' | 'working' | null {
  if (row.verification === 'gone') return 'gone';
  return row.working ? 'working' : null;
}

export const STATUS_OF_MOVE = { inCare: 'inCare', done: 'done', close: 'closed' } as const satisfies Partial<Record<RowMove, ForwardStatus>>;

export type KeyRefusal = 'noTarget' | 'noDesks' | 'notOffered' | 'gone' | 'working';

/** What a key does: the move on the target row, or why it does nothing (said in one line). */
export type KeyDecision = { ok: true; move: KeyMove; row: BoardRow } | { ok: false; move: KeyMove; why: KeyRefusal; row: BoardRow | null };

export function decideKey(move: KeyMove, target: BoardRow | null, context: { desks: boolean }): KeyDecision {
  if (!context.desks && DESK_MOVES.has(move)) return { ok: false, move, why: 'noDesks', row: target };
  if (!target) return { ok: false, move, why: 'noTarget', row: null };
  if (!rowMoves(target, context.desks).includes(move)) return { ok: false, move, why: 'notOffered', row: target };
  const blocked = movesBlocked(target);
  if (blocked) return { ok: false, move, why: blocked, row: target };
  return { ok: true, move, row: target };
}
