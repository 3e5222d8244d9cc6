import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';

/**
 * The locale dates and times follow: the system's own when it speaks the interface's language
 * (en-GB writes the day first and 18:21, en-US the month first and 06:21 PM), else the interface's
 * language alone (a French desk on an English system writes dates and times the French way).
 */
export function regionalLocale(language: string, preferred: readonly string[] = globalThis.navigator?.languages ?? []): string {
  const regional = preferred.find((tag) => tag.toLowerCase().split('-')[0] === language.toLowerCase());
  if (!regional) return language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([regional]).length > 0 ? regional : language;
  } catch {
    return language;
  }
}

/** The interface's language with the system's region, for every date and time the desk writes. */
export function useRegionalLocale(): ComputedRef<string> {
  const { locale } = useI18n();
  return computed(() => regionalLocale(locale.value));
}
