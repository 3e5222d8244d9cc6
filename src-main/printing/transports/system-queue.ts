import type { PrinterCondition } from '../status';
import type { SystemSpooler } from './system/spooler';
import type { PrinterTransport } from './transport';

/**
 * A printer queue of the operating system: the desk hands it the same raw ESC/POS bytes
 * as the other transports, and the system (CUPS, Windows spooler) owns the job from
 * then on, keeping it on disk until its printer takes it. The status is the queue's:
 * ready, stopped, or absent, with the jobs it still holds.
 */
export class SystemQueueTransport implements PrinterTransport {
  constructor(
    private readonly spooler: SystemSpooler,
    private readonly queue: string,
  ) {}

  get description(): string {
    return `system queue ${this.queue}`;
  }

  async open(): Promise<void> {
    await this.spooler.state(this.queue);
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.spooler.print(this.queue, bytes);
  }

  async status(): Promise<PrinterCondition> {
    const { jobs, ...condition } = await this.spooler.state(this.queue);
    return { ...condition, systemJobs: jobs };
  }

  async close(): Promise<void> {
    // Nothing held between jobs: each one is a call to the system's tools.
  }
}
