import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { PrintJobView, PrinterModelInfo, PrinterStatus, PrintingOverview } from '../../../../src-shared/ipc/features/printing.contract';
import PrinterSettingsCard from '../../../../src-renderer/features/printing/components/PrinterSettingsCard.vue';
import PrinterStatusChip from '../../../../src-renderer/features/printing/components/PrinterStatusChip.vue';
import PrinterStatusCard from '../../../../src-renderer/features/printing/components/PrinterStatusCard.vue';
import PrintQueueCard from '../../../../src-renderer/features/printing/components/PrintQueueCard.vue';
import { usePrintingStore } from '../../../../src-renderer/features/printing/stores/printing';
import PrintersView from '../../../../src-renderer/features/printing/views/PrintersView.vue';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from '../setup';

function mountWith<C>(component: C, locale: Locale, props: Record<string, unknown> = {}) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const wrapper: VueWrapper = mount(component as never, { props: props as never, global: { plugins: [pinia, createDeskI18n(locale), createVuetify()], stubs: { RouterLink: true } } });
  return { wrapper, store: usePrintingStore(pinia) };
}

const MODELS: PrinterModelInfo[] = [
  { id: 'generic', name: 'ESC/POS (Epson compatible)', codePages: ['cp858', 'windows1252'], qrCode: true, columns: { 58: 32, 80: 42 } },
  { id: 'epson-tm-t88iii', name: 'Epson TM-T88III', codePages: ['cp858', 'windows1252'], qrCode: false, columns: { 58: 32, 80: 42 } },
  { id: 'epson-tm-t20iii', name: 'Epson TM-T20III', codePages: ['cp858', 'windows1252'], qrCode: true, columns: { 58: 32, 80: 48 } },
];

/** An overview as main answers it, for a network printer of the given model. */
function overviewOf(model: string, extra: Partial<PrintingOverview> = {}): PrintingOverview {
  const columns = MODELS.find((candidate) => candidate.id === model)!.columns[80];
  return {
    settings: { printer: { target: { kind: 'network', host: '10.0.0.9', port: 9100 }, model, codePage: 'cp858', paperWidth: 80 }, layouts: {} },
    models: MODELS,
    status: status('online'),
    queue: [],
    officePlaceId: null,
    previewSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    layout: { paperWidth: 80, columns, language: 'fr', blocks: [] },
    ticketTexts: { establishmentName: 'Centre Lyon', officePlaceVisibleId: 'LYON-IRM', showQr: true, footer: 'Merci', language: 'fr' },
    leftOut: [],
    unprintable: [],
    ...extra,
  };
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
      ['fr', ['Imprimante hors ligne', 'règle udev', 'udevadm', 'Détail technique\u00a0: open: LIBUSB_ERROR_ACCESS']],
      // English puts no space before the colon.
      ['en', ['Printer offline', 'udev rule', 'udevadm', 'Technical detail: open: LIBUSB_ERROR_ACCESS']],
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

  it('warns that the generic model keeps lines to 42 columns on 80 mm (32 on 58 mm), and that a model without QR prints tickets without it', async () => {
    for (const [locale, generic, noQr] of [
      ['fr', 'Modèle générique\u00a0: 42 colonnes par ligne', "n'a pas de commande QR code"],
      ['en', 'Generic model: 42 columns per line', 'has no QR code command'],
    ] as const) {
      const { wrapper } = mountWith(PrinterSettingsCard, locale, { overview: overviewOf('generic') });
      await flushPromises();
      expect(wrapper.find('[data-testid="printer-generic-warning"]').text()).toContain(generic);
      expect(wrapper.find('[data-testid="printer-no-qr-warning"]').exists()).toBe(false);
      const wide = overviewOf('generic');
      await wrapper.setProps({ overview: { ...wide, settings: { ...wide.settings, printer: { ...wide.settings.printer, paperWidth: 58 } } } });
      expect(wrapper.find('[data-testid="printer-generic-warning"]').text()).toContain(generic.replace('42', '32'));
      await wrapper.setProps({ overview: overviewOf('epson-tm-t88iii') });
      expect(wrapper.find('[data-testid="printer-generic-warning"]').exists()).toBe(false);
      expect(wrapper.find('[data-testid="printer-no-qr-warning"]').text()).toContain(noQr);
      await wrapper.setProps({ overview: overviewOf('epson-tm-t20iii') });
      expect(wrapper.find('[data-testid="printer-no-qr-warning"]').exists()).toBe(false);
      expect(wrapper.find('[data-testid="printer-settings"]').text()).toContain(locale === 'fr' ? '48 colonnes par ligne' : '48 columns per line');
    }
  });

  it('says after a test print how many columns the model has and that it left the QR code out', async () => {
    deskReplies.set('printing/testPrint', () => ({ ok: true, value: { outcome: 'printed', jobId: 'job-9', columns: 42, leftOut: ['qrCode'] } }));
    for (const [locale, words] of [
      ['fr', ['Ticket de test imprimé.', '42 colonnes', "n'imprime pas les QR codes"]],
      ['en', ['Test ticket printed.', '42 columns', 'does not print QR codes']],
    ] as const) {
      const { wrapper } = mountWith(PrinterSettingsCard, locale, { overview: overviewOf('epson-tm-t88iii') });
      await wrapper.find('[data-testid="printer-test"]').trigger('click');
      await flushPromises();
      const message = wrapper.find('[data-testid="printer-message"]').text();
      for (const word of words) expect(message).toContain(word);
    }
  });

  it('shows the preview with its column count, what the model leaves out and the characters it cannot print', async () => {
    deskReplies.set('printing/overview', () => ({ ok: true, value: overviewOf('epson-tm-t88iii', { leftOut: ['qrCode'], unprintable: ['✚', '王'] }) }));
    for (const [locale, words] of [
      ['fr', ['80 mm, 42 colonnes', "n'imprime pas les QR codes", '✚ 王']],
      ['en', ['80 mm, 42 columns', 'does not print QR codes', '✚ 王']],
    ] as const) {
      const { wrapper } = mountWith(PrintersView, locale);
      await flushPromises();
      const preview = wrapper.find('[data-testid="ticket-preview"]');
      expect(preview.find('[data-testid="ticket-preview-hint"]').text()).toContain(words[0]);
      expect(preview.find('[data-testid="preview-left-out-qrCode"]').text()).toContain(words[1]);
      expect(preview.find('[data-testid="preview-unprintable"]').text()).toContain(words[2]);
    }
    deskReplies.set('printing/overview', () => ({ ok: true, value: overviewOf('epson-tm-t20iii') }));
    const { wrapper } = mountWith(PrintersView, 'fr');
    await flushPromises();
    expect(wrapper.find('[data-testid="ticket-preview-hint"]').text()).toContain('48 colonnes');
    expect(wrapper.find('[data-testid="preview-left-out-qrCode"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="preview-unprintable"]').exists()).toBe(false);
  });

  it('saves the ticket texts the desk uses when none were saved (the visible id, so the QR code, is kept)', async () => {
    const overview = overviewOf('generic', { officePlaceId: 1 });
    deskReplies.set('printing/saveSettings', () => ({ ok: true, value: overview }));
    const { wrapper } = mountWith(PrinterSettingsCard, 'fr', { overview });
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(deskCalls.at(-1)).toEqual({ channel: 'printing/saveSettings', request: { printer: overview.settings.printer, layout: { ...overview.ticketTexts, showWaitEstimate: false } } });
  });

  it('offers the system printer: finds the computer\'s queues and saves the chosen one', async () => {
    const systemPrinter = { target: { kind: 'system', queue: 'Caisse' } as const, model: 'generic', codePage: 'cp858' as const, paperWidth: 80 as const };
    const overview = overviewOf('generic', { settings: { printer: systemPrinter, layouts: {} } });
    deskReplies.set('printing/detect', () => ({
      ok: true,
      value: [
        { target: { kind: 'usb', vendorId: 0x04b8, productId: 0x0e28, serialNumber: null }, label: 'USB 04b8:0e28' },
        { target: { kind: 'system', queue: 'Caisse' }, label: 'Caisse' },
        { target: { kind: 'system', queue: 'EPSON TM-T20III Receipt' }, label: 'EPSON TM-T20III Receipt' },
      ],
    }));
    deskReplies.set('printing/saveSettings', () => ({ ok: true, value: overview }));
    for (const [locale, kind, found] of [
      ['fr', "Imprimante du système (file d'impression Windows ou CUPS)", "2 files d'impression trouvées"],
      ['en', 'System printer (Windows or CUPS printer queue)', '2 printer queues found'],
    ] as const) {
      const { wrapper } = mountWith(PrinterSettingsCard, locale, { overview });
      expect(wrapper.find('[data-testid="printer-kind"]').text()).toContain(kind);
      expect((wrapper.find('[data-testid="printer-queue"] input').element as HTMLInputElement).value).toBe('Caisse');
      await wrapper.find('[data-testid="printer-find-queues"]').trigger('click');
      await flushPromises();
      expect(wrapper.find('[data-testid="printer-message"]').text()).toContain(found);
      await wrapper.find('form').trigger('submit');
      await flushPromises();
      expect(deskCalls.at(-1)).toMatchObject({ channel: 'printing/saveSettings', request: { printer: { target: { kind: 'system', queue: 'Caisse' } } } });
    }
  });

  it('names a system queue that does not exist, and the tickets the system still holds, in French and English', async () => {
    const overview = overviewOf('generic', { settings: { printer: { target: { kind: 'system', queue: 'Caisse' }, model: 'generic', codePage: 'cp858', paperWidth: 80 }, layouts: {} } });
    for (const [locale, missing, held] of [
      ['fr', "La file d'impression « Caisse » n'existe pas sur cet ordinateur", '2 tickets encore dans la file du système'],
      ['en', 'The printer queue “Caisse” does not exist on this computer', '2 tickets still in the system’s queue'],
    ] as const) {
      const { wrapper, store } = mountWith(PrinterStatusCard, locale);
      store.overview = overview;
      store.status = status('offline', 'systemQueueMissing');
      await flushPromises();
      expect(wrapper.find('[data-testid="printer-problem"]').text()).toContain(missing);
      store.status = { ...status('online'), systemJobs: 2 };
      await flushPromises();
      expect(wrapper.find('[data-testid="printer-system-jobs"]').text()).toBe(held);
    }
  });

  it("shows the printer's status and waiting tickets in the app bar's chip from main's light answer, without asking for the ticket preview", async () => {
    const waiting: PrintJobView = { id: 'job-1', kind: 'reprint', formattedNumber: 'E012', createdAt: '2026-11-23T09:00:00.000Z', state: 'waiting', attempts: 0, waitingFor: 'paperOut', finishedAt: null };
    deskReplies.set('printing/state', () => ({ ok: true, value: { status: status('paperOut'), queue: [waiting] } }));
    const { wrapper } = mountWith(PrinterStatusChip, 'fr');
    await flushPromises();
    const chip = wrapper.find('[data-testid="printer-status-chip"]');
    expect(chip.text()).toContain('Plus de papier');
    expect(chip.text()).toContain('1 ticket en attente');
    expect(chip.attributes('data-state')).toBe('paperOut');
    // The overview draws a ticket preview in main: the chip, on screen from the first start, never waits for it.
    expect(deskCalls.map((call) => call.channel)).toEqual(['printing/state']);
  });
});
