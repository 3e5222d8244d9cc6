import { watchEffect } from 'vue';
import { useI18n } from 'vue-i18n';
import { useLocale } from 'vuetify';
import { isLocale, rememberLocale } from '../plugins/i18n';

/** One place that keeps vue-i18n, Vuetify's own texts and <html lang> on the same language. */
export function useLanguage() {
  const { locale } = useI18n();
  const vuetifyLocale = useLocale();
  watchEffect(() => {
    vuetifyLocale.current.value = locale.value;
    document.documentElement.lang = locale.value;
  });
  function setLanguage(next: unknown): void {
    if (!isLocale(next)) return;
    locale.value = next;
    rememberLocale(next);
  }
  return { locale, setLanguage };
}
