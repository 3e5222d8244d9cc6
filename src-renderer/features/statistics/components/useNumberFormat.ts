import { useI18n } from 'vue-i18n';

/** Minutes, counts and shares as the staff member's language writes them; "—" for no value. */
export function useNumberFormat() {
  const { t, locale } = useI18n();
  const number = (value: number | null, digits = 1): string =>
    value === null ? t('statistics.none') : value.toLocaleString(locale.value, { maximumFractionDigits: digits });
  return {
    number,
    minutes: (value: number | null) => (value === null ? t('statistics.none') : t('statistics.minutes', { value: number(value) })),
    percent: (share: number | null) => (share === null ? t('statistics.none') : t('statistics.percent', { value: number(share * 100, 0) })),
  };
}
