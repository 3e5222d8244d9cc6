import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { TechnicianState } from '../../../../src-shared/ipc/features/technician.contract';
import TechnicianMode from '../../../../src-renderer/components/TechnicianMode.vue';
import { usePrintingStore } from '../../../../src-renderer/features/printing/stores/printing';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';
import { deskCalls, deskEmit, deskReplies } from '../setup';

const closed: TechnicianState = { open: false, expiresAt: null, pinSet: true, supervisorSignedIn: false, trainingPin: '1234' };
const opened: TechnicianState = { ...closed, open: true, expiresAt: '2026-11-24T14:30:00.000Z' };

function mountCard(locale: Locale = 'fr') {
  const pinia = createPinia();
  setActivePinia(pinia);
  const wrapper = mount(TechnicianMode, { attachTo: document.body, global: { plugins: [pinia, createDeskI18n(locale), createVuetify()] } });
  return { wrapper, printing: usePrintingStore(pinia) };
}

const dialog = () => document.querySelector('[data-testid="technician-dialog"]');

describe('technician mode on the Printers and Settings pages', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
    document.body.innerHTML = '';
    deskReplies.set('technician/state', () => ({ ok: true, value: closed }));
  });

  it('a test print refused for want of technician mode opens the unlock dialog, and the training PIN opens it', async () => {
    deskReplies.set('printing/testPrint', () => ({ ok: false, error: { code: 'TECHNICIAN_MODE_REQUIRED', message: 'Open technician mode first.' } }));
    deskReplies.set('technician/open', () => ({ ok: true, value: opened }));
    const { wrapper, printing } = mountCard();
    await flushPromises();
    expect(wrapper.get('[data-testid="technician-mode"]').attributes('data-open')).toBe('false');
    expect(dialog()).toBeNull();

    await expect(printing.testPrint()).rejects.toMatchObject({ code: 'TECHNICIAN_MODE_REQUIRED' });
    await flushPromises();
    expect(dialog()?.textContent).toContain('Formation\u00a0: le code technicien est 1234.');

    const field = dialog()!.querySelector<HTMLInputElement>('[data-testid="technician-pin"] input')!;
    field.value = '1234';
    field.dispatchEvent(new Event('input'));
    dialog()!.querySelector<HTMLButtonElement>('[data-testid="technician-unlock"]')!.click();
    await flushPromises();
    expect(deskCalls.filter((call) => call.channel === 'technician/open').map((call) => call.request)).toEqual([{ with: 'pin', pin: '1234' }]);
    expect(wrapper.get('[data-testid="technician-mode"]').attributes('data-open')).toBe('true');
    wrapper.unmount();
  });

  it('says whether it is open only once main has answered: a mode left open is never shown closed first', async () => {
    deskReplies.set('technician/state', () => ({ ok: true, value: opened }));
    const { wrapper } = mountCard();
    expect(wrapper.get('[data-testid="technician-mode"]').attributes('data-open')).toBeUndefined();
    await flushPromises();
    expect(wrapper.get('[data-testid="technician-mode"]').attributes('data-open')).toBe('true');
    expect(wrapper.find('[data-testid="technician-open"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says a wrong PIN in plain words, and follows main when technician mode closes by itself', async () => {
    deskReplies.set('technician/open', () => ({ ok: false, error: { code: 'TECHNICIAN_PIN_WRONG', message: 'Wrong technician PIN.' } }));
    const { wrapper } = mountCard('en');
    await flushPromises();
    await wrapper.get('[data-testid="technician-open"]').trigger('click');
    await flushPromises();
    const field = dialog()!.querySelector<HTMLInputElement>('[data-testid="technician-pin"] input')!;
    field.value = '9999';
    field.dispatchEvent(new Event('input'));
    dialog()!.querySelector<HTMLButtonElement>('[data-testid="technician-unlock"]')!.click();
    await flushPromises();
    expect(dialog()?.querySelector('[data-testid="technician-error"]')?.textContent).toContain('Wrong technician PIN.');

    deskEmit('technician/changed', opened);
    await flushPromises();
    expect(wrapper.get('[data-testid="technician-mode"]').attributes('data-open')).toBe('true');
    deskEmit('technician/changed', closed);
    await flushPromises();
    expect(wrapper.get('[data-testid="technician-status"]').text()).toContain('Closed');
    wrapper.unmount();
  });

  it('offers a signed-in supervisor to open it without the PIN, and to set the first PIN', async () => {
    deskReplies.set('technician/state', () => ({ ok: true, value: { ...closed, pinSet: false, trainingPin: null, supervisorSignedIn: true } }));
    deskReplies.set('technician/open', () => ({ ok: true, value: { ...opened, pinSet: false, trainingPin: null, supervisorSignedIn: true } }));
    const { wrapper } = mountCard();
    await flushPromises();
    expect(wrapper.get('[data-testid="technician-no-pin"]').text()).toContain('Aucun code technicien');
    await wrapper.get('[data-testid="technician-open"]').trigger('click');
    await flushPromises();
    dialog()!.querySelector<HTMLButtonElement>('[data-testid="technician-as-supervisor"]')!.click();
    await flushPromises();
    expect(deskCalls.some((call) => call.channel === 'technician/open' && (call.request as { with: string }).with === 'supervisor')).toBe(true);
    expect(wrapper.get('[data-testid="technician-change-pin"]').text()).toBe('Définir le code technicien');
    wrapper.unmount();
  });
});
