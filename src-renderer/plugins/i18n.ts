import { en } from '../locales/en';
import { fr } from '../locales/fr';
import { createDeskI18nWith, type Locale } from './language';

export { LOCALES, frenchPlural, initialLocale, isLocale, pickLocale, rememberLocale, type Locale } from './language';

/**
 * The desk's vue-i18n with every language at once, synchronously: what component tests mount with.
 * The app itself loads only the shown language (language.ts, `startDeskI18n`).
 */
export function createDeskI18n(locale: Locale) {
  return createDeskI18nWith(locale, { fr, en });
}
