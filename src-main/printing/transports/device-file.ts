import { constants } from 'node:fs';
import { access, open } from 'node:fs/promises';
import { PrinterFault, type PrinterCondition } from '../status';
import type { PrinterTransport } from './transport';

/**
 * A Linux printer device file (`/dev/usb/lpN`, kernel usblp driver): for desks where
 * CUPS shares the printer. The job is written in one go; usblp offers no portable way
 * to read `DLE EOT` answers without risking a read that blocks forever, so this
 * transport reports only whether the device is there and writable (paper state:
 * use the USB or network transport).
 */
export class DeviceFileTransport implements PrinterTransport {
  constructor(private readonly path: string) {}

  get description(): string {
    return `file://${this.path}`;
  }

  async open(): Promise<void> {
    await this.check();
  }

  async write(bytes: Uint8Array): Promise<void> {
    let handle;
    try {
      handle = await open(this.path, constants.O_WRONLY);
    } catch (error) {
      throw fault(error, this.path);
    }
    try {
      await handle.write(bytes);
    } catch (error) {
      throw new PrinterFault('writeFailed', `${this.path}: ${(error as NodeJS.ErrnoException).code ?? 'write error'}`);
    } finally {
      await handle.close();
    }
  }

  async status(): Promise<PrinterCondition> {
    await this.check();
    return { state: 'online', paperNearEnd: false };
  }

  async close(): Promise<void> {
    // Nothing held between jobs.
  }

  private async check(): Promise<void> {
    try {
      await access(this.path, constants.W_OK);
    } catch (error) {
      throw fault(error, this.path);
    }
  }
}

function fault(error: unknown, path: string): PrinterFault {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  if (code === 'EACCES' || code === 'EPERM') return new PrinterFault('deviceAccess', `${path}: ${code}`);
  return new PrinterFault('deviceMissing', `${path}: ${code}`);
}
