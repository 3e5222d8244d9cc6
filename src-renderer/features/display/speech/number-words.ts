import type { Locale } from '../../../plugins/language';

/**
 * Whole numbers from 0 to 9999 in words, French and English: a ticket's number said as the
 * waiting room says it (« quarante-deux », "forty-two"), not digit by digit. Small enough to keep
 * here rather than pull a library in for two languages and four digits.
 */
export const MAX_NUMBER_IN_WORDS = 9999;

const FR_UNITS = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize'];
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

function frenchBelow100(n: number): string {
  if (n <= 16) return FR_UNITS[n]!;
  if (n < 20) return `dix-${FR_UNITS[n - 10]!}`;
  // 70–79 and 90–99 count on from soixante and quatre-vingt: soixante-douze, quatre-vingt-dix-sept.
  const [tens, rest] = n < 70 ? [Math.floor(n / 10) * 10, n % 10] : n < 80 ? [60, n - 60] : [80, n - 80];
  const head = tens === 80 ? 'quatre-vingt' : FR_TENS[tens / 10]!;
  if (rest === 0) return tens === 80 ? 'quatre-vingts' : head;
  // « et un » / « et onze » except after quatre-vingt (quatre-vingt-un).
  if ((rest === 1 || rest === 11) && tens !== 80) return `${head} et ${frenchBelow100(rest)}`;
  return `${head}-${frenchBelow100(rest)}`;
}

function frenchBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return frenchBelow100(rest);
  const head = hundreds === 1 ? 'cent' : `${FR_UNITS[hundreds]!} cent${rest === 0 ? 's' : ''}`;
  return rest === 0 ? head : `${head} ${frenchBelow100(rest)}`;
}

function french(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  if (thousands === 0) return frenchBelow1000(rest);
  const head = thousands === 1 ? 'mille' : `${FR_UNITS[thousands]!} mille`;
  return rest === 0 ? head : `${head} ${frenchBelow1000(rest)}`;
}

const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function englishBelow100(n: number): string {
  if (n < 20) return EN_UNITS[n]!;
  const rest = n % 10;
  return rest === 0 ? EN_TENS[Math.floor(n / 10)]! : `${EN_TENS[Math.floor(n / 10)]!}-${EN_UNITS[rest]!}`;
}

function english(n: number): string {
  const thousands = Math.floor(n / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (thousands > 0) parts.push(`${EN_UNITS[thousands]!} thousand`);
  if (hundreds > 0) parts.push(`${EN_UNITS[hundreds]!} hundred`);
  if (rest > 0 || parts.length === 0) parts.push(parts.length > 0 ? `and ${englishBelow100(rest)}` : englishBelow100(rest));
  return parts.join(' ');
}

/** `n` in words; outside 0–9999 (or not whole), null: the caller says the digits one by one. */
export function numberInWords(n: number, locale: Locale): string | null {
  if (!Number.isInteger(n) || n < 0 || n > MAX_NUMBER_IN_WORDS) return null;
  return locale === 'fr' ? french(n) : english(n);
}
