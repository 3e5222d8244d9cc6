import type { Messages } from '../locales/fr';
import { bootThemeStyle } from './boot-theme';

/**
 * The sign-in screen as the page's first frame, before the app's code (Vue, Vuetify, the shell) has
 * run: the same markup Vuetify renders, styled by the same stylesheets, drawn from the boot script.
 * Staff can type in it at once; when the app's sign-in mounts it takes what was typed, where the
 * cursor was and an Enter already pressed (`takeBootSignIn`), and this screen goes.
 */

export interface BootSignInView {
  texts: Pick<Messages, 'app' | 'nav' | 'signIn'>;
  /** The menu keeps to its icons (App.vue's rail below 1280 px). */
  rail: boolean;
  training: boolean;
  trainingAccounts: readonly { login: string; password: string }[];
  version: string;
  sections: readonly { name: keyof Messages['nav']; path: string; icon: string }[];
}

/** What staff did on the boot screen, for the app's sign-in to carry on with. */
export interface BootSignIn {
  login: string;
  password: string;
  reveal: boolean;
  focused: 'login' | 'password' | null;
  /** Enter (or « Se connecter ») was pressed with both fields filled. */
  submitted: boolean;
}

interface Shown {
  root: HTMLElement;
  submitted: boolean;
  reveal: boolean;
}

let shown: Shown | null = null;
/** The app's own screen has taken over: the boot screen must not come (back). */
let over = false;

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const icon = (name: string, extra = '', size: 'default' | 'small' = 'default'): string =>
  `<i class="${name} mdi v-icon notranslate v-theme--desk v-icon--size-${size}${extra}" aria-hidden="true"></i>`;

function field(options: { name: 'login' | 'password'; label: string; icon: string; type: string; autocomplete: string; append?: string }): string {
  const id = `boot-${options.name}`;
  return `<div class="v-input v-input--horizontal v-input--center-affix v-input--density-comfortable v-theme--desk v-locale--is-ltr v-text-field" data-boot-field="${options.name}">
<div class="v-input__control"><div class="v-field v-field--center-affix v-field--prepended${options.append ? ' v-field--appended' : ''} v-field--variant-outlined v-theme--desk v-locale--is-ltr">
<div class="v-field__overlay"></div>
<div class="v-field__prepend-inner">${icon(options.icon)}</div>
<div class="v-field__field"><label class="v-label v-field-label" id="${id}-label" aria-hidden="true">${escape(options.label)}</label>
<input name="${options.name}" autocomplete="${options.autocomplete}" size="1" type="${options.type}" aria-labelledby="${id}-label" id="${id}" class="v-field__input" data-testid="boot-sign-in-${options.name}"></div>
${options.append ?? ''}
<div class="v-field__outline"><div class="v-field__outline__start"></div><div class="v-field__outline__notch"><label class="v-label v-field-label v-field-label--floating" aria-hidden="false" for="${id}">${escape(options.label)}</label></div><div class="v-field__outline__end"></div></div>
</div></div>
<div class="v-input__details"><div class="v-messages"></div></div></div>`;
}

/** The markup of the sign-in screen with its shell (app bar, menu), as App.vue and SignInView.vue render it. */
export function bootSignInMarkup(view: BootSignInView): string {
  const { app, nav, signIn } = view.texts;
  const drawerWidth = view.rail ? 56 : 220;
  const badge = view.training
    ? `<span class="v-chip v-theme--desk bg-amber-lighten-3 v-chip--density-default v-chip--size-small v-chip--variant-flat mr-3" title="${escape(app.trainingHint)}"><span class="v-chip__underlay"></span><div class="v-chip__prepend">${icon('mdi-school-outline', ' v-icon--start')}</div><div class="v-chip__content">${escape(app.training)}</div></span>`
    : '';
  const items = view.sections
    .map(
      (section) =>
        `<a href="#${section.path}" class="v-list-item v-list-item--link v-list-item--nav v-theme--desk v-list-item--density-comfortable v-list-item--one-line v-list-item--rounded v-list-item--variant-text"><span class="v-list-item__overlay"></span><span class="v-list-item__underlay"></span><div class="v-list-item__prepend">${icon(section.icon)}<div class="v-list-item__spacer"></div></div><div class="v-list-item__content"><div class="v-list-item-title">${escape(nav[section.name])}</div></div></a>`,
    )
    .join('');
  const accounts = view.trainingAccounts.length
    ? `<hr class="v-divider v-theme--desk" aria-orientation="horizontal" role="separator" style="border-style: solid;">
<div class="v-card-text"><div class="text-subtitle-2 mb-2">${icon('mdi-school-outline', ' mr-1', 'small')}${escape(signIn.trainingAccounts)}</div>${view.trainingAccounts
        .map(
          (account, index) =>
            `<span class="v-chip v-chip--link v-theme--desk v-chip--density-default v-chip--size-small v-chip--variant-outlined mr-2 mb-2" tabindex="0" title="${escape(signIn.useAccount)}" data-boot-account="${index}"><span class="v-chip__overlay"></span><span class="v-chip__underlay"></span><div class="v-chip__content">${escape(account.login)} / ${escape(account.password)}</div></span>`,
        )
        .join('')}</div>`
    : '';
  const eye = `<div class="v-field__append-inner"><i class="mdi-eye-outline mdi v-icon notranslate v-theme--desk v-icon--size-default v-icon--clickable" role="button" tabindex="0" aria-label="${escape(signIn.showPassword)}" data-boot-reveal=""></i></div>`;
  return `<div class="v-application v-theme--desk v-layout v-layout--full-height v-locale--is-ltr" style="color-scheme: normal; ${bootThemeStyle()}"><div class="v-application__wrap">
<header class="v-toolbar v-toolbar--collapse-start v-toolbar--flat v-toolbar--density-compact bg-primary v-theme--desk v-locale--is-ltr v-app-bar" style="top: 0px; z-index: 1006; position: fixed; left: 0px; width: 100%;">
<div class="v-toolbar__content" style="height: 48px;"><button type="button" class="v-btn v-btn--icon v-theme--desk v-btn--density-default rounded-lg v-btn--size-default v-btn--variant-text v-app-bar-nav-icon" aria-label="${escape(nav.menu)}" tabindex="-1"><span class="v-btn__overlay"></span><span class="v-btn__underlay"></span><span class="v-btn__content">${icon('mdi-menu')}</span></button>
<div class="v-toolbar-title v-app-bar-title"><div class="v-toolbar-title__placeholder">${escape(app.title)}</div></div>${badge}</div></header>
<nav class="v-navigation-drawer v-navigation-drawer--left${view.rail ? ' v-navigation-drawer--rail v-navigation-drawer--mobile' : ''} v-navigation-drawer--active v-theme--desk" style="left: 0px; z-index: 1004; position: fixed; height: calc(100% - 48px); top: 48px; bottom: 0px; width: ${drawerWidth}px;">
<div class="v-navigation-drawer__content"><div class="v-list v-list--nav v-theme--desk bg-transparent v-list--density-comfortable v-list--one-line" role="navigation" aria-label="${escape(nav.menu)}">${items}</div></div>
<div class="v-navigation-drawer__append"><div class="text-caption text-medium-emphasis pa-3">v${escape(view.version)}</div></div></nav>
<main class="v-main" style="--v-layout-left: ${drawerWidth}px; --v-layout-right: 0px; --v-layout-top: 48px; --v-layout-bottom: 0px;">
<div class="v-container v-locale--is-ltr fill-height justify-center"><div class="v-card v-theme--desk v-card--density-default elevation-2 v-card--variant-elevated pa-2" style="width: 420px;">
<div class="v-card-item"><div class="v-card-item__content"><h1 class="v-card-title text-h5">${escape(signIn.title)}</h1><div class="v-card-subtitle text-wrap">${escape(signIn.subtitle)}</div></div></div>
<div class="v-card-text"><form class="v-form" novalidate="" data-testid="boot-sign-in-form">
${field({ name: 'login', label: signIn.login, icon: 'mdi-account-outline', type: 'text', autocomplete: 'username' })}
${field({ name: 'password', label: signIn.password, icon: 'mdi-lock-outline', type: 'password', autocomplete: 'current-password', append: eye })}
<button type="submit" class="v-btn v-btn--block v-theme--desk bg-primary v-btn--density-default rounded-lg v-btn--size-large v-btn--variant-elevated" data-boot-submit=""><span class="v-btn__overlay"></span><span class="v-btn__underlay"></span><span class="v-btn__prepend">${icon('mdi-login')}</span><span class="v-btn__content">${escape(signIn.submit)}</span></button>
</form></div>${accounts}</div></div></main></div></div>`;
}

function inputOf(root: HTMLElement, name: 'login' | 'password'): HTMLInputElement {
  return root.querySelector<HTMLInputElement>(`[data-boot-field="${name}"] input`)!;
}

const filled = (root: HTMLElement): boolean => inputOf(root, 'login').value.trim() !== '' && inputOf(root, 'password').value !== '';

/** Vuetify's field states, which its components set from script: focused, active (label up), the button greyed. */
function refresh(root: HTMLElement): void {
  for (const name of ['login', 'password'] as const) {
    const input = inputOf(root, name);
    const focused = root.ownerDocument.activeElement === input;
    const wrapper = root.querySelector(`[data-boot-field="${name}"]`)!;
    wrapper.classList.toggle('v-input--focused', focused);
    const box = wrapper.querySelector('.v-field')!;
    box.classList.toggle('v-field--focused', focused);
    box.classList.toggle('v-field--active', focused || input.value !== '');
  }
  const submit = root.querySelector<HTMLButtonElement>('[data-boot-submit]')!;
  submit.disabled = !filled(root);
  submit.classList.toggle('v-btn--disabled', submit.disabled);
}

function wire(state: Shown, view: BootSignInView): void {
  const { root } = state;
  const { signIn } = view.texts;
  const press = (event: Event) => {
    event.preventDefault();
    if (filled(root)) state.submitted = true;
  };
  root.querySelector('form')!.addEventListener('submit', press);
  // A greyed default button stops the browser from submitting on Enter: Enter is taken here.
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) press(event);
  });
  root.addEventListener('focusin', () => refresh(root));
  root.addEventListener('focusout', () => refresh(root));
  root.addEventListener('input', () => refresh(root));
  const eye = root.querySelector<HTMLElement>('[data-boot-reveal]')!;
  const toggle = () => {
    state.reveal = !state.reveal;
    inputOf(root, 'password').type = state.reveal ? 'text' : 'password';
    eye.classList.toggle('mdi-eye-outline', !state.reveal);
    eye.classList.toggle('mdi-eye-off-outline', state.reveal);
    eye.setAttribute('aria-label', state.reveal ? signIn.hidePassword : signIn.showPassword);
  };
  eye.addEventListener('click', toggle);
  eye.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      toggle();
    }
  });
  for (const chip of root.querySelectorAll<HTMLElement>('[data-boot-account]')) {
    chip.addEventListener('click', () => {
      const account = view.trainingAccounts[Number(chip.dataset.bootAccount)];
      if (!account) return;
      inputOf(root, 'login').value = account.login;
      inputOf(root, 'password').value = account.password;
      refresh(root);
    });
  }
}

/** Draws the boot sign-in over the page, the login field focused; nothing once the app's screen is there. */
export function showBootSignIn(view: BootSignInView, document: Document = window.document): void {
  if (over || shown) return;
  const root = document.createElement('div');
  root.className = 'desk-boot';
  root.dataset.testid = 'boot-sign-in';
  root.innerHTML = bootSignInMarkup(view);
  document.body.append(root);
  shown = { root, submitted: false, reveal: false };
  wire(shown, view);
  inputOf(root, 'login').focus();
  refresh(root);
}

/**
 * The app's sign-in is being drawn: what staff did on the boot screen, null when none was shown.
 * From then on no boot screen comes; this one stays until `dismissBootSignIn`, once the app's is in the page.
 */
export function takeBootSignIn(): BootSignIn | null {
  over = true;
  if (!shown) return null;
  const { root, submitted, reveal } = shown;
  const active = root.ownerDocument.activeElement;
  const login = inputOf(root, 'login');
  const password = inputOf(root, 'password');
  return {
    login: login.value,
    password: password.value,
    reveal,
    focused: active === login ? 'login' : active === password ? 'password' : null,
    submitted,
  };
}

/** The app's first screen is in the page (the sign-in, or another one when a session is open): the boot screen goes. */
export function dismissBootSignIn(): void {
  over = true;
  shown?.root.remove();
  shown = null;
}
