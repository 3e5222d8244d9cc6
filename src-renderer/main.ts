import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { dismissBootSignIn } from './boot/boot-sign-in';
import { initialLocale, startDeskI18n } from './plugins/language';
import { createDeskVuetify } from './plugins/vuetify';
import { askWhereToStart, createDeskRouter } from './router';

const locale = initialLocale();
const pinia = createPinia();
// Before the texts load and the shell is drawn: main's answers are on their way meanwhile, not after.
askWhereToStart(pinia);
void startDeskI18n(locale).then(async (i18n) => {
  const router = createDeskRouter(pinia);
  createApp(App).use(pinia).use(i18n).use(createDeskVuetify(locale)).use(router).mount('#app');
  // The sign-in takes the boot screen over when it mounts; any other first screen replaces it.
  await router.isReady();
  if (router.currentRoute.value.name !== 'sign-in') dismissBootSignIn();
});
