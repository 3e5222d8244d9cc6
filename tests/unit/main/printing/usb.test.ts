import { describe, expect, it } from 'vitest';
import { PrintQueue } from '../../../../src-main/printing/queue';
import { PrintSpooler } from '../../../../src-main/printing/spooler';
import { byteTarget } from '../../../../src-main/printing/targets';
import { isLikelyPrinter, UsbTransport } from '../../../../src-main/printing/transports/usb';
import { readEscPos, visibleText } from '../../../helpers/escpos-reader';
import { LIBUSB_ERRORS, UsbPrinterDouble, usbApiOf } from '../../../helpers/usb-double';
import { tempDir, ticketJob } from './support';

const EPSON = { vendorId: 0x04b8, productId: 0x0e28, serialNumber: null };

function transport(device: UsbPrinterDouble, platform: NodeJS.Platform = 'linux') {
  return new UsbTransport(usbApiOf([device]), EPSON, platform);
}

describe('USB printer transport (usb@2 double)', () => {
  it('detaches the kernel driver on Linux, claims the interface, sends the job over bulk OUT', async () => {
    const device = new UsbPrinterDouble();
    const usb = transport(device);
    await usb.write(Buffer.from(ticketJob('B001').bytes, 'base64'));
    expect(device.calls.slice(0, 3)).toEqual(['open', 'detachKernelDriver', 'claim']);
    const read = readEscPos(Uint8Array.from(device.received));
    expect(read.lines.find((line) => line.size === 2)?.text.trim()).toBe('B001');
    expect(visibleText(read)).toContain('Radiographie du thorax');
    await usb.close();
    expect(device.calls.slice(-2)).toEqual(['release', 'close']);
  });

  it('does not detach anything on Windows or macOS', async () => {
    const device = new UsbPrinterDouble();
    await transport(device, 'win32').open();
    expect(device.calls).toEqual(['open', 'claim']);
  });

  it('reads online and paper out with DLE EOT over bulk IN', async () => {
    const device = new UsbPrinterDouble();
    const usb = transport(device);
    expect(await usb.status()).toEqual({ state: 'online', paperNearEnd: false });
    device.paperOut = true;
    expect(await usb.status()).toEqual({ state: 'paperOut', paperNearEnd: true });
    expect(device.received).toEqual([]);
  });

  it.each([
    ['LIBUSB_ERROR_ACCESS', { openError: LIBUSB_ERRORS.ACCESS }, 'linux', 'usbAccess'],
    ['LIBUSB_ERROR_BUSY', { claimError: LIBUSB_ERRORS.BUSY }, 'linux', 'usbBusy'],
    ['LIBUSB_ERROR_BUSY on detach', { detachError: LIBUSB_ERRORS.BUSY }, 'linux', 'usbBusy'],
    ['LIBUSB_ERROR_NOT_SUPPORTED on Windows', { openError: LIBUSB_ERRORS.NOT_SUPPORTED }, 'win32', 'usbWinUsb'],
  ] as const)('%s becomes the problem %s with its fix', async (_name, options, platform, problem) => {
    const device = new UsbPrinterDouble(options);
    await expect(transport(device, platform).status()).rejects.toMatchObject({ problem });
  });

  it('a printer that is not plugged in is usbNotFound', async () => {
    const usb = new UsbTransport(usbApiOf([]), EPSON, 'linux');
    await expect(usb.open()).rejects.toMatchObject({ problem: 'usbNotFound' });
  });

  it('finds printers by printer class or ESC/POS vendor, not other USB devices', () => {
    expect(isLikelyPrinter(new UsbPrinterDouble({ vendorId: 0x1234, interfaceClass: 7 }))).toBe(true);
    expect(isLikelyPrinter(new UsbPrinterDouble({ vendorId: 0x0416, interfaceClass: 0xff }))).toBe(true);
    expect(isLikelyPrinter(new UsbPrinterDouble({ vendorId: 0x046d, interfaceClass: 3 }))).toBe(false);
  });

  it('unplugged mid-queue: the job waits, and prints once on the printer plugged back', async () => {
    const device = new UsbPrinterDouble();
    const devices = [device];
    const usb = new UsbTransport(usbApiOf(devices), EPSON, 'linux');
    const spooler = new PrintSpooler(await PrintQueue.open(tempDir()), { pollMs: 0 });
    await spooler.setTarget(byteTarget('usb', usb));
    device.unplugged = true;
    expect(await spooler.submit(ticketJob('B002'))).toMatchObject({ outcome: 'queued' });
    expect(spooler.status).toMatchObject({ state: 'offline', problem: 'usbNotFound' });
    devices.splice(0, 1);
    const replugged = new UsbPrinterDouble();
    devices.push(replugged);
    await spooler.drain();
    expect(spooler.views()[0]).toMatchObject({ formattedNumber: 'B002', state: 'printed' });
    expect(readEscPos(Uint8Array.from(replugged.received)).lines.filter((line) => line.size === 2).map((line) => line.text.trim())).toEqual(['B002']);
    expect(device.received).toEqual([]);
    await spooler.stop();
  });
});
