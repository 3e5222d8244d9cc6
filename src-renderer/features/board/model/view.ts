import { waitLevel, type BoardGroup, type BoardRow, type BoardSettings, type WaitLevel } from '../../../../src-shared/board/rows';
import { BoardLines } from './board-lines';

export interface BoardFilters {
  search: string;
  examType: string | null;
  practitioner: string | null;
  room: string | null;
  sort: 'wait' | 'ticket';
  /** Rows outside this desk's queue too (the rest of the office, on demand); by default the queue only. */
  wholeOffice?: boolean;
}

export const NO_FILTERS: BoardFilters = { search: '', examType: null, practitioner: null, room: null, sort: 'wait', wholeOffice: false };

/** One line of the virtual list: a group heading or a ticket. */
export type BoardLine = { kind: 'group'; key: string; group: BoardGroup; count: number } | { kind: 'row'; key: string; row: BoardRow; at?: number };

/** The board as lines, computed in one pass (the store keeps a `BoardLines` up to date instead). */
export function boardLines(rows: Iterable<BoardRow>, filters: BoardFilters): BoardLine[] {
  return new BoardLines(rows).lines(filters);
}

/** The header's figures of the waiting room, as the list shows it. */
export interface ListedWaiting {
  /** Waiting rows listed now (the "En attente" group's count). */
  waitingNow: number;
  /** Minutes since the arrival of the longest waiting of them; null when none waits. */
  longestWaitNow: number | null;
}

/**
 * Read off the very lines the list draws (same rows, same queue, same filters), so the header can
 * never say 5 waiting above a list of 4: a patient returned to the waiting line, one outside this
 * desk's queue or one a filter hides counts in both or in neither.
 */
export function listedWaiting(lines: readonly BoardLine[], now: number): ListedWaiting {
  let waitingNow = 0;
  let oldest = Infinity;
  for (const line of lines) {
    if (line.kind === 'group') {
      // Groups come in order: past the waiting one, nobody else waits.
      if (line.group !== 'waiting') break;
      continue;
    }
    waitingNow += 1;
    // The arrival the list already read (`at`): parsing thousands of dates again held the board's first frame.
    oldest = Math.min(oldest, line.at ?? Date.parse(line.row.checkedInAt));
  }
  return { waitingNow, longestWaitNow: waitingNow === 0 ? null : Math.max(0, now - oldest) / 60_000 };
}

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

/**
 * The one time a row shows, by group: the wait (arrival to now) while waiting, the only one
 * coloured by the thresholds, since only it is the desk's to shorten; the time since the last call
 * and the calls; the time in care; the whole visit once done. Constant work per drawn row.
 */
export interface RowTime {
  kind: 'waited' | 'called' | 'inCare' | 'done';
  /** Null when the platform does not say when the step began (no history, status from the publisher). */
  minutes: number | null;
  calls: number;
  level: WaitLevel | null;
}

export function rowTime(row: BoardRow, now: number, settings: Pick<BoardSettings, 'amberMinutes' | 'redMinutes'>): RowTime {
  const since = (iso: string | null) => (iso ? minutesSince(iso, now) : null);
  switch (row.group) {
    case 'waiting': {
      const minutes = minutesSince(row.checkedInAt, now);
      return { kind: 'waited', minutes, calls: 0, level: waitLevel(minutes, settings) };
    }
    case 'called':
      // Since the last call: what tells staff whether to call again.
      return { kind: 'called', minutes: since(row.lastCall?.at ?? null), calls: Math.max(1, row.calls), level: null };
    case 'inCare':
      return { kind: 'inCare', minutes: since(row.inCareAt), calls: row.calls, level: null };
    case 'done':
      return { kind: 'done', minutes: row.doneAt ? minutesSince(row.checkedInAt, Date.parse(row.doneAt)) : null, calls: row.calls, level: null };
  }
}
