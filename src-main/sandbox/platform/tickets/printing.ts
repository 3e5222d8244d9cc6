import type { SandboxKiosk } from '../../world/types';

/**
 * `printTicket`: the platform renders the ticket and drives a kiosk printer of the
 * office place. The sandbox has no printer, so it chooses the kiosk exactly as the
 * platform would and keeps the job for tests and the training UI.
 */
export interface PrintJob {
  at: string;
  licenceId: number;
  officePlaceId: number;
  kioskDeskId: number | null;
  printed: boolean;
  deviceExternalId: string | null;
  data: Record<string, unknown>;
}

export const PRINT_JOBS_KEPT = 1_000;

/**
 * With `kioskDeskId`, only that kiosk may print, and only when it belongs to the
 * office place and has a printer: sending a patient's ticket to some other kiosk
 * than the one asked for would hand it to the wrong person. Without it, the
 * office place's first kiosk with a printer (lowest id, stable across calls).
 */
export function chooseKiosk(
  kiosks: readonly SandboxKiosk[],
  officePlaceId: number,
  kioskDeskId: number | null,
): SandboxKiosk | null {
  const usable = kiosks.filter((kiosk) => kiosk.officePlaceId === officePlaceId && kiosk.hasPrinter);
  if (kioskDeskId !== null) return usable.find((kiosk) => kiosk.id === kioskDeskId) ?? null;
  return usable.sort((a, b) => a.id - b.id)[0] ?? null;
}

export class PrintQueue {
  private readonly jobs: PrintJob[] = [];

  record(job: PrintJob): void {
    this.jobs.push(job);
    if (this.jobs.length > PRINT_JOBS_KEPT) this.jobs.splice(0, this.jobs.length - PRINT_JOBS_KEPT);
  }

  /** Oldest first, copies. */
  list(): PrintJob[] {
    return this.jobs.map((job) => ({ ...job }));
  }
}
