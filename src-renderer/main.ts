import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { initialLocale, startDeskI18n } from './plugins/language';
import { createDeskVuetify } from './plugins/vuetify';
import { createDeskRouter } from './router';

const locale = initialLocale();
const pinia = createPinia();
void startDeskI18n(locale).then((i18n) =>
  createApp(App)
    .use(pinia)
    .use(i18n)
    .use(createDeskVuetify(locale))
    .use(createDeskRouter(pinia))
    .mount('#app'),
);
