import type { ConnectionProfile } from '../../src-shared/profile';
import type { DeskEvents } from '../events/bus';
import type { DeskJournalPort, PrintingFeature, TrainingPort } from '../features';
import type { PlatformBoardClient } from '../platform/tickets/board';
import type { PlatformHttp } from '../platform/tickets/http';
import type { PublisherClient } from '../publisher/client';
import type { StaffSessionService } from '../staff/session';
import { PrintQueue } from './queue';
import { PrintingService, type PrintingServiceDeps } from './service';
import { PrintingSettingsStore } from './settings';
import { PrintSpooler } from './spooler';
import { createTarget, platformSpooler } from './targets';
import type { SystemSpooler } from './transports/system/spooler';
import { loadUsb, type UsbApi } from './transports/usb';

export interface PrintingFeatureOptions {
  /** The `usb` module or a test double of it. */
  usb?: () => Promise<UsbApi>;
  /** The operating system's print spooler, or a test's own CUPS. */
  systemSpooler?: SystemSpooler;
  pollMs?: number;
  timeZone?: string;
}

export interface PrintingDeps {
  dataDir: string;
  events: DeskEvents;
  profile: Pick<ConnectionProfile, 'training' | 'name' | 'officePlaceId'>;
  training: TrainingPort | null;
  publisher: Pick<PublisherClient, 'getAppointmentById'>;
  /** Kiosk prints (printTicket). */
  platform: PlatformHttp;
  /** The day list a reprint's number is checked against. */
  board: Pick<PlatformBoardClient, 'listForDay'>;
  /** The desk's own tickets: a reprint is checked against them without a day list, and kept in them. */
  journal: Pick<DeskJournalPort, 'ticketFor' | 'recordTicket'>;
  staff: Pick<StaffSessionService, 'workplace'>;
  /** The estimated wait a ticket may print (statistics feature). */
  waitEstimate?: PrintingServiceDeps['waitEstimate'];
}

/** Composes the printing feature's services behind its IPC channels. */
export async function createPrintingFeature(deps: PrintingDeps, options: PrintingFeatureOptions = {}): Promise<PrintingFeature> {
  const { events, profile, training, staff } = deps;
  const usb = options.usb ?? loadUsb();
  const systemSpooler = options.systemSpooler ?? platformSpooler();
  const places = new Map((training?.officePlaces ?? []).map((place) => [place.platformId, { name: place.name, visibleId: place.visibleId }]));
  const settings = await PrintingSettingsStore.open(deps.dataDir, { training: profile.training, places, fallbackName: profile.name });
  const queue = await PrintQueue.open(deps.dataDir);
  const spooler = new PrintSpooler(queue, {
    pollMs: options.pollMs,
    onStatus: (status) => events.emit('printing/statusChanged', status),
    onQueue: (jobs) => events.emit('printing/queueChanged', jobs),
  });
  const officePlaceId = () => staff.workplace()?.officePlaceId ?? profile.officePlaceId;
  const service: PrintingService = new PrintingService({
    settings,
    spooler,
    sources: { publisher: deps.publisher, dayList: deps.board, officePlaceId, journal: deps.journal },
    makeTarget: (printer) =>
      createTarget(printer, {
        usb,
        systemSpooler,
        platform: deps.platform,
        establishmentName: (id) => settings.layoutFor(id).establishmentName,
        onPreview: (job) => events.emit('printing/previewPrinted', { jobId: job.id, formattedNumber: job.formattedNumber, svg: service.previewOf(job) }),
      }),
    usb,
    systemSpooler,
    timeZone: options.timeZone,
    waitEstimate: deps.waitEstimate,
  });
  // Jobs left by the previous run are tried on the configured printer right away.
  await spooler.setTarget(service.makeTarget());
  spooler.start();
  return {
    printer: service,
    overview: () => service.overview(),
    handlers: {
      // Staff only (src-shared/ipc/access.ts): reprints belong to the board, not to the technician page.
      'printing/reprint': (request) => service.reprint(request),
      'printing/overview': () => service.overview(),
      'printing/state': () => ({ status: spooler.status, queue: spooler.views() }),
      'printing/saveSettings': (request) => service.saveSettings(request.printer, request.layout),
      'printing/detect': () => service.detect(),
      'printing/testPrint': () => service.testPrint(),
      'printing/cancelJob': (request) => service.cancel(request.jobId),
      'printing/checkStatus': () => spooler.checkStatus(),
    },
    close: () => spooler.stop(),
  };
}
