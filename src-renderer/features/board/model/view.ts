import type { BoardGroup, BoardRow } from '../../../../src-shared/board/rows';
import { BoardLines } from './board-lines';

export interface BoardFilters {
  search: string;
  examType: string | null;
  practitioner: string | null;
  room: string | null;
  sort: 'wait' | 'ticket';
}

export const NO_FILTERS: BoardFilters = { search: '', examType: null, practitioner: null, room: null, sort: 'wait' };

/** One line of the virtual list: a group heading or a ticket. */
export type BoardLine = { kind: 'group'; key: string; group: BoardGroup; count: number } | { kind: 'row'; key: string; row: BoardRow };

/** The board as lines, computed in one pass (the store keeps a `BoardLines` up to date instead). */
export function boardLines(rows: Iterable<BoardRow>, filters: BoardFilters): BoardLine[] {
  return new BoardLines(rows).lines(filters);
}

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

// One formatter per language: `toLocaleTimeString` with options builds one per call, per row drawn.
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Hours and minutes in the staff's language. */
export function timeFormat(locale: string): Intl.DateTimeFormat {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(locale, format);
  }
  return format;
}
