import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import SignInView from '../../../src-renderer/features/staff/views/SignInView.vue';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { useBoardStore } from '../../../src-renderer/features/board/stores/board';
import { createDeskRouter } from '../../../src-renderer/router';
import { deskCalls, deskReplies } from './setup';

async function mountSignIn(locale: Locale) {
  const pinia = createPinia();
  const router = createDeskRouter(pinia);
  await router.push('/sign-in');
  const wrapper = mount(SignInView, { global: { plugins: [pinia, createDeskI18n(locale), createVuetify(), router] } });
  return { wrapper, router };
}

async function submit(wrapper: Awaited<ReturnType<typeof mountSignIn>>['wrapper'], login: string, password: string) {
  await wrapper.find('[data-testid="sign-in-login"] input').setValue(login);
  await wrapper.find('[data-testid="sign-in-password"] input').setValue(password);
  await wrapper.find('form').trigger('submit');
  await flushPromises();
}

describe('staff sign-in screen', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    deskReplies.set('staff/session', () => ({ ok: true, value: null }));
  });

  it('shows refused credentials in plain French, never the raw code, keeps what was typed and says nothing else', async () => {
    deskReplies.set('staff/signIn', () => ({ ok: false, error: { code: 'INVALID_CREDENTIALS', message: 'Login or password refused.' } }));
    const { wrapper } = await mountSignIn('fr');
    await submit(wrapper, 'accueil', 'mauvais');
    const alert = wrapper.find('[data-testid="sign-in-error"]');
    expect(alert.text()).toBe('Identifiant ou mot de passe incorrect');
    expect(wrapper.text()).not.toContain('INVALID_CREDENTIALS');
    const password = wrapper.find('[data-testid="sign-in-password"] input').element as HTMLInputElement;
    expect(password.value).toBe('mauvais');
    expect((wrapper.find('[data-testid="sign-in-login"] input').element as HTMLInputElement).value).toBe('accueil');
    // Only what is wrong: no "required" message beside it.
    expect(wrapper.text()).not.toContain('Champ obligatoire');
    expect(deskCalls.find((call) => call.channel === 'staff/signIn')?.request).toEqual({ login: 'accueil', password: 'mauvais' });
  });

  it('speaks English when the desk is set to English', async () => {
    deskReplies.set('staff/signIn', () => ({ ok: false, error: { code: 'PUBLISHER_UNREACHABLE', message: 'x' } }));
    const { wrapper } = await mountSignIn('en');
    expect(wrapper.text()).toContain('Reception sign-in');
    await submit(wrapper, 'accueil', 'x');
    expect(wrapper.find('[data-testid="sign-in-error"]').text()).toContain('The medical system is not answering');
  });

  it('goes to the board once signed in', async () => {
    deskReplies.set('staff/signIn', () => ({
      ok: true,
      value: { displayName: 'Élodie Mercier', email: 'e@x.example', offices: [], signedInAt: '2026-11-23T08:00:00.000Z' },
    }));
    const { wrapper, router } = await mountSignIn('fr');
    await submit(wrapper, ' accueil ', 'formation');
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/board'), { timeout: 10_000 });
    expect(deskCalls.find((call) => call.channel === 'staff/signIn')?.request).toEqual({ login: 'accueil', password: 'formation' });
  });

  it('carries on from the boot screen: what was typed there, and the Enter pressed, sign in; the boot screen goes', async () => {
    deskReplies.set('staff/signIn', () => ({
      ok: true,
      value: { displayName: 'Élodie Mercier', email: 'e@x.example', offices: [], signedInAt: '2026-11-23T08:00:00.000Z' },
    }));
    // A first start: the boot screen's module has not been taken over by an earlier test's sign-in.
    vi.resetModules();
    const { showBootSignIn } = await import('../../../src-renderer/boot/boot-sign-in');
    const { fr } = await import('../../../src-renderer/locales/fr');
    const { sections } = await import('../../../src-renderer/router/sections');
    const { createDeskRouter: freshRouter } = await import('../../../src-renderer/router');
    const { default: FreshSignInView } = await import('../../../src-renderer/features/staff/views/SignInView.vue');
    showBootSignIn({ texts: fr, rail: false, training: false, trainingAccounts: [], version: '1', sections });
    const typed = (name: string, value: string) => {
      const field = document.querySelector<HTMLInputElement>(`[data-testid="boot-sign-in-${name}"]`)!;
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    typed('login', 'accueil');
    typed('password', 'formation');
    document.querySelector<HTMLFormElement>('[data-testid="boot-sign-in-form"]')!.requestSubmit();
    const pinia = createPinia();
    const router = freshRouter(pinia);
    await router.push('/sign-in');
    const wrapper = mount(FreshSignInView, { global: { plugins: [pinia, createDeskI18n('fr'), createVuetify(), router] } });
    expect(document.querySelector('[data-testid="boot-sign-in"]')).toBeNull();
    expect((wrapper.find('[data-testid="sign-in-login"] input').element as HTMLInputElement).value).toBe('accueil');
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/board'), { timeout: 10_000 });
    expect(deskCalls.find((call) => call.channel === 'staff/signIn')?.request).toEqual({ login: 'accueil', password: 'formation' });
  });

  it('does not call main while a field is empty', async () => {
    const { wrapper } = await mountSignIn('fr');
    await submit(wrapper, 'accueil', '');
    expect(deskCalls.some((call) => call.channel === 'staff/signIn')).toBe(false);
  });
});

describe('a locked desk', () => {
  it('a page chosen in the menu while the desk still asks main who is signed in stays chosen: the start-up redirect to sign-in does not undo it', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const unanswered = new Promise((resolve) => (answer = resolve));
    deskReplies.set('staff/session', (() => unanswered.then(() => ({ ok: true, value: null }))) as never);
    const pinia = createPinia();
    const router = createDeskRouter(pinia);
    // The desk starts on the board (staff only, so bound for sign-in); the technician clicks « Administration ».
    const start = router.push('/board');
    await flushPromises();
    const chosen = router.push('/admin');
    await flushPromises();
    answer(undefined);
    await Promise.all([start, chosen]);
    await flushPromises();
    expect(router.currentRoute.value.path).toBe('/admin');
  });

  it('takes staff to its lock screen on the board, not to a staff page that would only be refused', async () => {
    deskReplies.set('staff/session', () => ({ ok: true, value: { displayName: 'Élodie Mercier', email: 'e@x.example', offices: [], signedInAt: '2026-11-23T08:00:00.000Z' } }));
    const pinia = createPinia();
    const router = createDeskRouter(pinia);
    await router.push('/check-in');
    expect(router.currentRoute.value.path).toBe('/check-in');
    useBoardStore(pinia).lockState = { reason: 'manual', idleMinutes: null };
    for (const page of ['/statistics', '/check-in']) {
      await router.push(page);
      expect(router.currentRoute.value.path).toBe('/board');
    }
    // Technician and admin pages have their own credentials: the staff lock is not theirs.
    await router.push('/printers');
    expect(router.currentRoute.value.path).toBe('/printers');
  });
});
