import { BOARD_GROUPS, type BoardGroup, type BoardRow } from '../../../../src-shared/board/rows';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import type { Workplace } from '../../../../src-shared/ipc/workplace';
import type { BoardFilters, BoardLine } from './view';

/** One exam of a row as the filters read it: the row's own, or one of its journey's linked exams. */
type FilteredExam = Pick<BoardRow, 'examLabel' | 'examTypeId' | 'practitioner' | 'room'>;

/** What the exam-type filter reads: the name rows show (an IRM/SCAN code only when the publisher names none). */
export const examName = (exam: FilteredExam): string | null => exam.examLabel ?? exam.examTypeId;

/** The columns staff filter on, with the exam field each one reads. */
export const FILTER_COLUMNS = {
  examType: examName,
  practitioner: (exam: FilteredExam) => exam.practitioner,
  room: (exam: FilteredExam) => exam.room,
} as const;
export type FilterColumn = keyof typeof FILTER_COLUMNS;
const COLUMNS = Object.keys(FILTER_COLUMNS) as FilterColumn[];

/**
 * Every exam of a row: a patient checked in for an MRI and a scan under one ticket is the scanner
 * team's patient too, so the scan's type, practitioner and room are filter choices and find her row.
 */
const examsOf = (row: BoardRow): readonly FilteredExam[] => (row.linkedExams ? [row, ...row.linkedExams] : [row]);

/**
 * A ticket's line, made once per version of its row: the lines of untouched rows stay the same objects.
 * `at` is its arrival in epoch ms, read once here: sorting 5,000 rows compares them 60,000 times, and
 * comparing the ISO texts with `localeCompare` there held the board's first frame.
 */
type RowLine = BoardLine & { kind: 'row'; at: number };

const lineOf = (row: BoardRow): RowLine => ({ kind: 'row', key: row.ticketId, row, at: Date.parse(row.checkedInAt) });

// One collator for every comparison: `localeCompare` with options builds one per call.
const numericOrder = new Intl.Collator(undefined, { numeric: true });

export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Longest wait first (then lowest number), or ticket number; the id makes the order total. */
function comparator(sort: BoardFilters['sort']): (a: RowLine, b: RowLine) => number {
  const primary =
    sort === 'wait'
      ? (a: RowLine, b: RowLine) => a.at - b.at || a.row.number - b.row.number
      : (a: RowLine, b: RowLine) => numericOrder.compare(a.row.formattedNumber, b.row.formattedNumber);
  return (a, b) => primary(a, b) || (a.row.ticketId < b.row.ticketId ? -1 : a.row.ticketId > b.row.ticketId ? 1 : 0);
}

/** First index whose line sorts at or after `entry`. */
function lowerBound(list: RowLine[], entry: RowLine, compare: (a: RowLine, b: RowLine) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many rows carry each value of a column, and the sorted values (rebuilt only when one appears or goes). */
class ColumnValues {
  private readonly counts = new Map<string, number>();
  private sorted: string[] | null = [];

  add(value: string | null): void {
    if (!value) return;
    const count = this.counts.get(value) ?? 0;
    this.counts.set(value, count + 1);
    if (count === 0) this.sorted = null;
  }

  remove(value: string | null): void {
    if (!value) return;
    const count = this.counts.get(value) ?? 0;
    if (count > 1) return void this.counts.set(value, count - 1);
    this.counts.delete(value);
    this.sorted = null;
  }

  clear(): void {
    this.counts.clear();
    this.sorted = [];
  }

  values(): string[] {
    this.sorted ??= [...this.counts.keys()].sort((a, b) => a.localeCompare(b));
    return this.sorted;
  }
}

/**
 * The board's rows and the lines the virtual list draws, kept up to date row by row:
 * a push of k rows costs k binary searches in the sorted groups, not a re-filter and
 * re-sort of the whole board, so an event costs the same on a board of 500 or 10,000.
 * Changing the filters or the sort rebuilds everything once.
 */
export class BoardLines {
  /** The rows as main pushed them, by ticket id. */
  readonly rows = new Map<string, BoardRow>();
  private readonly entries = new Map<string, RowLine>();
  /** Per group, the lines that pass the filters, in display order. */
  private readonly groups = new Map<BoardGroup, RowLine[]>(BOARD_GROUPS.map((group) => [group, []]));
  private readonly headers = new Map<BoardGroup, BoardLine & { kind: 'group' }>();
  private readonly columns = new Map<FilterColumn, ColumnValues>(COLUMNS.map((column) => [column, new ColumnValues()]));
  /** Ticket number and patient name, folded (no accents, lower case): made on the first search. */
  private readonly searchable = new Map<string, string[]>();
  private filters: BoardFilters | null = null;
  private needle = '';
  private compare = comparator('wait');
  private built: BoardLine[] | null = null;
  private builtEmpty = true;
  /** This desk, and the rows it serves (called here, or in care after a call here): a handful, kept per push. */
  private desk: Pick<Workplace, 'deskId' | 'deskLabel'> | null = null;
  private readonly mine = new Map<string, BoardRow>();

  constructor(rows: Iterable<BoardRow> = []) {
    this.replace(rows);
  }

  /**
   * Applies one push of main (rows replaced whole, so pushes replay in order to the newest state).
   * Answers the tickets that just arrived (new and waiting), for the arrival cue; none on a day reload.
   */
  apply(change: BoardRowsEvent): string[] {
    if (change.reset) this.replace([]);
    const arrivals: string[] = [];
    for (const row of change.upserts) {
      if (!change.reset && row.group === 'waiting' && !this.rows.has(row.ticketId)) arrivals.push(row.ticketId);
      this.upsert(row);
    }
    for (const id of change.removed) this.remove(id);
    return arrivals;
  }

  /** The desk whose patient `myPatient` finds; one pass when it changes (rare), none per push. */
  setDesk(desk: Pick<Workplace, 'deskId' | 'deskLabel'> | null): void {
    this.desk = desk;
    this.mine.clear();
    for (const row of this.rows.values()) this.follow(row);
  }

  /**
   * The patient this desk serves now: of those it called or has in care, the last called here.
   * Call times have second precision: of two calls in one second, the row changed last wins
   * (an upsert re-inserts its row, so the map's order is the order of change).
   */
  myPatient(): BoardRow | null {
    let latest: BoardRow | null = null;
    let latestAt = -Infinity;
    for (const row of this.mine.values()) {
      const at = Date.parse(row.lastCall!.at);
      if (at >= latestAt) [latest, latestAt] = [row, at];
    }
    return latest;
  }

  private follow(row: BoardRow): void {
    const call = row.lastCall;
    const desk = this.desk;
    // A desk without a number is known by its label, which the call carries too.
    const here = call !== null && desk !== null && (desk.deskId !== null ? call.deskId === desk.deskId : call.deskLabel === desk.deskLabel);
    if (here && (row.group === 'called' || row.group === 'inCare')) this.mine.set(row.ticketId, row);
  }

  /** A new board (snapshot): stored unsorted, then sorted once, n log n instead of n insertions. */
  replace(rows: Iterable<BoardRow>): void {
    this.rows.clear();
    this.entries.clear();
    this.searchable.clear();
    this.mine.clear();
    for (const values of this.columns.values()) values.clear();
    for (const row of rows) {
      this.rows.set(row.ticketId, row);
      this.follow(row);
      this.entries.set(row.ticketId, lineOf(row));
      this.count(row, 'add');
    }
    if (this.filters) this.rebuild(this.filters);
  }

  upsert(row: BoardRow): void {
    this.remove(row.ticketId);
    const entry = lineOf(row);
    this.rows.set(row.ticketId, row);
    this.entries.set(row.ticketId, entry);
    this.follow(row);
    this.count(row, 'add');
    if (this.filters && this.passes(entry)) {
      const list = this.groups.get(row.group)!;
      list.splice(lowerBound(list, entry, this.compare), 0, entry);
      this.built = null;
    }
  }

  remove(ticketId: string): void {
    const entry = this.entries.get(ticketId);
    if (!entry) return;
    this.rows.delete(ticketId);
    this.entries.delete(ticketId);
    this.mine.delete(ticketId);
    this.count(entry.row, 'remove');
    const shown = this.filters !== null && this.passes(entry);
    this.searchable.delete(ticketId);
    if (!shown) return;
    const list = this.groups.get(entry.row.group)!;
    const at = lowerBound(list, entry, this.compare);
    list.splice(list[at] === entry ? at : list.indexOf(entry), 1);
    this.built = null;
  }

  /** Whether a row is on the lines under the current filters. */
  shows(ticketId: string): boolean {
    const entry = this.entries.get(ticketId);
    return entry !== undefined && this.filters !== null && this.passes(entry);
  }

  /** The first ticket line, or null when no row passes the filters. */
  firstRow(): BoardRow | null {
    for (const group of BOARD_GROUPS) {
      const first = this.groups.get(group)![0];
      if (first) return first.row;
    }
    return null;
  }

  /** The distinct values of a column over all rows, sorted, for the filter menus (same array until one changes). */
  choices(column: FilterColumn): string[] {
    return this.columns.get(column)!.values();
  }

  /** Group headings (all four, an empty one with 0) and rows in display order; the same array until something changes. */
  lines(filters: BoardFilters): BoardLine[] {
    if (!this.sameFilters(filters)) this.rebuild(filters);
    // An empty board has no line at all (the view says so in words, and a locked desk holds nothing);
    // a row the filters hide still brings the headings, so the cache follows emptiness too.
    const empty = this.rows.size === 0;
    if (this.built && this.builtEmpty === empty) return this.built;
    this.builtEmpty = empty;
    const lines: BoardLine[] = [];
    if (empty) return (this.built = lines);
    for (const group of BOARD_GROUPS) {
      const members = this.groups.get(group)!;
      // An empty group keeps its heading with 0: "nobody called" is something staff read, not a gap.
      lines.push(this.header(group, members.length));
      for (const entry of members) lines.push(entry);
    }
    this.built = lines;
    return lines;
  }

  private header(group: BoardGroup, count: number): BoardLine {
    let header = this.headers.get(group);
    if (header?.count !== count) {
      header = { kind: 'group', key: `group:${group}`, group, count };
      this.headers.set(group, header);
    }
    return header;
  }

  private sameFilters(filters: BoardFilters): boolean {
    const current = this.filters;
    return (
      current !== null &&
      current.search === filters.search &&
      current.examType === filters.examType &&
      current.practitioner === filters.practitioner &&
      current.room === filters.room &&
      current.sort === filters.sort &&
      (current.wholeOffice ?? false) === (filters.wholeOffice ?? false)
    );
  }

  private rebuild(filters: BoardFilters): void {
    this.filters = { ...filters };
    this.needle = folded(filters.search.trim());
    this.compare = comparator(filters.sort);
    for (const list of this.groups.values()) list.length = 0;
    for (const entry of this.entries.values()) if (this.passes(entry)) this.groups.get(entry.row.group)!.push(entry);
    for (const list of this.groups.values()) list.sort(this.compare);
    this.built = null;
  }

  private fits(exam: FilteredExam): boolean {
    const filters = this.filters!;
    return COLUMNS.every((column) => !filters[column] || FILTER_COLUMNS[column](exam) === filters[column]);
  }

  /** The row's values (each exam's) added to or taken from the filter choices. */
  private count(row: BoardRow, change: 'add' | 'remove'): void {
    for (const exam of examsOf(row)) for (const column of COLUMNS) this.columns.get(column)![change](FILTER_COLUMNS[column](exam));
  }

  private passes({ row }: RowLine): boolean {
    const filters = this.filters!;
    if (!filters.wholeOffice && row.inQueue === false) return false;
    // One exam of the journey must fit every filter chosen: « Scanner » and « Salle IRM 1 » do not pick a scan done elsewhere.
    if ((filters.examType || filters.practitioner || filters.room) && !examsOf(row).some((exam) => this.fits(exam))) return false;
    if (!this.needle) return true;
    let texts = this.searchable.get(row.ticketId);
    if (!texts) {
      texts = [folded(row.formattedNumber), folded(row.patientDisplayName ?? '')];
      this.searchable.set(row.ticketId, texts);
    }
    return texts.some((text) => text.includes(this.needle));
  }
}
