import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datePattern, formatTypedDate, parseTypedDate } from '../../../src-renderer/components/typed-date';
import { regionalLocale } from '../../../src-renderer/composables/useRegionalLocale';

/**
 * The expected texts are written here by hand (day first in French, month first in English),
 * not with Intl, so the test does not share the code's way of finding the order.
 */
const TODAY = new Date(2026, 10, 24, 12);
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const aDate = fc
  .record({ year: fc.integer({ min: 1900, max: 2099 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .filter(({ year, month, day }) => day <= daysIn(year, month));
const iso = ({ year, month, day }: { year: number; month: number; day: number }) => `${year}-${pad(month)}-${pad(day)}`;
const separator = fc.constantFrom('/', '.', '-', ' ', ' / ');

describe('a date typed at the desk', () => {
  it('reads day first in French and month first in English, with any separator, padded or not', () => {
    fc.assert(
      fc.property(aDate, separator, fc.boolean(), (date, sep, padded) => {
        const day = padded ? pad(date.day) : String(date.day);
        const month = padded ? pad(date.month) : String(date.month);
        expect(parseTypedDate(`${day}${sep}${month}${sep}${date.year}`, 'fr', TODAY)).toBe(iso(date));
        expect(parseTypedDate(`${month}${sep}${day}${sep}${date.year}`, 'en', TODAY)).toBe(iso(date));
        expect(parseTypedDate(`${day}${sep}${month}${sep}${date.year}`, 'en-GB', TODAY)).toBe(iso(date));
      }),
    );
  });

  it('reads eight digits typed without separators, and ISO pasted from another program in any language', () => {
    fc.assert(
      fc.property(aDate, fc.constantFrom('fr', 'en'), (date, locale) => {
        const compact = locale === 'fr' ? `${pad(date.day)}${pad(date.month)}${date.year}` : `${pad(date.month)}${pad(date.day)}${date.year}`;
        expect(parseTypedDate(compact, locale, TODAY)).toBe(iso(date));
        expect(parseTypedDate(` ${iso(date)} `, locale, TODAY)).toBe(iso(date));
      }),
    );
  });

  it('writes a date back as the language does, and reads what it wrote', () => {
    fc.assert(
      fc.property(aDate, (date) => {
        expect(formatTypedDate(iso(date), 'fr')).toBe(`${pad(date.day)}/${pad(date.month)}/${date.year}`);
        expect(formatTypedDate(iso(date), 'en')).toBe(`${pad(date.month)}/${pad(date.day)}/${date.year}`);
        expect(formatTypedDate(iso(date), 'en-GB')).toBe(`${pad(date.day)}/${pad(date.month)}/${date.year}`);
        for (const locale of ['fr', 'en', 'en-GB']) expect(parseTypedDate(formatTypedDate(iso(date), locale), locale, TODAY)).toBe(iso(date));
      }),
    );
  });

  it('refuses a day the month does not have, and a thirteenth month', () => {
    const impossible = fc
      .record({ year: fc.integer({ min: 1900, max: 2099 }), month: fc.integer({ min: 1, max: 12 }), extra: fc.integer({ min: 1, max: 3 }) })
      .filter(({ year, month, extra }) => daysIn(year, month) + extra <= 31);
    fc.assert(
      fc.property(impossible, ({ year, month, extra }) => {
        const day = daysIn(year, month) + extra;
        expect(parseTypedDate(`${pad(day)}/${pad(month)}/${year}`, 'fr', TODAY)).toBeNull();
        expect(parseTypedDate(`${year}-${pad(month)}-${pad(day)}`, 'fr', TODAY)).toBeNull();
      }),
    );
    expect(parseTypedDate('12/13/1985', 'fr', TODAY)).toBeNull();
    expect(parseTypedDate('13/12/1985', 'en', TODAY)).toBeNull();
    expect(parseTypedDate('29/02/2023', 'fr', TODAY)).toBeNull();
    expect(parseTypedDate('29/02/2024', 'fr', TODAY)).toBe('2024-02-29');
  });

  it('takes a two-digit year as the latest one not after this year', () => {
    expect(parseTypedDate('15/03/85', 'fr', TODAY)).toBe('1985-03-15');
    expect(parseTypedDate('150385', 'fr', TODAY)).toBe('1985-03-15');
    expect(parseTypedDate('15/03/26', 'fr', TODAY)).toBe('2026-03-15');
    expect(parseTypedDate('15/03/27', 'fr', TODAY)).toBe('1927-03-15');
    expect(parseTypedDate('03/15/05', 'en', TODAY)).toBe('2005-03-15');
  });

  it('is no date while incomplete or not a date', () => {
    for (const text of ['', '15', '15/03', '15/03/', '15/03/198', '1985', 'abc', '15/03/1985/2', '1503198', '115/03/1985', '15/03/19855']) {
      expect(parseTypedDate(text, 'fr', TODAY)).toBeNull();
    }
  });

  it('follows the system’s region only when the system speaks the interface’s language', () => {
    expect(regionalLocale('en', ['en-GB', 'fr-FR'])).toBe('en-GB');
    expect(regionalLocale('en', ['fr-FR', 'en-US'])).toBe('en-US');
    expect(regionalLocale('fr', ['en-US', 'en'])).toBe('fr');
    expect(regionalLocale('fr', ['fr-BE'])).toBe('fr-BE');
    expect(regionalLocale('en', [])).toBe('en');
    expect(regionalLocale('en', ['en-!!'])).toBe('en');
  });

  it('shows what to type in the language’s letters and order', () => {
    expect(datePattern('fr', { day: 'JJ', month: 'MM', year: 'AAAA' })).toBe('JJ/MM/AAAA');
    expect(datePattern('en', { day: 'DD', month: 'MM', year: 'YYYY' })).toBe('MM/DD/YYYY');
    expect(datePattern('en-GB', { day: 'DD', month: 'MM', year: 'YYYY' })).toBe('DD/MM/YYYY');
  });
});
