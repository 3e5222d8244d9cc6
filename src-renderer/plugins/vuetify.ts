import './styles';
import { createVuetify } from 'vuetify';
import { aliases, mdi } from 'vuetify/iconsets/mdi';
import { en, fr } from 'vuetify/locale';
import type { Locale } from './language';
import { keepRippleListenersBounded } from './ripple-listeners';

export function createDeskVuetify(locale: Locale) {
  keepRippleListenersBounded();
  return createVuetify({
    icons: { defaultSet: 'mdi', aliases, sets: { mdi } },
    locale: { locale, fallback: 'en', messages: { fr, en } },
    theme: {
      defaultTheme: 'desk',
      themes: {
        desk: {
          dark: false,
          colors: {
            primary: '#0b5cad',
            secondary: '#37474f',
            background: '#f4f5f7',
            surface: '#ffffff',
            error: '#b3261e',
            warning: '#b25e00',
            success: '#1b7f3b',
            info: '#0b5cad',
          },
          // Vuetify's default (0.6) leaves labels and subtitles under WCAG AA contrast on white.
          variables: { 'medium-emphasis-opacity': 0.75 },
        },
      },
    },
    defaults: {
      VTextField: { variant: 'outlined', density: 'comfortable' },
      VBtn: { rounded: 'lg' },
    },
  });
}
