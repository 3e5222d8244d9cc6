import type { CsvLanguage } from '../../src-shared/statistics/figures';

/**
 * CSV as the user's spreadsheet opens it with a double-click. A French Excel splits on `;`
 * and reads `12,5` as a number; an English one splits on `,` and reads `12.5`. Both read
 * UTF-8 only when the file starts with a byte order mark (without it, accents come out garbled).
 */
export interface CsvDialect {
  separator: ';' | ',';
  decimal: ',' | '.';
}
export const CSV_DIALECTS: Record<CsvLanguage, CsvDialect> = {
  fr: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
};

/**
 * Text a spreadsheet would run as a formula (names and labels come from the medical system
 * and the platform, not from us) starts with `'`, which makes it plain text. A value that
 * already starts with `'` gets one too, so the mark is never ambiguous for a program reading the file back.
 */
const RUNS_AS_FORMULA = /^[=+\-@\t\r']/;

/** One cell: neutralised, then quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string, separator: CsvDialect['separator']): string {
  const safe = RUNS_AS_FORMULA.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number with one decimal, in the dialect's decimal mark; empty when unknown. */
export const csvDecimal = (value: number | null, dialect: CsvDialect): string =>
  value === null ? '' : value.toFixed(1).replace('.', dialect.decimal);

/** The whole file: byte order mark, CRLF line ends (RFC 4180, what Excel writes itself). */
export function csvText(rows: readonly (readonly string[])[], dialect: CsvDialect): string {
  const lines = rows.map((cells) => cells.map((cell) => csvCell(cell, dialect.separator)).join(dialect.separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
