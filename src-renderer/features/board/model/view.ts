import { BOARD_GROUPS, type BoardGroup, type BoardRow } from '../../../../src-shared/board/rows';

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

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

function matches(row: BoardRow, filters: BoardFilters, needle: string): boolean {
  if (filters.examType && row.examTypeId !== filters.examType) return false;
  if (filters.practitioner && row.practitioner !== filters.practitioner) return false;
  if (filters.room && row.room !== filters.room) return false;
  if (!needle) return true;
  return folded(row.formattedNumber).includes(needle) || folded(row.patientDisplayName ?? '').includes(needle);
}

/**
 * The board as lines: groups in their fixed order (waiting, called, in care, done),
 * each sorted by waiting time (longest first) or ticket number. Pure, so 5,000
 * rows re-filter in a few milliseconds on every change.
 */
export function boardLines(rows: Iterable<BoardRow>, filters: BoardFilters): BoardLine[] {
  const needle = folded(filters.search.trim());
  const byGroup = new Map<BoardGroup, BoardRow[]>(BOARD_GROUPS.map((group) => [group, []]));
  for (const row of rows) if (matches(row, filters, needle)) byGroup.get(row.group)!.push(row);
  const lines: BoardLine[] = [];
  for (const group of BOARD_GROUPS) {
    const members = byGroup.get(group)!;
    if (members.length === 0) continue;
    members.sort(
      filters.sort === 'wait'
        ? (a, b) => a.checkedInAt.localeCompare(b.checkedInAt) || a.number - b.number
        : (a, b) => a.formattedNumber.localeCompare(b.formattedNumber, undefined, { numeric: true }),
    );
    lines.push({ kind: 'group', key: `group:${group}`, group, count: members.length });
    for (const row of members) lines.push({ kind: 'row', key: row.ticketId, row });
  }
  return lines;
}

/** The distinct values of a column, for the filter menus. */
export function choices(rows: Iterable<BoardRow>, pick: (row: BoardRow) => string | null): string[] {
  const values = new Set<string>();
  for (const row of rows) {
    const value = pick(row);
    if (value) values.add(value);
  }
  return [...values].sort((a, b) => a.localeCompare(b));
}

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}
