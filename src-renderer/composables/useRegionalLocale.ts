import { computed, type ComputedRef } from 'vue';
import { useI18n } from 'vue-i18n';

/**
 * The locale dates and times follow: the system's own when it speaks the interface's language
 * (en-GB writes the day first and 18:21, en-US the month first and 06:21 PM), else the interface's
 * language alone (a French desk on an English system writes dates and times the French way).
 */
export function regionalLocale(language: string, preferred: readonly string[] = globalThis.navigator?.languages ?? []): string {
  const regional = preferred.find((tag) => tag.toLowerCase().split('-')[0] === language.toLowerCase());
  return regional && supported(regional) ? regional : language;
}

/** Whether ICU formats a tag, asked once per tag: every row drawn reads its times, and each question costs about 0.1 ms. */
const support = new Map<string, boolean>();
function supported(tag: string): boolean {
  let known = support.get(tag);
  if (known === undefined) {
    try {
      known = Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
    } catch {
      known = false;
    }
    support.set(tag, known);
  }
  return known;
}

/** The interface's language with the system's region, for every date and time the desk writes. */
export function useRegionalLocale(): ComputedRef<string> {
  const { locale } = useI18n();
  return computed(() => regionalLocale(locale.value));
}

const STYLES = {
  /** Hours and minutes. */
  time: { hour: '2-digit', minute: '2-digit' },
  /** Hours, minutes and seconds: a moment of the last few minutes (a row last confirmed). */
  timeWithSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  /** A calendar date as staff type it (15/03/1985); in UTC, so no time zone moves it by a day. */
  typedDate: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and style: building one per call, per row drawn, is what costs. */
export function dateTimeFormat(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${style}|${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, STYLES[style]);
    formats.set(key, format);
  }
  return format;
}

/** Hours and minutes (and seconds when asked) of an instant, the way this desk's staff read them. */
export function useTimeOfDay(withSeconds = false): (instant: string | number | Date) => string {
  const regional = useRegionalLocale();
  const style = withSeconds ? 'timeWithSeconds' : 'time';
  return (instant) => dateTimeFormat(regional.value, style).format(new Date(instant));
}
