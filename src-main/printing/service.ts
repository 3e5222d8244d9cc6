import { randomUUID } from 'node:crypto';
import { DeskError, isDeskError } from '../../src-shared/errors';
import { linkedAppointments } from '../../src-shared/checkin/journey';
import { localDay } from '../../src-shared/day';
import type {
  DetectedPrinter,
  LeftOut,
  PrintOutcome,
  PrinterSettings,
  PrintingOverview,
  TestPrintOutcome,
} from '../../src-shared/ipc/features/printing.contract';
import type { TicketFacts, TicketLayout, TicketLayoutSettings } from '../../src-shared/printing/layout';
import type { IssuedTicket, TicketPrinter } from '../features';
import { logger } from '../log';
import { unprintableChars } from './charset';
import { encodeForPrinter, leftOutOf } from './encode';
import { buildTicketLayout, withTestLines } from './layout';
import { columnsFor, findModel, PRINTER_MODELS } from './models';
import type { NewJob, PendingJob } from './queue';
import type { PrintingSettingsStore } from './settings';
import type { PrintSpooler } from './spooler';
import { renderTicketSvg } from './svg';
import type { PrintTarget } from './targets';
import { factsOf, verifyForReprint, type TicketSources, type VerifiedTicket } from './tickets';
import type { SystemSpooler } from './transports/system/spooler';
import { isLikelyPrinter, usbId, type UsbApi } from './transports/usb';

const log = logger('printing');

export interface PrintingServiceDeps {
  settings: PrintingSettingsStore;
  spooler: PrintSpooler;
  sources: TicketSources;
  makeTarget: (settings: PrinterSettings) => PrintTarget | null;
  usb: () => Promise<UsbApi>;
  /** The operating system's printer queues, offered beside USB printers. */
  systemSpooler: SystemSpooler;
  clock?: () => Date;
  /** Time zone of printed dates (tests pin it). */
  timeZone?: string;
  /**
   * The estimated wait for an appointment's exam type now, rounded as shown (statistics feature);
   * null when there is too little to say. Asked only when the office place's tickets print it.
   */
  waitEstimate?: (contractAppointmentId: string) => Promise<number | null>;
}

/** A ticket is not held back for its estimate longer than this: without it, it prints with no wait line. */
export const WAIT_ESTIMATE_TIMEOUT_MS = 1_500;

/** The desk printer: ticket layout and bytes, the durable queue, reprint re-verification, the technician's settings. */
export class PrintingService implements TicketPrinter {
  private readonly clock: () => Date;

  constructor(private readonly deps: PrintingServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async reprint(request: { contractAppointmentId: string; requestId?: string }): Promise<PrintOutcome> {
    const { spooler } = this.deps;
    this.requirePrinter();
    const key = `reprint:${request.requestId ?? randomUUID()}`;
    const existing = spooler.outcomeIfKnown(key);
    if (existing) return existing;
    const verified = await verifyForReprint(this.deps.sources, request.contractAppointmentId);
    const [facts] = await Promise.all([this.withWait(verified.facts, request.contractAppointmentId, verified.officePlaceId), this.remember(request.contractAppointmentId, verified)]);
    // A second click while the first reprint still waits for paper is the same ticket (the queue answers it).
    return spooler.submit(this.job('reprint', key, request.contractAppointmentId, verified.officePlaceId, facts).job);
  }

  /**
   * A ticket reprinted here is one of the desk's own: the journal keeps it for a board without
   * the platform's day list. The board re-verifies its status; failing to write never stops the print.
   */
  private async remember(contractAppointmentId: string, verified: VerifiedTicket): Promise<void> {
    if (verified.officePlaceId === null) return;
    const { formattedNumber, officePlaceId, facts } = verified;
    try {
      await this.deps.sources.journal.recordTicket({ contractAppointmentId, formattedNumber, officePlaceId, patientDisplayName: null, examLabel: facts.examLabel, status: 'checkedIn' });
    } catch (error) {
      log.warn('desk journal not written', { code: isDeskError(error) ? error.code : 'INTERNAL' });
    }
  }

  async printIssuedTicket(ticket: IssuedTicket): Promise<PrintOutcome> {
    this.requirePrinter();
    const key = `issued:${ticket.requestUid}`;
    const existing = this.deps.spooler.outcomeIfKnown(key);
    if (existing) return existing;
    const [facts, waitMinutes] = await Promise.all([this.issuedFacts(ticket), this.waitFor(ticket.contractAppointmentId, ticket.officePlaceId)]);
    return this.deps.spooler.submit(this.job('issued', key, ticket.contractAppointmentId, ticket.officePlaceId, { ...facts, waitMinutes }).job);
  }

  /** A ticket with the letters French labels need, ending with the model's column ruler and what it leaves out. */
  async testPrint(): Promise<TestPrintOutcome> {
    this.requirePrinter();
    const now = this.clock();
    const facts = { formattedNumber: 'T000', examLabel: 'Test : é è à ç ù € ô œ « »', practitionerLabel: null, roomLabel: null, day: localDay(now) };
    const { job, leftOut } = this.job('test', `test:${randomUUID()}`, null, this.deps.sources.officePlaceId(), facts);
    return { ...(await this.deps.spooler.submit(job)), columns: job.layout.columns, leftOut };
  }

  async cancel(jobId: string) {
    const cancelled = await this.deps.spooler.cancel(jobId);
    if (!cancelled) throw new DeskError('PRINT_JOB_NOT_CANCELLABLE', 'This print job is being printed or is already finished.');
    return this.deps.spooler.views();
  }

  overview(): PrintingOverview {
    const officePlaceId = this.deps.sources.officePlaceId();
    const layout = this.layout(this.sampleFacts(), officePlaceId, false);
    const { model, codePage } = this.deps.settings.printer;
    const leftOut = leftOutOf(layout, model);
    const texts = this.deps.settings.layoutFor(officePlaceId);
    return {
      settings: this.deps.settings.current,
      models: [...PRINTER_MODELS],
      status: this.deps.spooler.status,
      queue: this.deps.spooler.views(),
      officePlaceId,
      previewSvg: renderTicketSvg(layout, leftOut),
      layout,
      ticketTexts: texts,
      leftOut,
      unprintable: unprintableChars([texts.establishmentName, texts.footer], codePage).slice(0, 64),
    };
  }

  async saveSettings(printer: PrinterSettings, layout?: TicketLayoutSettings): Promise<PrintingOverview> {
    const model = findModel(printer.model);
    if (!model) throw new DeskError('BAD_REQUEST', 'Unknown printer model.');
    if (!model.codePages.includes(printer.codePage)) throw new DeskError('BAD_REQUEST', 'This printer model has no such code page.');
    const officePlaceId = this.deps.sources.officePlaceId();
    await this.deps.settings.save(printer, layout && officePlaceId !== null ? { officePlaceId, settings: layout } : undefined);
    await this.deps.spooler.setTarget(this.deps.makeTarget(printer));
    return this.overview();
  }

  /** USB printers plugged in (printer class or a known ESC/POS vendor), the system's printer queues and the configured network printer. */
  async detect(): Promise<DetectedPrinter[]> {
    const found: DetectedPrinter[] = [];
    try {
      const api = await this.deps.usb();
      for (const device of api.getDeviceList().filter(isLikelyPrinter)) {
        const { idVendor: vendorId, idProduct: productId } = device.deviceDescriptor;
        found.push({ target: { kind: 'usb', vendorId, productId, serialNumber: null }, label: `USB ${usbId({ vendorId, productId })}` });
      }
    } catch {
      // No USB support on this machine: the page still lists the network printer.
    }
    try {
      for (const queue of await this.deps.systemSpooler.list()) found.push({ target: { kind: 'system', queue }, label: queue });
    } catch {
      // No print system here (CUPS not installed or not running): USB and network printers still show.
    }
    const target = this.deps.settings.printer.target;
    if (target?.kind === 'network') found.push({ target, label: `${target.host}:${target.port}` });
    return found;
  }

  /** The target of the saved printer settings. */
  makeTarget(): PrintTarget | null {
    return this.deps.makeTarget(this.deps.settings.printer);
  }

  /** Renders a finished preview job as the picture the renderer shows. */
  previewOf(job: PendingJob): string {
    return renderTicketSvg(job.layout, leftOutOf(job.layout, this.deps.settings.printer.model));
  }

  private async withWait<T extends Omit<TicketFacts, 'printedAt'>>(facts: T, contractAppointmentId: string, officePlaceId: number | null): Promise<T> {
    return { ...facts, waitMinutes: await this.waitFor(contractAppointmentId, officePlaceId) };
  }

  /** The estimate to print, or null: option off, no figure, or statistics too slow or failing (the ticket matters more). */
  private async waitFor(contractAppointmentId: string, officePlaceId: number | null): Promise<number | null> {
    const source = this.deps.waitEstimate;
    if (!source || !this.deps.settings.layoutFor(officePlaceId).showWaitEstimate) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_ESTIMATE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([source(contractAppointmentId), late]);
    } catch (error) {
      log.warn('wait estimate not printed', { code: isDeskError(error) ? error.code : 'INTERNAL' });
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private requirePrinter(): void {
    if (!this.deps.settings.printer.target) throw new DeskError('PRINTER_UNAVAILABLE', 'No desk printer is configured.');
  }

  private job(
    kind: NewJob['kind'],
    key: string,
    contractAppointmentId: string | null,
    officePlaceId: number | null,
    facts: Omit<TicketFacts, 'printedAt'>,
  ): { job: NewJob; leftOut: LeftOut[] } {
    const full: TicketFacts = { ...facts, printedAt: this.clock().toISOString() };
    const { model, codePage } = this.deps.settings.printer;
    const ticket = this.layout(full, officePlaceId, kind === 'reprint');
    const layout = kind === 'test' ? withTestLines(ticket, leftOutOf(ticket, model)) : ticket;
    const { bytes, leftOut } = encodeForPrinter(layout, { model, codePage });
    const job = { key, kind, formattedNumber: facts.formattedNumber, contractAppointmentId, officePlaceId, facts: full, layout, bytes: Buffer.from(bytes).toString('base64') };
    return { job, leftOut };
  }

  private layout(facts: TicketFacts, officePlaceId: number | null, reprint: boolean): TicketLayout {
    const { model, paperWidth, codePage } = this.deps.settings.printer;
    return buildTicketLayout({
      facts,
      settings: this.deps.settings.layoutFor(officePlaceId),
      paperWidth,
      columns: columnsFor(model, paperWidth),
      codePage,
      reprint,
      timeZone: this.deps.timeZone,
    });
  }

  private sampleFacts(): TicketFacts {
    const now = this.clock();
    return { formattedNumber: 'A042', examLabel: 'Fibroscopie œso-gastro-duodénale', practitionerLabel: 'Dr Hélène Côté', roomLabel: 'Salle 2', appointmentAt: new Date(now.getTime() + 20 * 60_000).toISOString(), printedAt: now.toISOString(), day: localDay(now), waitMinutes: 15 };
  }

  /** Check-in hands the number; the exam and room come from the publisher when it answers (best effort). */
  private async issuedFacts(ticket: IssuedTicket): Promise<Omit<TicketFacts, 'printedAt'>> {
    if (ticket.appointment) return factsOf(ticket.appointment, ticket.formattedNumber, ticket.linked);
    try {
      const pair = await this.deps.sources.publisher.getAppointmentById(ticket.contractAppointmentId);
      return factsOf(pair.appointment, ticket.formattedNumber, linkedAppointments(pair));
    } catch {
      const day = localDay(this.clock());
      return { formattedNumber: ticket.formattedNumber, examLabel: null, practitionerLabel: null, roomLabel: null, day };
    }
  }
}
