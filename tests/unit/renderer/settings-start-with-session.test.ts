import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { WorkstationSettings } from '../../../src-shared/ipc/features/workstation.contract';
import StartWithSessionCard from '../../../src-renderer/features/settings/components/StartWithSessionCard.vue';
import { createDeskI18n, type Locale } from '../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from './setup';

async function mountCard(locale: Locale, settings: WorkstationSettings) {
  const pinia = createPinia();
  setActivePinia(pinia);
  deskReplies.set('workstation/settings', () => ({ ok: true, value: settings }));
  const wrapper = mount(StartWithSessionCard, { global: { plugins: [pinia, createDeskI18n(locale), createVuetify()] } });
  await flushPromises();
  return wrapper;
}

const switchInput = (wrapper: Awaited<ReturnType<typeof mountCard>>) => wrapper.find('[data-testid="start-with-session"] input');

describe('settings: start the desk when the user signs in', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
  });

  it('set by the deployment file: its value, disabled, in the words of the other locked settings', async () => {
    const wrapper = await mountCard('fr', { startWithSession: true, startWithSessionLocked: true, appliedHere: true });
    expect(wrapper.text()).toContain("Démarrer le poste à l'ouverture de session Windows");
    expect((switchInput(wrapper).element as HTMLInputElement).checked).toBe(true);
    expect(switchInput(wrapper).attributes('disabled')).toBeDefined();
    expect(wrapper.find('[data-testid="start-with-session-locked"]').text()).toBe(
      'Défini par votre service informatique (fichier de déploiement)\u00a0: ce réglage ne peut pas être changé sur ce poste.',
    );
    wrapper.unmount();
  });

  it('at the desk: off by default, turned on through main, and said to take effect only in the installed app in the preview', async () => {
    const wrapper = await mountCard('en', { startWithSession: false, startWithSessionLocked: false, appliedHere: false });
    expect(wrapper.text()).toContain('Start the desk when the user signs in');
    expect((switchInput(wrapper).element as HTMLInputElement).checked).toBe(false);
    expect(switchInput(wrapper).attributes('disabled')).toBeUndefined();
    expect(wrapper.find('[data-testid="start-with-session-preview"]').text()).toBe('In the browser preview this setting is saved; it takes effect in the installed app.');

    // Refused (technician mode closed): the switch goes back off, as main kept it.
    deskReplies.set('workstation/setStartWithSession', () => ({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED', message: 'Open technician mode first.' } }));
    await switchInput(wrapper).setValue(true);
    await flushPromises();
    expect((switchInput(wrapper).element as HTMLInputElement).checked).toBe(false);

    deskReplies.set('workstation/setStartWithSession', () => ({ ok: true, value: { startWithSession: true, startWithSessionLocked: false, appliedHere: false } }));
    await switchInput(wrapper).setValue(true);
    await flushPromises();
    expect(deskCalls).toContainEqual({ channel: 'workstation/setStartWithSession', request: { startWithSession: true } });
    expect((switchInput(wrapper).element as HTMLInputElement).checked).toBe(true);
    wrapper.unmount();
  });
});
