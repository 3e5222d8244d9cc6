import { useRegionalLocale } from '../../../composables/useRegionalLocale';

/**
 * A moment the platform sends as ISO 8601, as people read it: date and time in the
 * UI's language (with the system's region when it speaks it) and the desk's time zone ("24 nov. 2026, 10:51", "Nov 24, 2026, 10:51 AM").
 */
export function useDateTime(): (iso: string) => string {
  const regional = useRegionalLocale();
  return (iso) => new Intl.DateTimeFormat(regional.value, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
