import { fr, type Messages } from '../locales/fr';

/**
 * Which language the desk shows, and its texts: nothing of Vue here, so the boot screen
 * (src-renderer/boot) reads them before the app's code has loaded.
 */
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
 * French first: its texts come with the page's first script, the boot screen draws the sign-in with
 * them. English ones are their own chunk, downloaded when shown (every feature's texts, about half of
 * the messages).
 */
const loaders: Record<Locale, () => Promise<Messages>> = {
  fr: () => Promise.resolve(fr),
  en: () => import('../locales/en').then((module) => module.en),
};

export function loadMessages(locale: Locale): Promise<Messages> {
  return loaders[locale]();
}
