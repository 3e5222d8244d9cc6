import { createI18n, type Composer } from 'vue-i18n';
import type { Messages } from '../locales/fr';

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

/** The desk's vue-i18n with the languages given; the others are added when chosen (`useLanguageMessages`). */
export function createDeskI18nWith(locale: Locale, messages: Partial<Record<Locale, Messages>>) {
  return createI18n<[Messages], Locale>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: messages as Record<Locale, Messages>,
    pluralRules: { fr: frenchPlural },
  });
}

/**
 * Each language's texts are their own chunk: a desk downloads and parses the one it shows
 * (every feature's texts, about half of the messages), the other only when chosen in Settings.
 */
const loaders: Record<Locale, () => Promise<Messages>> = {
  fr: () => import('../locales/fr').then((module) => module.fr),
  en: () => import('../locales/en').then((module) => module.en),
};

/** The app's vue-i18n, once the shown language's texts are loaded (the first screen waits for them). */
export async function startDeskI18n(locale: Locale) {
  return createDeskI18nWith(locale, { [locale]: await loaders[locale]() });
}

/** Makes a language's texts available to the app's vue-i18n before it is switched to. */
export async function loadLanguage(i18n: Pick<Composer, 'availableLocales' | 'setLocaleMessage'>, locale: Locale): Promise<void> {
  if (i18n.availableLocales.includes(locale)) return;
  i18n.setLocaleMessage(locale, await loaders[locale]());
}
