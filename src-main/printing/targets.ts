import { isDeskError } from '../../src-shared/errors';
import type { PrinterSettings, PrinterTarget } from '../../src-shared/ipc/features/printing.contract';
import type { PlatformHttp } from '../platform/tickets/http';
import { printTicket } from '../platform/tickets/print';
import type { PendingJob } from './queue';
import { PrinterFault, type PrinterCondition } from './status';
import { DeviceFileTransport } from './transports/device-file';
import { SystemQueueTransport } from './transports/system-queue';
import { CupsSpooler } from './transports/system/cups';
import type { SystemSpooler } from './transports/system/spooler';
import { WindowsSpooler } from './transports/system/windows';
import { TcpTransport } from './transports/tcp';
import type { PrinterTransport } from './transports/transport';
import { UsbTransport, type UsbApi } from './transports/usb';

/** Where the print queue sends a job: the bytes to a printer, a preview, or a kiosk through the platform. */
export interface PrintTarget {
  readonly kind: PrinterTarget['kind'];
  /** Finished jobs of this target are `preview`, not `printed`. */
  readonly preview: boolean;
  /**
   * A job this target took is never sent again, whatever the status says next: the
   * operating system's queue keeps it on disk and prints it once its printer is back.
   */
  readonly keepsTakenJobs?: boolean;
  status(): Promise<PrinterCondition>;
  send(job: PendingJob): Promise<void>;
  close(): Promise<void>;
}

const ONLINE: PrinterCondition = { state: 'online', paperNearEnd: false };

/** A printer reached over a byte transport: the job's ESC/POS bytes, as encoded when it was queued. */
export function byteTarget(kind: PrinterTarget['kind'], transport: PrinterTransport): PrintTarget {
  return {
    kind,
    preview: false,
    keepsTakenJobs: kind === 'system',
    status: () => transport.status(),
    send: (job) => transport.write(Buffer.from(job.bytes, 'base64')),
    close: () => transport.close(),
  };
}

/**
 * Training and demonstrations: no paper, the ticket becomes a picture. `onPreview`
 * receives the job (the feature draws it and tells the renderer); the bytes are kept
 * so the preview transport is exercised exactly like a printer.
 */
export function previewTarget(onPreview: (job: PendingJob) => void): PrintTarget {
  return {
    kind: 'preview',
    preview: true,
    status: async () => ONLINE,
    send: async (job) => onPreview(job),
    close: async () => undefined,
  };
}

/** After a failed kiosk print, the platform target reports that failure this long before trying again. */
export const PLATFORM_RETRY_MS = 30_000;

/**
 * A kiosk printer of the office place, through the platform's `printTicket`. The platform
 * reports no paper state, so the target is "ready" unless its last print failed recently:
 * that failure is its status until the next try, so the app bar does not flicker.
 */
export function platformTarget(
  http: PlatformHttp,
  kioskDeskId: number | null,
  establishmentName: (officePlaceId: number) => string,
  now: () => number = Date.now,
): PrintTarget {
  let failure: { fault: PrinterFault; at: number } | null = null;
  const remember = (fault: PrinterFault): PrinterFault => {
    failure = { fault, at: now() };
    return fault;
  };
  return {
    kind: 'platform',
    preview: false,
    async status() {
      if (failure && now() - failure.at < PLATFORM_RETRY_MS) throw failure.fault;
      return ONLINE;
    },
    async send(job) {
      if (job.officePlaceId === null) throw remember(new PrinterFault('platformNoKiosk', 'the ticket has no office place'));
      let answer;
      try {
        answer = await printTicket(http, {
          officePlaceId: job.officePlaceId,
          kioskDeskId,
          data: { ...job.facts, establishmentName: establishmentName(job.officePlaceId), duplicate: job.kind === 'reprint' },
        });
      } catch (error) {
        throw remember(new PrinterFault('platformUnreachable', isDeskError(error) ? error.code : 'printTicket failed'));
      }
      if (!answer.printed) throw remember(new PrinterFault('platformNoKiosk', `no kiosk printer for office place ${job.officePlaceId}`));
      failure = null;
    },
    close: async () => undefined,
  };
}

export interface TargetDeps {
  usb: () => Promise<UsbApi>;
  platform: PlatformHttp;
  onPreview: (job: PendingJob) => void;
  establishmentName: (officePlaceId: number) => string;
  /** The operating system's print spooler (tests hand a CUPS of their own). */
  systemSpooler?: SystemSpooler;
}

/** CUPS on Linux and macOS, the print spooler on Windows. */
export function platformSpooler(platform: NodeJS.Platform = process.platform): SystemSpooler {
  return platform === 'win32' ? new WindowsSpooler() : new CupsSpooler();
}

export function createTarget(settings: PrinterSettings, deps: TargetDeps): PrintTarget | null {
  const target = settings.target;
  if (!target) return null;
  switch (target.kind) {
    case 'usb':
      return byteTarget('usb', new UsbTransport(deps.usb, target));
    case 'network':
      return byteTarget('network', new TcpTransport({ host: target.host, port: target.port }));
    case 'device':
      return byteTarget('device', new DeviceFileTransport(target.path));
    case 'preview':
      return previewTarget(deps.onPreview);
    case 'platform':
      return platformTarget(deps.platform, target.kioskDeskId, deps.establishmentName);
    case 'system':
      return byteTarget('system', new SystemQueueTransport(deps.systemSpooler ?? platformSpooler(), target.queue));
  }
}
