import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { CodePage } from '../../src-shared/ipc/features/printing.contract';

/**
 * Plain forms of characters a receipt code page may lack. The encoder prints a missing
 * character as `?`, which on a ticket reads as a mistake ("Fibroscopie ?so-gastro…"),
 * so a character is replaced only when the chosen code page cannot hold it: Windows-1252
 * keeps œ and ’, CP858 gets oe and '. Every value is plain ASCII, which every code page holds.
 */
export const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  // Ligatures and letters French words and names use.
  'œ': 'oe', 'Œ': 'OE', 'æ': 'ae', 'Æ': 'AE', 'Ÿ': 'Y', 'ÿ': 'y', 'ß': 'ss', 'ø': 'o', 'Ø': 'O',
  'ł': 'l', 'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ı': 'i', 'ð': 'd', 'Ð': 'D', 'þ': 'th', 'Þ': 'TH',
  // Quotes: « » stay French where the code page has them (both offered ones do).
  '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", '“': '"', '”': '"', '„': '"', '‟': '"', '″': '"',
  '«': '"', '»': '"', '‹': '<', '›': '>',
  // Dashes, hyphens and minus.
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-',
  // Spaces (no-break, narrow no-break before « : ; ! ? », thin, figure…) and invisible ones.
  '\u00a0': ' ', '\u202f': ' ', '\u2007': ' ', '\u2009': ' ', '\u200a': ' ', '\u2002': ' ', '\u2003': ' ', '\u3000': ' ',
  '\u200b': '', '\u200c': '', '\u200d': '', '\u2060': '', '\ufeff': '', '\u00ad': '',
  // Punctuation and signs of labels and footers.
  '…': '...', '•': '*', '·': '.', '°': 'o', '№': 'No', '€': 'EUR', '£': 'GBP', '™': 'TM', '©': '(c)', '®': '(R)',
  '‰': 'o/oo', '×': 'x', '÷': '/', '±': '+/-', '≤': '<=', '≥': '>=', '≠': '!=', '→': '->', '←': '<-', '⁄': '/',
  'ᵉ': 'e', 'ʳ': 'r', 'ᵈ': 'd', '½': '1/2', '¼': '1/4', '¾': '3/4', '²': '2', '³': '3', 'µ': 'u',
};

/**
 * Printed in place of a character that has no form the code page holds (a Chinese or
 * emoji character): visible, unlike a dropped letter, and not `?`, which reads as a question.
 * The technician page lists such characters of the ticket texts.
 */
export const UNPRINTABLE = '_';

const held = new Map<CodePage, Map<string, boolean>>();

/** Whether the code page has the character, as the encoder library sees it (one byte, not its `?`). */
export function holds(codePage: CodePage, char: string): boolean {
  if (char >= ' ' && char <= '~') return true;
  let table = held.get(codePage);
  if (!table) held.set(codePage, (table = new Map()));
  let known = table.get(char);
  if (known === undefined) {
    // `ESC t n`, the character's bytes, then the newline: one byte other than '?' means the page has it.
    const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', codepageMapping: 'epson', newline: '\n' }).codepage(codePage).text(char).encode();
    known = bytes.length === 5 && bytes[3] !== 0x3f && !/\p{Cc}/u.test(char);
    table.set(char, known);
  }
  return known;
}

/** The character as the code page prints it: itself, its plain form, its letters without accents, or null. */
function printableChar(char: string, codePage: CodePage): string | null {
  if (holds(codePage, char)) return char;
  const plain = TRANSLITERATIONS[char];
  if (plain !== undefined) return plain;
  // Compatibility forms and accents the page lacks (ﬁ → fi, ŝ → s, ǅ → Dž → Dz); a lone mark has no form of its own.
  const parts = [...char.normalize('NFKD').replace(/\p{M}/gu, '')];
  if (parts.length === 1 && parts[0] === char) return null;
  const mapped = parts.map((part) => (holds(codePage, part) ? part : TRANSLITERATIONS[part]));
  return mapped.every((part) => part !== undefined) ? mapped.join('') : null;
}

/** Text every character of which the code page holds; a character with no printable form becomes `UNPRINTABLE`. */
export function printableText(text: string, codePage: CodePage): string {
  let out = '';
  for (const char of text.normalize('NFC')) out += printableChar(char, codePage) ?? UNPRINTABLE;
  return out;
}

/** The characters of these texts that print as `UNPRINTABLE` on this code page, once each. */
export function unprintableChars(texts: readonly string[], codePage: CodePage): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const char of text.normalize('NFC')) {
      // Control characters are not text: the layout turns them into spaces.
      if (!/\p{Cc}/u.test(char) && printableChar(char, codePage) === null) found.add(char);
    }
  }
  return [...found];
}
