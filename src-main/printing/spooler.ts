import type { PrintJobView, PrintOutcome, PrinterStatus } from '../../src-shared/ipc/features/printing.contract';
import { logger } from '../log';
import type { NewJob, PendingJob, PrintQueue } from './queue';
import { faultStatus, isReady, statusOf } from './status';
import type { PrintTarget } from './targets';

const log = logger('printing');

export interface SpoolerOptions {
  /** Status poll while idle (ms); a waiting job prints as soon as a poll finds the printer ready. */
  pollMs?: number;
  clock?: () => Date;
  onStatus?: (status: PrinterStatus) => void;
  onQueue?: (jobs: PrintJobView[]) => void;
}

export const DEFAULT_POLL_MS = 5_000;

/**
 * Drives the durable queue to the printer, one job at a time: status checked before
 * each job, job marked before its bytes leave, printer status checked after, and the
 * job finished only when the printer says it is fine. A job that cannot go waits,
 * visibly, until a poll finds the printer ready or the user cancels it.
 */
export class PrintSpooler {
  private target: PrintTarget | null = null;
  private current: PrinterStatus;
  private chain: Promise<void> = Promise.resolve();
  private busy = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly clock: () => Date;

  constructor(
    private readonly queue: PrintQueue,
    private readonly options: SpoolerOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.current = { state: 'unknown', paperNearEnd: false, problem: null, detail: null, checkedAt: null };
  }

  get status(): PrinterStatus {
    return this.current;
  }

  get targetKind(): PrintTarget['kind'] | null {
    return this.target?.kind ?? null;
  }

  views(): PrintJobView[] {
    return this.queue.views(this.current.state === 'online' ? null : this.current.state);
  }

  /** Swaps the printer (technician's choice) and tries the waiting jobs on the new one. */
  async setTarget(target: PrintTarget | null): Promise<void> {
    await this.serialized(async () => {
      const previous = this.target;
      this.target = target;
      await previous?.close().catch(() => undefined);
    });
    await this.checkStatus();
    await this.drain();
  }

  start(): void {
    const pollMs = this.options.pollMs ?? DEFAULT_POLL_MS;
    if (this.timer || pollMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.busy) return;
      void this.checkStatus().then(() => (this.queue.pendingCount > 0 && isReady(this.current) ? this.drain() : undefined));
    }, pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.serialized(async () => {
      await this.target?.close().catch(() => undefined);
    });
  }

  /** Queues a job (once per key), tries to print it now and says where it stands. */
  async submit(job: NewJob): Promise<PrintOutcome> {
    const { job: stored, created } = await this.serialized(() => this.queue.enqueue(job));
    if (created) this.emitQueue();
    await this.drain();
    return this.outcomeOf(stored.id);
  }

  /** The outcome of an earlier request with this idempotency key, if there was one. */
  outcomeIfKnown(key: string): PrintOutcome | null {
    const job = this.queue.byKey(key);
    return job ? this.outcomeOf(job.id) : null;
  }

  outcomeOf(id: string): PrintOutcome {
    const job = this.queue.find(id);
    if (job && 'outcome' in job && job.outcome !== 'cancelled') return { outcome: job.outcome, jobId: id };
    return { outcome: 'queued', jobId: id };
  }

  async cancel(id: string): Promise<boolean> {
    return this.serialized(async () => {
      const job = this.queue.find(id);
      // A job whose bytes are on their way cannot be called back from the printer.
      if (!job || 'outcome' in job || job.state === 'printing') return false;
      await this.queue.finish(id, 'cancelled');
      this.emitQueue();
      return true;
    });
  }

  checkStatus(): Promise<PrinterStatus> {
    return this.serialized(() => this.refreshStatus());
  }

  drain(): Promise<void> {
    return this.serialized(() => this.drainNow());
  }

  private async drainNow(): Promise<void> {
    for (let job = this.queue.next(); job; job = this.queue.next()) {
      const status = await this.refreshStatus();
      if (!isReady(status)) {
        this.emitQueue();
        return;
      }
      if (job.state !== 'delivered' && !(await this.send(job))) return;
      const after = await this.refreshStatus();
      if (!isReady(after)) {
        // The printer itself answered (paper out, cover open): the bytes are in its buffer
        // and print once that is fixed, so they are not sent again. No answer at all
        // (connection lost, unplugged): the job may be torn, so it is sent again whole.
        // A system queue took the job for good: sending it again would print it twice.
        const taken = after.problem === null || this.target?.keepsTakenJobs === true;
        await this.queue.update(job.id, { state: taken ? 'delivered' : 'waiting' });
        this.emitQueue();
        return;
      }
      await this.queue.finish(job.id, this.target?.preview ? 'preview' : 'printed');
      this.emitQueue();
    }
  }

  /** Sends one job; false when the printer did not take it (the job waits for the next try). */
  private async send(job: PendingJob): Promise<boolean> {
    const target = this.target;
    if (!target) return false;
    await this.queue.update(job.id, { state: 'printing', attempts: job.attempts + 1 }, false);
    this.emitQueue();
    try {
      await target.send(job);
      return true;
    } catch (error) {
      log.warn('print job not taken', { kind: target.kind, attempt: job.attempts });
      await this.queue.update(job.id, { state: 'waiting' });
      this.setStatus(faultStatus(error, this.clock()));
      this.emitQueue();
      return false;
    }
  }

  private async refreshStatus(): Promise<PrinterStatus> {
    const target = this.target;
    let status: PrinterStatus;
    if (!target) {
      status = { state: 'offline', paperNearEnd: false, problem: 'notConfigured', detail: null, checkedAt: this.clock().toISOString() };
    } else {
      try {
        status = statusOf(await target.status(), this.clock());
      } catch (error) {
        status = faultStatus(error, this.clock());
      }
    }
    this.setStatus(status);
    return status;
  }

  private setStatus(status: PrinterStatus): void {
    const before = this.current;
    this.current = status;
    if (before.state !== status.state || before.paperNearEnd !== status.paperNearEnd || before.problem !== status.problem) {
      this.options.onStatus?.(status);
    }
  }

  private emitQueue(): void {
    this.options.onQueue?.(this.views());
  }

  private async serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(async () => {
      this.busy = true;
      try {
        return await work();
      } finally {
        this.busy = false;
      }
    });
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
