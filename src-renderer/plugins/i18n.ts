import { createI18n } from 'vue-i18n';
import { en } from '../locales/en';
import { fr, type Messages } from '../locales/fr';

export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
const STORAGE_KEY = 'desk.locale';

/** A choice made in Settings wins; otherwise French when the system prefers French, else English. */
export function pickLocale(saved: string | null, preferred: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  const first = preferred[0]?.toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'fr' || value === 'en';
}

export function initialLocale(): Locale {
  return pickLocale(window.localStorage.getItem(STORAGE_KEY), navigator.languages);
}

export function rememberLocale(locale: Locale): void {
  window.localStorage.setItem(STORAGE_KEY, locale);
}

/**
 * French counts zero as singular ("0 appel", "1 appel", "2 appels"), where vue-i18n's default
 * rule reads two forms the English way ("0 calls"). A message of three forms keeps its own
 * wording for zero, as in English.
 */
export function frenchPlural(choice: number, choicesLength: number): number {
  const count = Math.abs(choice);
  if (choicesLength >= 3) return count === 0 ? 0 : count === 1 ? 1 : 2;
  return count < 2 ? 0 : 1;
}

export function createDeskI18n(locale: Locale) {
  return createI18n<[Messages], Locale>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { fr, en },
    pluralRules: { fr: frenchPlural },
  });
}
