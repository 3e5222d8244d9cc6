import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { initialLocale, startDeskI18n } from './plugins/language';
import { createDeskVuetify } from './plugins/vuetify';
import { askWhereToStart, createDeskRouter } from './router';

const locale = initialLocale();
const pinia = createPinia();
// Before the texts load and the shell is drawn: main's answers are on their way meanwhile, not after.
askWhereToStart(pinia);
void startDeskI18n(locale).then((i18n) =>
  createApp(App)
    .use(pinia)
    .use(i18n)
    .use(createDeskVuetify(locale))
    .use(createDeskRouter(pinia))
    .mount('#app'),
);
