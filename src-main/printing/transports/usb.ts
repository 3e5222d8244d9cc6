import { PrinterFault, readCondition, type PrinterCondition } from '../status';
import type { PrinterTransport } from './transport';

/**
 * The part of `usb@2`'s legacy (libusb) API a receipt printer needs, typed
 * structurally so tests can hand in a double of the device, interface and endpoints.
 */
export interface UsbEndpointLike {
  direction: 'in' | 'out';
  transferType: number;
  timeout: number;
}
export interface UsbOutEndpointLike extends UsbEndpointLike {
  transfer(buffer: Buffer, callback: (error: UsbErrorLike | undefined, actual: number) => void): unknown;
}
export interface UsbInEndpointLike extends UsbEndpointLike {
  transfer(length: number, callback: (error: UsbErrorLike | undefined, data?: Buffer) => void): unknown;
}
export interface UsbInterfaceLike {
  descriptor: { bInterfaceClass: number };
  endpoints: UsbEndpointLike[];
  isKernelDriverActive(): boolean;
  detachKernelDriver(): void;
  claim(): void;
  release(callback: (error?: UsbErrorLike) => void): void;
}
export interface UsbDeviceLike {
  deviceDescriptor: { idVendor: number; idProduct: number; iSerialNumber: number };
  configDescriptor?: { interfaces: { bInterfaceClass: number }[][] } | undefined;
  interfaces?: UsbInterfaceLike[] | undefined;
  open(defaultConfig?: boolean): void;
  close(): void;
  getStringDescriptor(index: number, callback: (error?: UsbErrorLike, value?: string) => void): void;
}
export interface UsbErrorLike {
  errno?: number;
  message: string;
}
export interface UsbApi {
  getDeviceList(): UsbDeviceLike[];
}

const USB_PRINTER_CLASS = 7;
const TRANSFER_BULK = 2;
/** libusb error numbers (libusb.h). */
const LIBUSB = { ACCESS: -3, NO_DEVICE: -4, NOT_FOUND: -5, BUSY: -6, TIMEOUT: -7, NOT_SUPPORTED: -12 } as const;

/**
 * Vendors whose ESC/POS printers use a vendor-specific interface instead of the
 * printer class; the same list as build/udev/60-desk-console-printers.rules.
 */
export const ESC_POS_VENDORS = [0x04b8, 0x0519, 0x1d90, 0x2730, 0x1504, 0x0dd4, 0x0416, 0x0483, 0x1fc9, 0x28e9];

export function isLikelyPrinter(device: UsbDeviceLike): boolean {
  const classes = device.configDescriptor?.interfaces.flat().map((alt) => alt.bInterfaceClass) ?? [];
  return classes.includes(USB_PRINTER_CLASS) || ESC_POS_VENDORS.includes(device.deviceDescriptor.idVendor);
}

export interface UsbTarget {
  vendorId: number;
  productId: number;
  serialNumber: string | null;
}

export function usbId(target: Pick<UsbTarget, 'vendorId' | 'productId'>): string {
  const hex = (value: number) => value.toString(16).padStart(4, '0');
  return `${hex(target.vendorId)}:${hex(target.productId)}`;
}

/** Turns a libusb failure into the technician's problem and fix (see the renderer's texts). */
export function usbFault(error: unknown, step: string, platform: NodeJS.Platform = process.platform): PrinterFault {
  const errno = (error as UsbErrorLike | undefined)?.errno;
  const name = error instanceof Error ? error.message : String(error);
  const detail = `${step}: ${name}`;
  switch (errno) {
    case LIBUSB.ACCESS:
      return new PrinterFault('usbAccess', detail);
    case LIBUSB.BUSY:
      return new PrinterFault('usbBusy', detail);
    case LIBUSB.NOT_SUPPORTED:
      return new PrinterFault(platform === 'win32' ? 'usbWinUsb' : 'usbUnavailable', detail);
    case LIBUSB.NO_DEVICE:
    case LIBUSB.NOT_FOUND:
      return new PrinterFault('usbNotFound', detail);
    default:
      return new PrinterFault('writeFailed', detail);
  }
}

interface Claimed {
  device: UsbDeviceLike;
  iface: UsbInterfaceLike;
  out: UsbOutEndpointLike;
  in: UsbInEndpointLike | null;
}

/**
 * A USB printer through libusb: found by VID:PID (and serial), kernel driver detached
 * on Linux (usblp would otherwise own the interface), interface claimed, bulk OUT for
 * the job and `DLE EOT` answers read over bulk IN.
 */
export class UsbTransport implements PrinterTransport {
  private claimed: Claimed | null = null;

  constructor(
    private readonly api: () => Promise<UsbApi>,
    private readonly target: UsbTarget,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  get description(): string {
    return `usb://${usbId(this.target)}`;
  }

  async open(): Promise<void> {
    if (this.claimed) return;
    const api = await this.api();
    const device = await this.find(api);
    try {
      device.open();
    } catch (error) {
      throw usbFault(error, 'open', this.platform);
    }
    try {
      this.claimed = this.claim(device);
    } catch (error) {
      safely(() => device.close());
      throw error instanceof PrinterFault ? error : usbFault(error, 'claim', this.platform);
    }
  }

  async write(bytes: Uint8Array): Promise<void> {
    await this.open();
    const { out } = this.claimed!;
    try {
      await new Promise<void>((resolve, reject) => {
        out.transfer(Buffer.from(bytes), (error) => (error ? reject(error as unknown as Error) : resolve()));
      });
    } catch (error) {
      await this.drop();
      throw usbFault(error, 'bulk OUT', this.platform);
    }
  }

  async status(): Promise<PrinterCondition> {
    await this.open();
    const claimed = this.claimed!;
    const input = claimed.in;
    if (!input) return { state: 'online', paperNearEnd: false };
    try {
      return await readCondition(async (query) => {
        await new Promise<void>((resolve, reject) => {
          claimed.out.transfer(Buffer.from(query), (error) => (error ? reject(error as unknown as Error) : resolve()));
        });
        const data = await new Promise<Buffer | undefined>((resolve, reject) => {
          input.transfer(64, (error, answer) => (error ? reject(error as unknown as Error) : resolve(answer)));
        });
        if (!data || data.length === 0) throw new PrinterFault('noAnswer', 'empty status answer');
        return data[data.length - 1]!;
      });
    } catch (error) {
      await this.drop();
      throw error instanceof PrinterFault ? error : usbFault(error, 'status', this.platform);
    }
  }

  async close(): Promise<void> {
    await this.drop();
  }

  private async find(api: UsbApi): Promise<UsbDeviceLike> {
    const candidates = api
      .getDeviceList()
      .filter((device) => device.deviceDescriptor.idVendor === this.target.vendorId && device.deviceDescriptor.idProduct === this.target.productId);
    if (candidates.length === 0) throw new PrinterFault('usbNotFound', `${usbId(this.target)} is not plugged in`);
    const wanted = this.target.serialNumber;
    if (wanted === null || candidates.length === 1) return candidates[0]!;
    for (const device of candidates) {
      if ((await serialOf(device)) === wanted) return device;
    }
    throw new PrinterFault('usbNotFound', `${usbId(this.target)} with the configured serial number is not plugged in`);
  }

  private claim(device: UsbDeviceLike): Claimed {
    const interfaces = device.interfaces ?? [];
    const usable = interfaces.filter((iface) => bulk(iface, 'out'));
    const iface = usable.find((candidate) => candidate.descriptor.bInterfaceClass === USB_PRINTER_CLASS) ?? usable[0];
    if (!iface) throw new PrinterFault('usbUnavailable', `${usbId(this.target)} has no bulk OUT endpoint`);
    if (this.platform === 'linux') {
      try {
        if (iface.isKernelDriverActive()) iface.detachKernelDriver();
      } catch (error) {
        throw usbFault(error, 'detach kernel driver', this.platform);
      }
    }
    try {
      iface.claim();
    } catch (error) {
      throw usbFault(error, 'claim interface', this.platform);
    }
    const out = bulk(iface, 'out') as UsbOutEndpointLike;
    const input = (bulk(iface, 'in') as UsbInEndpointLike | undefined) ?? null;
    out.timeout = 10_000;
    if (input) input.timeout = 1_500;
    return { device, iface, out, in: input };
  }

  private async drop(): Promise<void> {
    const claimed = this.claimed;
    this.claimed = null;
    if (!claimed) return;
    await new Promise<void>((resolve) => {
      try {
        claimed.iface.release(() => resolve());
      } catch {
        resolve();
      }
    });
    safely(() => claimed.device.close());
  }
}

function bulk(iface: UsbInterfaceLike, direction: 'in' | 'out'): UsbEndpointLike | undefined {
  return iface.endpoints.find((endpoint) => endpoint.direction === direction && endpoint.transferType === TRANSFER_BULK);
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Closing a device that is already gone (unplugged) has nothing left to do.
  }
}

async function serialOf(device: UsbDeviceLike): Promise<string | null> {
  const index = device.deviceDescriptor.iSerialNumber;
  if (!index) return null;
  try {
    device.open();
  } catch {
    return null;
  }
  try {
    return await new Promise<string | null>((resolve) => device.getStringDescriptor(index, (error, value) => resolve(error ? null : (value ?? null))));
  } finally {
    safely(() => device.close());
  }
}

/**
 * Loads `usb` on first use: a desk without a USB printer never loads the native
 * module, and a module that cannot load is a technician's message, not a crash.
 */
export function loadUsb(): () => Promise<UsbApi> {
  let loaded: Promise<UsbApi> | null = null;
  return () => {
    loaded ??= import('usb').then(
      (module) => ({ getDeviceList: () => module.getDeviceList() as unknown as UsbDeviceLike[] }),
      (error: unknown) => {
        loaded = null;
        throw new PrinterFault('usbUnavailable', `USB support could not load (${error instanceof Error ? error.message : 'unknown'})`);
      },
    );
    return loaded;
  };
}
