import type { PrinterCondition } from '../status';

/**
 * A byte channel to a printer (USB, TCP 9100, device file). Every failure is a
 * PrinterFault naming the problem and its fix; `status` never prints anything.
 */
export interface PrinterTransport {
  /** Where the bytes go, for logs and the technician page (no patient data). */
  readonly description: string;
  open(): Promise<void>;
  write(bytes: Uint8Array): Promise<void>;
  status(): Promise<PrinterCondition>;
  close(): Promise<void>;
}
