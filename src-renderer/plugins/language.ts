import { createI18n, type Composer } from 'vue-i18n';
import type { Messages } from '../locales/fr';
import { loadMessages, type Locale } from './locale';

export { LOCALES, initialLocale, isLocale, pickLocale, rememberLocale, type Locale } from './locale';

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

/** The app's vue-i18n, once the shown language's texts are loaded (the first screen waits for them). */
export async function startDeskI18n(locale: Locale) {
  return createDeskI18nWith(locale, { [locale]: await loadMessages(locale) });
}

/** Makes a language's texts available to the app's vue-i18n before it is switched to. */
export async function loadLanguage(i18n: Pick<Composer, 'availableLocales' | 'setLocaleMessage'>, locale: Locale): Promise<void> {
  if (i18n.availableLocales.includes(locale)) return;
  i18n.setLocaleMessage(locale, await loadMessages(locale));
}
