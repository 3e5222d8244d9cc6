import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootSignInView } from '../../../src-renderer/boot/boot-sign-in';
import { BOOT_THEME } from '../../../src-renderer/boot/boot-theme';
import { en } from '../../../src-renderer/locales/en';
import { fr } from '../../../src-renderer/locales/fr';
import { createDeskVuetify } from '../../../src-renderer/plugins/vuetify';
import { sections, staffPath } from '../../../src-renderer/router/sections';

/** The boot screen keeps module state (shown, taken over): each test gets a fresh copy of it. */
async function bootModule() {
  vi.resetModules();
  return import('../../../src-renderer/boot/boot-sign-in');
}

function view(overrides: Partial<BootSignInView> = {}): BootSignInView {
  return { texts: fr, rail: false, training: false, trainingAccounts: [], version: '1.2.3', sections, ...overrides };
}

const input = (name: 'login' | 'password') => document.querySelector<HTMLInputElement>(`[data-testid="boot-sign-in-${name}"]`)!;

function type(name: 'login' | 'password', value: string): void {
  input(name).focus();
  input(name).value = value;
  input(name).dispatchEvent(new Event('input', { bubbles: true }));
}

const enter = (name: 'login' | 'password') =>
  input(name).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));

describe('the boot sign-in screen', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('draws the sign-in with its shell in the desk language, the login field focused and « Se connecter » greyed while a field is empty', async () => {
    const { showBootSignIn } = await bootModule();
    showBootSignIn(view());
    const screen = document.querySelector('[data-testid="boot-sign-in"]')!;
    expect(screen.querySelector('h1')!.textContent).toBe('Connexion accueil');
    expect(screen.textContent).toContain("Tableau d'appel");
    expect(screen.textContent).toContain('v1.2.3');
    expect(document.activeElement).toBe(input('login'));
    expect(screen.querySelector('[data-boot-field="login"] .v-field')!.classList.contains('v-field--focused')).toBe(true);
    expect(screen.querySelector<HTMLButtonElement>('[data-boot-submit]')!.disabled).toBe(true);
    type('login', 'accueil');
    type('password', 'formation');
    expect(screen.querySelector<HTMLButtonElement>('[data-boot-submit]')!.disabled).toBe(false);
    expect(screen.querySelector('[data-boot-field="password"] .v-field')!.classList.contains('v-field--focused')).toBe(true);
    expect(screen.querySelector('[data-boot-field="login"] .v-field')!.classList.contains('v-field--focused')).toBe(false);
  });

  it('speaks English on an English desk, and names the training accounts only in training', async () => {
    const { showBootSignIn } = await bootModule();
    showBootSignIn(view({ texts: en, training: true, trainingAccounts: [{ login: 'accueil', password: 'formation' }] }));
    const screen = document.querySelector('[data-testid="boot-sign-in"]')!;
    expect(screen.querySelector('h1')!.textContent).toBe('Reception sign-in');
    expect(screen.textContent).toContain('accueil / formation');
    screen.querySelector<HTMLElement>('[data-boot-account="0"]')!.click();
    expect(input('login').value).toBe('accueil');
    expect(input('password').value).toBe('formation');
  });

  it('writes what main sends as text, never as markup', async () => {
    const { bootSignInMarkup } = await bootModule();
    const markup = bootSignInMarkup(view({ training: true, version: '<b>1</b>', trainingAccounts: [{ login: '<img src=x>', password: '"&' }] }));
    expect(markup).not.toContain('<img src=x>');
    expect(markup).not.toContain('<b>1</b>');
    expect(markup).toContain('&#60;img src=x&#62;');
  });

  it('keeps the menu to its icons on a narrow screen, as the app does', async () => {
    const { showBootSignIn } = await bootModule();
    showBootSignIn(view({ rail: true }));
    const drawer = document.querySelector<HTMLElement>('.v-navigation-drawer')!;
    expect(drawer.classList.contains('v-navigation-drawer--rail')).toBe(true);
    expect(drawer.style.width).toBe('56px');
    expect(document.querySelector<HTMLElement>('.v-main')!.style.getPropertyValue('--v-layout-left')).toBe('56px');
  });

  it('hands over what was typed, the field in use and an Enter pressed; then goes, and never comes back', async () => {
    const { showBootSignIn, takeBootSignIn, dismissBootSignIn } = await bootModule();
    showBootSignIn(view());
    type('login', 'accueil');
    type('password', 'formation');
    enter('password');
    expect(takeBootSignIn()).toEqual({ login: 'accueil', password: 'formation', reveal: false, focused: 'password', submitted: true });
    dismissBootSignIn();
    expect(document.querySelector('[data-testid="boot-sign-in"]')).toBeNull();
    showBootSignIn(view());
    expect(document.querySelector('[data-testid="boot-sign-in"]')).toBeNull();
  });

  it('does not count an Enter pressed with a field empty as a sign-in', async () => {
    const { showBootSignIn, takeBootSignIn } = await bootModule();
    showBootSignIn(view());
    type('login', 'accueil');
    enter('login');
    expect(takeBootSignIn()).toMatchObject({ login: 'accueil', password: '', focused: 'login', submitted: false });
  });

  it('shows the password typed on request, and says how to hide it again', async () => {
    const { showBootSignIn, takeBootSignIn } = await bootModule();
    showBootSignIn(view());
    const eye = document.querySelector<HTMLElement>('[data-boot-reveal]')!;
    eye.click();
    expect(input('password').type).toBe('text');
    expect(eye.getAttribute('aria-label')).toBe('Masquer le mot de passe');
    expect(takeBootSignIn()?.reveal).toBe(true);
  });

  it('is not drawn once the app has taken over (its sign-in came first)', async () => {
    const { showBootSignIn, takeBootSignIn } = await bootModule();
    expect(takeBootSignIn()).toBeNull();
    showBootSignIn(view());
    expect(document.querySelector('[data-testid="boot-sign-in"]')).toBeNull();
  });
});

describe('where the boot screen may draw the sign-in', () => {
  it('on the staff pages and any address the router sends to the board; not on the pages open to anyone', () => {
    for (const path of ['/', '/sign-in', '/board', '/check-in?code=1', '/statistics', '/nowhere']) expect(staffPath(path), path).toBe(true);
    for (const path of ['/display', '/connect', '/printers', '/admin', '/settings/x']) expect(staffPath(path), path).toBe(false);
  });
});

describe("the boot screen's colours", () => {
  it("are the desk theme's, as Vuetify computes them", () => {
    const declared = Object.entries(BOOT_THEME).map(([name, value]) => [name, value.replace(/\s/g, '')]);
    expect(declared.length).toBeGreaterThan(10);
    const theme = createDeskVuetify('fr').theme.computedThemes.value.desk!;
    const rgb = (hex: string) => {
      const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1, 7);
      return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)).join(',');
    };
    for (const [name, value] of declared) {
      const key = name!.replace(/^v-theme-/, '').replace(/^v-/, '');
      const raw = String(name!.startsWith('v-theme-') ? theme.colors[key] : theme.variables[key]);
      // Vuetify writes colours as « r,g,b » in its stylesheet, whichever way the theme gives them.
      const expected = raw.startsWith('#') ? rgb(raw) : raw.replace(/\s/g, '');
      expect(value, name).toBe(expected);
    }
  });
});
