import type { PrinterProblem, PrinterStatus } from '../../src-shared/ipc/features/printing.contract';

/**
 * ESC/POS real-time status (`DLE EOT n`): the printer answers one byte at once, even
 * while it is offline or out of paper, which is what makes it usable before and after
 * every job. n=1 printer, n=2 offline cause, n=4 roll paper sensor.
 */
export const DLE_EOT = { printer: 1, offline: 2, paper: 4 } as const;
export type StatusQuery = (typeof DLE_EOT)[keyof typeof DLE_EOT];

export function statusQuery(n: StatusQuery): Uint8Array {
  return Uint8Array.of(0x10, 0x04, n);
}

/** What the printer itself says, before the desk adds the time and the fault explanation. */
export interface PrinterCondition {
  state: 'online' | 'paperOut' | 'coverOpen' | 'offline';
  paperNearEnd: boolean;
  /** System printer: jobs its queue still holds. */
  systemJobs?: number;
}

/** Decodes the three answers. Cover open wins over paper out: closing the cover comes first. */
export function decodeStatus(printer: number, offline: number, paper: number): PrinterCondition {
  const paperNearEnd = (paper & 0x0c) !== 0;
  const paperEnd = (paper & 0x60) !== 0 || (offline & 0x20) !== 0;
  if ((offline & 0x04) !== 0) return { state: 'coverOpen', paperNearEnd };
  if (paperEnd) return { state: 'paperOut', paperNearEnd };
  if ((printer & 0x08) !== 0 || (offline & 0x40) !== 0) return { state: 'offline', paperNearEnd };
  return { state: 'online', paperNearEnd };
}

/** Asks the three questions over any byte channel that can send a query and read its one-byte answer. */
export async function readCondition(ask: (query: Uint8Array) => Promise<number>): Promise<PrinterCondition> {
  const printer = await ask(statusQuery(DLE_EOT.printer));
  const offline = await ask(statusQuery(DLE_EOT.offline));
  const paper = await ask(statusQuery(DLE_EOT.paper));
  return decodeStatus(printer, offline, paper);
}

/** Why the desk cannot reach a printer, with the technician's detail (never patient data). */
export class PrinterFault extends Error {
  constructor(
    readonly problem: PrinterProblem,
    readonly detail: string,
  ) {
    super(`${problem}: ${detail}`);
    this.name = 'PrinterFault';
  }
}

export function statusOf(condition: PrinterCondition, now: Date): PrinterStatus {
  return { ...condition, problem: null, detail: null, checkedAt: now.toISOString() };
}

export function faultStatus(error: unknown, now: Date): PrinterStatus {
  const fault = error instanceof PrinterFault ? error : new PrinterFault('noAnswer', error instanceof Error ? error.message : String(error));
  return { state: 'offline', paperNearEnd: false, problem: fault.problem, detail: fault.detail.slice(0, 300), checkedAt: now.toISOString() };
}

export function isReady(status: PrinterStatus): boolean {
  return status.state === 'online';
}
