// Render-blocking with the page: the boot screen is drawn with the same stylesheets as the app's
// screen it stands for. The components' own before Vuetify's (utilities and colours last), as in the app.
import 'vuetify/lib/components/VApp/VApp.css';
import 'vuetify/lib/components/VLayout/VLayout.css';
import 'vuetify/lib/components/VToolbar/VToolbar.css';
import 'vuetify/lib/components/VAppBar/VAppBar.css';
import 'vuetify/lib/components/VBtn/VBtn.css';
import 'vuetify/lib/components/VIcon/VIcon.css';
import 'vuetify/lib/components/VNavigationDrawer/VNavigationDrawer.css';
import 'vuetify/lib/components/VList/VList.css';
import 'vuetify/lib/components/VList/VListItem.css';
import 'vuetify/lib/components/VMain/VMain.css';
import 'vuetify/lib/components/VGrid/VGrid.css';
import 'vuetify/lib/components/VGrid/VContainer.css';
import 'vuetify/lib/components/VCard/VCard.css';
import 'vuetify/lib/components/VInput/VInput.css';
import 'vuetify/lib/components/VField/VField.css';
import 'vuetify/lib/components/VTextField/VTextField.css';
import 'vuetify/lib/components/VLabel/VLabel.css';
import 'vuetify/lib/components/VMessages/VMessages.css';
import 'vuetify/lib/components/VChip/VChip.css';
import 'vuetify/lib/components/VDivider/VDivider.css';
import '../plugins/styles';
import './boot.css';
import { initialLocale, loadMessages } from '../plugins/locale';
import { NARROW_PX, sections, staffPath } from '../router/sections';
import { showBootSignIn } from './boot-sign-in';
import { askFirstQuestions } from './first-questions';

/**
 * The page's first script. It asks main where the desk starts and, when that is the sign-in (no
 * session, a desk that can connect, a staff page), draws it at once; the app loads meanwhile and
 * takes over. The decision is the router's own (router/index.ts), on the same answers.
 */
async function boot(): Promise<void> {
  const path = window.location.hash.replace(/^#/, '') || '/';
  if (!staffPath(path)) return;
  const locale = initialLocale();
  const { info, session } = askFirstQuestions();
  const [appInfo, staff, messages] = await Promise.all([info, session, loadMessages(locale)]);
  if (!appInfo.ok || !staff.ok || staff.value !== null || appInfo.value.unconnected) return;
  document.documentElement.lang = locale;
  showBootSignIn({
    texts: messages,
    rail: window.innerWidth < NARROW_PX,
    training: appInfo.value.training,
    trainingAccounts: appInfo.value.training ? appInfo.value.trainingAccounts : [],
    version: appInfo.value.version,
    sections,
  });
}

// The app's code runs once the boot screen is drawn (or not needed): run before, its first mount
// (half a second of a busy PC's main thread) would hold the boot screen back.
void boot()
  .catch(() => {
    // Nothing drawn: the app's own screen comes as it would have.
  })
  .finally(() => void import('../main'));
