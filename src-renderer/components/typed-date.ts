import { dateTimeFormat } from '../composables/useRegionalLocale';

/**
 * A date typed at the desk, the way the interface's language writes it (15/03/1985 in French;
 * in English the system's own order, 03/15/1985 in the US, 15/03/1985 in Britain): Chromium's
 * date input follows the system alone, so a French desk on an English Windows asked for
 * mm/dd/yyyy. Read liberally (separators, no separators, two-digit years, ISO pasted from
 * another program), refused only when it is no date.
 */
export type DatePart = 'day' | 'month' | 'year';

/** A date whose three parts differ, so their order in a locale's short date can be read. */
const SAMPLE = Date.UTC(2001, 10, 22);
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const WIDTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

const shortDate = (locale: string) => dateTimeFormat(locale, 'typedDate');

/** The order in which the locale writes day, month and year. */
export function dateOrder(locale: string): DatePart[] {
  const order = shortDate(locale)
    .formatToParts(SAMPLE)
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  return order.length === 3 ? order : ['day', 'month', 'year'];
}

/** `1985-03-15` as the locale writes it: `15/03/1985` in French. */
export function formatTypedDate(iso: string, locale: string): string {
  const match = ISO.exec(iso);
  if (!match) return iso;
  return shortDate(locale).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function isoOf(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A two-digit year is the latest one not after this year: 85 → 1985, 05 → 2005 in 2026. */
function fullYear(text: string, today: Date): number {
  if (text.length !== 2) return Number(text);
  const year = Number(text);
  const century = Math.floor(today.getFullYear() / 100) * 100;
  return century + year > today.getFullYear() ? century - 100 + year : century + year;
}

function fromParts(parts: Record<DatePart, string>, today: Date): string | null {
  if (parts.year.length !== 2 && parts.year.length !== 4) return null;
  return isoOf(fullYear(parts.year, today), Number(parts.month), Number(parts.day));
}

/** Digits only: 15031985 or 150385, cut in the locale's order. */
function fromDigits(digits: string, order: DatePart[], today: Date): string | null {
  const yearWidth = digits.length === 8 ? 4 : 2;
  const parts = {} as Record<DatePart, string>;
  let at = 0;
  for (const part of order) {
    const width = part === 'year' ? yearWidth : WIDTH[part];
    parts[part] = digits.slice(at, at + width);
    at += width;
  }
  return fromParts(parts, today);
}

/** The ISO date the text means in the locale, or null when it is no (complete, possible) date. */
export function parseTypedDate(text: string, locale: string, today: Date = new Date()): string | null {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const order = dateOrder(locale);
  if (/^\d{6}$|^\d{8}$/.test(trimmed)) return fromDigits(trimmed, order, today);
  const fields = trimmed.split(/\s*[/.\-\s]\s*/);
  if (fields.length !== 3 || fields.some((field) => !/^\d{1,4}$/.test(field))) return null;
  const parts = {} as Record<DatePart, string>;
  order.forEach((part, index) => (parts[part] = fields[index]!));
  if (parts.day.length > 2 || parts.month.length > 2) return null;
  return fromParts(parts, today);
}

/** What to type, in the locale's order and separator, from the language's letters: JJ/MM/AAAA. */
export function datePattern(locale: string, letters: Record<DatePart, string>): string {
  const separator = shortDate(locale).formatToParts(SAMPLE).find((part) => part.type === 'literal')?.value ?? '/';
  return dateOrder(locale)
    .map((part) => letters[part])
    .join(separator);
}
