import type { UsbApi, UsbDeviceLike, UsbErrorLike, UsbInEndpointLike, UsbInterfaceLike, UsbOutEndpointLike } from '../../src-main/printing/transports/usb';

/** A libusb error as `usb@2` throws it: an Error with `errno`. */
export function libusbError(name: string, errno: number): UsbErrorLike & Error {
  return Object.assign(new Error(name), { errno });
}
export const LIBUSB_ERRORS = {
  ACCESS: () => libusbError('LIBUSB_ERROR_ACCESS', -3),
  NO_DEVICE: () => libusbError('LIBUSB_ERROR_NO_DEVICE', -4),
  BUSY: () => libusbError('LIBUSB_ERROR_BUSY', -6),
  NOT_SUPPORTED: () => libusbError('LIBUSB_ERROR_NOT_SUPPORTED', -12),
};

export interface UsbDoubleOptions {
  vendorId?: number;
  productId?: number;
  interfaceClass?: number;
  kernelDriverActive?: boolean;
  openError?: () => Error;
  claimError?: () => Error;
  detachError?: () => Error;
}

/**
 * A test double of a `usb@2` Device with one interface, a bulk OUT and a bulk IN
 * endpoint, behaving like an ESC/POS printer: job bytes are recorded, `DLE EOT n`
 * written to OUT queues the status byte the next IN transfer returns.
 */
export class UsbPrinterDouble implements UsbDeviceLike {
  readonly deviceDescriptor: UsbDeviceLike['deviceDescriptor'];
  readonly configDescriptor: { interfaces: { bInterfaceClass: number }[][] };
  interfaces: UsbInterfaceLike[] | undefined;
  received: number[] = [];
  paperOut = false;
  kernelDriverActive: boolean;
  detached = false;
  claimed = false;
  opened = false;
  unplugged = false;
  private answers: number[] = [];
  readonly calls: string[] = [];

  constructor(private readonly options: UsbDoubleOptions = {}) {
    this.deviceDescriptor = { idVendor: options.vendorId ?? 0x04b8, idProduct: options.productId ?? 0x0e28, iSerialNumber: 0 };
    const interfaceClass = options.interfaceClass ?? 7;
    this.configDescriptor = { interfaces: [[{ bInterfaceClass: interfaceClass }]] };
    this.kernelDriverActive = options.kernelDriverActive ?? true;
    this.interfaces = undefined;
    const out: UsbOutEndpointLike = {
      direction: 'out',
      transferType: 2,
      timeout: 0,
      transfer: (buffer, callback) => {
        setImmediate(() => {
          if (this.unplugged) return callback(LIBUSB_ERRORS.NO_DEVICE(), 0);
          this.take([...buffer]);
          callback(undefined, buffer.length);
        });
        return out;
      },
    };
    const input: UsbInEndpointLike = {
      direction: 'in',
      transferType: 2,
      timeout: 0,
      transfer: (_length, callback) => {
        setImmediate(() => {
          if (this.unplugged) return callback(LIBUSB_ERRORS.NO_DEVICE());
          callback(undefined, Buffer.from(this.answers.splice(0)));
        });
        return input;
      },
    };
    this.iface = {
      descriptor: { bInterfaceClass: interfaceClass },
      endpoints: [out, input],
      isKernelDriverActive: () => this.kernelDriverActive,
      detachKernelDriver: () => {
        this.calls.push('detachKernelDriver');
        if (options.detachError) throw options.detachError();
        this.kernelDriverActive = false;
        this.detached = true;
      },
      claim: () => {
        this.calls.push('claim');
        if (options.claimError) throw options.claimError();
        this.claimed = true;
      },
      release: (callback) => {
        this.calls.push('release');
        this.claimed = false;
        callback();
      },
    };
  }

  private readonly iface: UsbInterfaceLike;

  open(): void {
    this.calls.push('open');
    if (this.unplugged) throw LIBUSB_ERRORS.NO_DEVICE();
    if (this.options.openError) throw this.options.openError();
    this.opened = true;
    this.interfaces = [this.iface];
  }

  close(): void {
    this.calls.push('close');
    this.opened = false;
    this.interfaces = undefined;
  }

  getStringDescriptor(_index: number, callback: (error?: UsbErrorLike, value?: string) => void): void {
    callback(undefined, 'SERIAL');
  }

  private take(bytes: number[]): void {
    for (let i = 0; i < bytes.length; i += 1) {
      if (bytes[i] === 0x10 && bytes[i + 1] === 0x04) {
        const n = bytes[i + 2]!;
        let value = 0x12;
        if (n === 1 && this.paperOut) value |= 0x08;
        if (n === 2 && this.paperOut) value |= 0x20;
        if (n === 4 && this.paperOut) value |= 0x6c;
        this.answers.push(value);
        i += 2;
        continue;
      }
      this.received.push(bytes[i]!);
    }
  }
}

/** `usb`'s getDeviceList over a changeable set of doubles. */
export function usbApiOf(devices: UsbDeviceLike[]): () => Promise<UsbApi> {
  return async () => ({ getDeviceList: () => devices });
}
