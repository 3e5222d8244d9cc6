import { describe, expect, it } from 'vitest';

/**
 * French and English punctuate differently: French puts a non-breaking space before
 * `: ; ? !` (so the sign never starts a line), English puts none. Every feature's
 * locale files are scanned, so a new text written the other language's way fails here.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../../../../src-renderer/locales/{fr,en}.ts', '../../../../src-renderer/features/*/locales/{fr,en}.ts'], {
  eager: true,
});

const NON_BREAKING = new Set(['\u00a0', '\u202f']);

function texts(tree: unknown, key = ''): { key: string; text: string }[] {
  if (typeof tree === 'string') return [{ key, text: tree }];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([name, value]) => texts(value, key ? `${key}.${name}` : name));
}

/** Signs that are not punctuation of the sentence: a time (09:34), a URL, a vue-i18n link (@:key). */
function isPunctuation(text: string, index: number): boolean {
  const sign = text[index]!;
  const before = text[index - 1] ?? '';
  const after = text[index + 1] ?? '';
  if (sign === ':' && /\d/.test(before) && /\d/.test(after)) return false;
  if (sign === ':' && text.startsWith('//', index + 1)) return false;
  if (sign === ':' && before === '@') return false;
  // Glued signs (?!, !?) are one mark: only the first needs the space.
  if ('?!'.includes(before) && before !== '') return false;
  return true;
}

/** The signs written the wrong way for the language, with what precedes them. */
export function typographyFaults(text: string, language: 'fr' | 'en'): string[] {
  const faults: string[] = [];
  for (let index = 0; index < text.length; index += 1) {
    if (!':;?!'.includes(text[index]!) || !isPunctuation(text, index)) continue;
    const before = text[index - 1];
    const excerpt = text.slice(Math.max(0, index - 12), index + 1);
    if (language === 'fr' && (before === undefined || !NON_BREAKING.has(before))) {
      // A sign opening the text (a suffix such as ' : {detail}') is still preceded by nothing here: fine only if it starts the string on purpose.
      if (before !== undefined) faults.push(excerpt);
    }
    if (language === 'en' && before !== undefined && /\s/.test(before)) faults.push(excerpt);
  }
  return faults;
}

const files = Object.entries(modules).map(([file, exports]) => ({
  file: file.replace(/^(\.\.\/)+/, ''),
  language: file.endsWith('/fr.ts') ? ('fr' as const) : ('en' as const),
  exports,
}));

describe('locale typography', () => {
  it('finds every locale file of the app and of each feature', () => {
    expect(files.filter((entry) => entry.language === 'fr').length).toBeGreaterThanOrEqual(7);
    expect(files.filter((entry) => entry.language === 'en').length).toBe(files.filter((entry) => entry.language === 'fr').length);
  });

  it('tells a wrong space before : ; ? ! in each language', () => {
    expect(typographyFaults('Dossier incomplet : le logiciel', 'fr')).toEqual(['r incomplet :']);
    expect(typographyFaults('Dossier incomplet: le logiciel', 'fr')).toEqual(['er incomplet:']);
    expect(typographyFaults('Dossier incomplet\u00a0: vérifiez\u202f!', 'fr')).toEqual([]);
    expect(typographyFaults('arrivée à 09:34, https://exemple.fr', 'fr')).toEqual([]);
    expect(typographyFaults('Technical detail : none', 'en')).toEqual(['ical detail :']);
    expect(typographyFaults('Technical detail\u00a0: none', 'en')).toEqual(['ical detail\u00a0:']);
    expect(typographyFaults('Undo this check-in? Yes: at 09:34!', 'en')).toEqual([]);
  });

  it.each(files)('$file: French has a non-breaking space before : ; ? !, English none', ({ exports, language }) => {
    const faults = Object.values(exports).flatMap((tree) =>
      texts(tree).flatMap(({ key, text }) => typographyFaults(text, language).map((excerpt) => `${key}: «${excerpt}»`)),
    );
    expect(faults).toEqual([]);
  });
});
