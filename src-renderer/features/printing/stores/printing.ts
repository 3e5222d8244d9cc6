import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  PreviewPrinted,
  PrintJobView,
  PrinterStatus,
  PrintingOverview,
  PrintingSettings,
} from '../../../../src-shared/ipc/features/printing.contract';
import type { TicketLayoutSettings } from '../../../../src-shared/printing/layout';
import { desk, unwrap } from '../../../bridge/desk';
import { useTechnicianStore } from '../../../stores/technician';

/** The desk printer as the renderer sees it: status and queue kept live by main's events. */
export const usePrintingStore = defineStore('printing', () => {
  const overview = ref<PrintingOverview | null>(null);
  const status = ref<PrinterStatus | null>(null);
  const queue = ref<PrintJobView[]>([]);
  /** The last ticket printed to the preview (training), shown in a dialog wherever the desk is. */
  const lastPreview = ref<PreviewPrinted | null>(null);
  let listening = false;
  // Printer target, tests, detection and cancelling need technician mode: a refusal opens its dialog.
  const technician = useTechnicianStore();

  function listen(): void {
    if (listening) return;
    listening = true;
    desk.on.printing.statusChanged((next) => {
      status.value = next;
    });
    desk.on.printing.queueChanged((jobs) => {
      queue.value = jobs;
    });
    desk.on.printing.previewPrinted((preview) => {
      lastPreview.value = preview;
    });
  }

  function applyState(next: Pick<PrintingOverview, 'status' | 'queue'>): void {
    status.value = next.status;
    queue.value = next.queue;
  }

  function apply(next: PrintingOverview): PrintingOverview {
    overview.value = next;
    applyState(next);
    return next;
  }

  async function load(): Promise<PrintingOverview> {
    listen();
    return apply(await unwrap(desk.printing.overview()));
  }

  /** Status and queue only, for the app bar's chip: main need not draw the ticket preview for it. */
  async function loadState(): Promise<void> {
    listen();
    applyState(await unwrap(desk.printing.state()));
  }

  async function save(settings: PrintingSettings['printer'], layout?: TicketLayoutSettings): Promise<PrintingOverview> {
    return apply(await technician.guard(() => unwrap(desk.printing.saveSettings({ printer: settings, layout }))));
  }

  async function checkStatus(): Promise<void> {
    status.value = await unwrap(desk.printing.checkStatus());
  }

  async function cancel(jobId: string): Promise<void> {
    queue.value = await technician.guard(() => unwrap(desk.printing.cancelJob({ jobId })));
  }

  /** Printers this computer can see, for the technician to pick one. */
  const detect = () => technician.guard(() => unwrap(desk.printing.detect()));
  const testPrint = () => technician.guard(() => unwrap(desk.printing.testPrint()));

  return { overview, status, queue, lastPreview, listen, load, loadState, save, checkStatus, cancel, detect, testPrint };
});

/** An SVG document as an image source (the CSP allows data: images, never inline markup). */
export function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
