import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createDeskI18n, initialLocale } from './plugins/i18n';
import { createDeskVuetify } from './plugins/vuetify';
import { createDeskRouter } from './router';

const locale = initialLocale();
const pinia = createPinia();
createApp(App)
  .use(pinia)
  .use(createDeskI18n(locale))
  .use(createDeskVuetify(locale))
  .use(createDeskRouter(pinia))
  .mount('#app');
