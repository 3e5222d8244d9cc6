import type { TablePage, TableQuery } from '../../src-shared/admin/table';

/** How one column of a table is read for sorting and searching. */
export type Columns<T> = Record<string, (row: T) => string | number | boolean | null>;

/**
 * Server-side filtering, sorting and paging of a list main already holds (the
 * platform answers whole lists): the renderer receives one page, however long the
 * list grows. Unknown sort keys are ignored rather than refused, as a table header
 * may name a column main does not sort.
 */
export function tablePage<T>(rows: readonly T[], query: TableQuery, columns: Columns<T>): TablePage<T> {
  const needle = fold(query.search);
  const readers = Object.values(columns);
  const filtered = needle
    ? rows.filter((row) => readers.some((read) => fold(String(read(row) ?? '')).includes(needle)))
    : [...rows];
  // Own keys only: a sort key such as `valueOf` or `__proto__` names no column.
  const sorts = query.sortBy.filter((sort) => Object.hasOwn(columns, sort.key));
  if (sorts.length > 0) {
    filtered.sort((a, b) => {
      for (const { key, order } of sorts) {
        const read = columns[key]!;
        const difference = compare(read(a), read(b));
        if (difference !== 0) return order === 'desc' ? -difference : difference;
      }
      return 0;
    });
  }
  const start = (query.page - 1) * query.itemsPerPage;
  return { items: filtered.slice(start, start + query.itemsPerPage), total: filtered.length };
}

/** Case and accents do not matter when searching ("helene" finds "Hélène"). */
function fold(text: string): string {
  // Most values are plain ASCII (e-mails, ids): only the others pay for removing accents.
  const lower = text.toLowerCase();
  return /[^\u0000-\u007f]/.test(lower) ? lower.replace(ACCENTED, (letter) => UNACCENTED[letter] ?? letter) : lower;
}

// French letters with accents (a table lookup costs a fraction of Unicode normalisation per row).
const UNACCENTED: Record<string, string> = {
  à: 'a', â: 'a', ä: 'a', á: 'a', ã: 'a', ç: 'c', é: 'e', è: 'e', ê: 'e', ë: 'e', î: 'i', ï: 'i', í: 'i', ì: 'i',
  ô: 'o', ö: 'o', ó: 'o', ò: 'o', õ: 'o', ù: 'u', û: 'u', ü: 'u', ú: 'u', ÿ: 'y', ñ: 'n', œ: 'oe', æ: 'ae',
};
const ACCENTED = new RegExp(`[${Object.keys(UNACCENTED).join('')}]`, 'g');

/** One collator for every comparison: building one per call (localeCompare with options) costs ~10×. */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function compare(a: string | number | boolean | null, b: string | number | boolean | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
