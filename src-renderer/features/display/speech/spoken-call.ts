import type { DisplayCall } from '../../../../src-shared/ipc/features/display.contract';
import type { Locale } from '../../../plugins/language';
import { numberInWords } from './number-words';

/**
 * Letters a speech engine takes for a word when they stand alone: English "A" is read as the
 * article (a schwa), French « Y » as the adverb (« i »). Their spelled names are read right.
 */
const LETTER_NAMES: Record<Locale, Partial<Record<string, string>>> = {
  fr: { Y: 'i grec' },
  en: { A: 'A,' },
};

const DIGIT_WORDS: Record<Locale, readonly string[]> = {
  fr: ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf'],
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
};

/** A run of digits as said aloud: leading zeros dropped, in words; too long for words, digit by digit. */
function spokenDigits(digits: string, locale: Locale): string {
  const words = numberInWords(Number(digits), locale);
  if (words !== null) return words;
  return [...digits.replace(/^0+(?=\d)/, '')].map((digit) => DIGIT_WORDS[locale][Number(digit)]!).join(' ');
}

/**
 * A ticket number as the waiting room hears it, following how the ticket is formatted: each letter
 * spelled, each run of digits a number (« I005 » → « I cinq », "EC012" → "E C twelve").
 * Separators (dashes, dots, spaces) are pauses, not words.
 */
export function spokenTicket(formattedNumber: string, locale: Locale): string {
  const parts: string[] = [];
  for (const [token] of formattedNumber.normalize('NFC').matchAll(/\p{L}|\d+/gu)) {
    if (/^\d/.test(token)) parts.push(spokenDigits(token, locale));
    else {
      const letter = token.toLocaleUpperCase(locale);
      parts.push(LETTER_NAMES[locale][letter] ?? letter);
    }
  }
  return parts.join(' ');
}

/** What the call announces; the patient's name is not even given to it. */
export type SpokenCallInput = Pick<DisplayCall, 'formattedNumber' | 'deskLabel' | 'room'>;

/**
 * The sentence the display speaks for a call: « Ticket I cinq, Accueil 1, salle 3 » /
 * "Ticket I five, Accueil 1, room 3". The desk and the room are said as written: their numbers
 * are names, and the speech engine reads them in the display's language.
 */
export function spokenCall(call: SpokenCallInput, locale: Locale): string {
  const room = call.room ? `, ${locale === 'fr' ? 'salle' : 'room'} ${call.room}` : '';
  return `Ticket ${spokenTicket(call.formattedNumber, locale)}, ${call.deskLabel}${room}`;
}
