import { watchEffect } from 'vue';
import { useI18n } from 'vue-i18n';
import { useLocale } from 'vuetify';
import { isLocale, loadLanguage, rememberLocale } from '../plugins/language';

/** One place that keeps vue-i18n, Vuetify's own texts and <html lang> on the same language. */
export function useLanguage() {
  const i18n = useI18n({ useScope: 'global' });
  const { locale } = i18n;
  const vuetifyLocale = useLocale();
  watchEffect(() => {
    vuetifyLocale.current.value = locale.value;
    document.documentElement.lang = locale.value;
  });
  let latest: unknown = null;
  /**
   * The chosen language's texts load first (the app starts with the shown one only), then every screen
   * switches at once; of two quick choices, the last one wins even if the first was slower to load.
   */
  async function setLanguage(next: unknown): Promise<void> {
    if (!isLocale(next)) return;
    latest = next;
    await loadLanguage(i18n, next);
    if (latest !== next) return;
    locale.value = next;
    rememberLocale(next);
  }
  return { locale, setLanguage };
}
