import type { DeskContext, PrintingFeature } from '../features';
import { PlatformHttp } from '../platform/tickets/http';
import { PrintQueue } from './queue';
import { PrintingService } from './service';
import { PrintingSettingsStore } from './settings';
import { PrintSpooler } from './spooler';
import { createTarget } from './targets';
import { loadUsb, type UsbApi } from './transports/usb';

export interface PrintingFeatureOptions {
  /** The `usb` module or a test double of it. */
  usb?: () => Promise<UsbApi>;
  pollMs?: number;
  timeZone?: string;
}

/** Composes the printing feature's services behind its IPC channels. */
export async function createPrintingFeature(context: DeskContext, options: PrintingFeatureOptions = {}): Promise<PrintingFeature> {
  const { events, profile, sandbox } = context;
  const usb = options.usb ?? loadUsb();
  let platform: PlatformHttp | null = null;
  const platformHttp = () =>
    (platform ??= new PlatformHttp({ platformUrl: profile.platformUrl, licenceUuid: profile.licenceUuid, accountKey: context.accountKey }));
  const places = new Map((sandbox?.world.publisher.officePlaces ?? []).map((place) => [place.platformId, { name: place.name, visibleId: place.visibleId }]));
  const settings = await PrintingSettingsStore.open(context.dataDir, { training: profile.training, places, fallbackName: profile.name });
  const queue = await PrintQueue.open(context.dataDir);
  const spooler = new PrintSpooler(queue, {
    pollMs: options.pollMs,
    onStatus: (status) => events.emit('printing/statusChanged', status),
    onQueue: (jobs) => events.emit('printing/queueChanged', jobs),
  });
  const officePlaceId = () => context.staff.workplace()?.officePlaceId ?? profile.officePlaceId;
  const service: PrintingService = new PrintingService({
    settings,
    spooler,
    sources: { publisher: context.publisher, platform: platformHttp, officePlaceId },
    makeTarget: (printer) =>
      createTarget(printer, {
        usb,
        platform: platformHttp,
        establishmentName: (id) => settings.layoutFor(id).establishmentName,
        onPreview: (job) => events.emit('printing/previewPrinted', { jobId: job.id, formattedNumber: job.formattedNumber, svg: service.previewOf(job) }),
      }),
    usb,
    timeZone: options.timeZone,
  });
  // Jobs left by the previous run are tried on the configured printer right away.
  await spooler.setTarget(service.makeTarget());
  spooler.start();
  return {
    printer: service,
    handlers: {
      'printing/reprint': (request) => {
        // Only signed-in reception staff reprint (the board is theirs); the technician page does not.
        context.staff.requireSession();
        return service.reprint(request);
      },
      'printing/overview': () => service.overview(),
      'printing/saveSettings': (request) => service.saveSettings(request.printer, request.layout),
      'printing/detect': () => service.detect(),
      'printing/testPrint': () => service.testPrint(),
      'printing/cancelJob': (request) => service.cancel(request.jobId),
      'printing/checkStatus': () => spooler.checkStatus(),
    },
    close: () => spooler.stop(),
  };
}
