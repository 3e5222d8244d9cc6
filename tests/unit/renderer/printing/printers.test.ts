import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { PrintJobView, PrinterStatus } from '../../../../src-shared/ipc/features/printing.contract';
import PrinterStatusCard from '../../../../src-renderer/features/printing/components/PrinterStatusCard.vue';
import PrintQueueCard from '../../../../src-renderer/features/printing/components/PrintQueueCard.vue';
import { usePrintingStore } from '../../../../src-renderer/features/printing/stores/printing';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from '../setup';

function mountWith<C>(component: C, locale: Locale) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const wrapper = mount(component as never, { global: { plugins: [pinia, createDeskI18n(locale), createVuetify()] } });
  return { wrapper, store: usePrintingStore(pinia) };
}

const status = (state: PrinterStatus['state'], problem: PrinterStatus['problem'] = null): PrinterStatus => ({
  state,
  paperNearEnd: false,
  problem,
  detail: problem ? 'open: LIBUSB_ERROR_ACCESS' : null,
  checkedAt: '2026-11-23T09:00:00.000Z',
});

describe('Printers page', () => {
  beforeEach(() => {
    deskCalls.length = 0;
    deskReplies.clear();
  });

  it('explains a USB access error with its fix (the shipped udev rule), in French and English', async () => {
    for (const [locale, words] of [
      ['fr', ['Imprimante hors ligne', 'règle udev', 'udevadm', 'LIBUSB_ERROR_ACCESS']],
      ['en', ['Printer offline', 'udev rule', 'udevadm', 'LIBUSB_ERROR_ACCESS']],
    ] as const) {
      const { wrapper, store } = mountWith(PrinterStatusCard, locale);
      store.status = status('offline', 'usbAccess');
      await flushPromises();
      const text = wrapper.find('[data-testid="printer-status"]').text();
      for (const word of words) expect(text).toContain(word);
      expect(wrapper.find('[data-testid="printer-status"]').attributes('data-state')).toBe('offline');
    }
  });

  it('says paper out in plain words and asks the printer again on demand', async () => {
    deskReplies.set('printing/checkStatus', () => ({ ok: true, value: status('online') }));
    const { wrapper, store } = mountWith(PrinterStatusCard, 'fr');
    store.status = status('paperOut');
    await flushPromises();
    expect(wrapper.find('[data-testid="printer-status"]').text()).toContain('Plus de papier');
    await wrapper.find('[data-testid="printer-check"]').trigger('click');
    await flushPromises();
    expect(deskCalls.map((call) => call.channel)).toEqual(['printing/checkStatus']);
    expect(wrapper.find('[data-testid="printer-status"]').text()).toContain('Imprimante prête');
  });

  it('lists waiting tickets with why they wait, and cancels one', async () => {
    const waiting: PrintJobView = {
      id: 'job-1',
      kind: 'reprint',
      formattedNumber: 'E012',
      createdAt: '2026-11-23T09:00:00.000Z',
      state: 'waiting',
      attempts: 0,
      waitingFor: 'paperOut',
      finishedAt: null,
    };
    deskReplies.set('printing/cancelJob', () => ({ ok: true, value: [{ ...waiting, state: 'cancelled', waitingFor: null, finishedAt: waiting.createdAt }] }));
    const { wrapper, store } = mountWith(PrintQueueCard, 'fr');
    store.queue = [waiting];
    await flushPromises();
    const row = wrapper.find('[data-testid="print-job"]');
    expect(row.text()).toContain('E012');
    expect(row.text()).toContain('Réimpression');
    expect(row.text()).toContain('Plus de papier');
    await wrapper.find('[data-testid="cancel-job-E012"]').trigger('click');
    await flushPromises();
    expect(deskCalls.at(-1)).toEqual({ channel: 'printing/cancelJob', request: { jobId: 'job-1' } });
    expect(wrapper.find('[data-testid="print-job"]').attributes('data-state')).toBe('cancelled');
  });
});
