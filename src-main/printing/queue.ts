import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PrintJobView, PrinterStatus } from '../../src-shared/ipc/features/printing.contract';
import { ticketFactsSchema, ticketLayoutSchema } from '../../src-shared/printing/layout';
import type { AtomicJsonFile } from '../store/atomic-file';
import { openDurable } from '../store/durable';

const jobKindSchema = z.enum(['issued', 'reprint', 'test']);

/**
 * A job not yet taken by the printer. `delivered`: the bytes reached the printer but its
 * status was not good right after (paper ran out, cover opened): the printer keeps them
 * in its buffer and prints them once fixed, so they are never sent again.
 */
const pendingJobSchema = z.object({
  id: z.string().min(1).max(64),
  /** Idempotency key: a replayed request with the same key is this job, never another ticket. */
  key: z.string().min(1).max(200),
  kind: jobKindSchema,
  formattedNumber: z.string().max(32),
  contractAppointmentId: z.string().max(128).nullable(),
  officePlaceId: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  state: z.enum(['waiting', 'printing', 'delivered']),
  attempts: z.number().int().nonnegative(),
  facts: ticketFactsSchema,
  layout: ticketLayoutSchema,
  /** The ESC/POS bytes, base64; encoded once so a retry sends exactly what was first meant. */
  bytes: z.string().max(65_536),
});
export type PendingJob = z.infer<typeof pendingJobSchema>;

const finishedJobSchema = z.object({
  id: z.string(),
  key: z.string(),
  kind: jobKindSchema,
  formattedNumber: z.string(),
  contractAppointmentId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  outcome: z.enum(['printed', 'preview', 'cancelled']),
});
export type FinishedJob = z.infer<typeof finishedJobSchema>;

const queueFileSchema = z.object({
  version: z.literal(1),
  pending: z.array(pendingJobSchema),
  finished: z.array(finishedJobSchema),
});
type QueueFile = z.infer<typeof queueFileSchema>;

/** Finished jobs kept for the technician's list and for idempotency of late replays. */
export const FINISHED_KEPT = 200;

export type NewJob = Omit<PendingJob, 'id' | 'createdAt' | 'state' | 'attempts'>;

/**
 * The durable print queue (`print-queue.json` in the desk's folder). Every change is
 * written atomically before it is acted on: a job is on disk before its first byte is
 * sent and leaves the pending list only once the printer took it with a good status.
 */
export class PrintQueue {
  private constructor(
    private readonly file: AtomicJsonFile<typeof queueFileSchema>,
    private data: QueueFile,
    private readonly clock: () => Date,
  ) {}

  static async open(dataDir: string, clock: () => Date = () => new Date()): Promise<PrintQueue> {
    // A damaged queue keeps every job still readable; staff are told how many tickets were lost.
    const { file, value } = await openDurable(dataDir, 'print-queue.json', queueFileSchema, {
      lists: { pending: pendingJobSchema, finished: finishedJobSchema },
      counted: 'pending',
      rebuild: (entries) => ({ version: 1 as const, pending: entries.pending as PendingJob[], finished: entries.finished as FinishedJob[] }),
    });
    return new PrintQueue(file, value ?? { version: 1, pending: [], finished: [] }, clock);
  }

  /**
   * Adds a job unless one with the same key exists (waiting or finished), or, for a
   * reprint, unless a reprint of the same appointment still waits: that one is answered instead.
   */
  async enqueue(job: NewJob): Promise<{ job: PendingJob | FinishedJob; created: boolean }> {
    const waitingReprint = job.kind === 'reprint' && job.contractAppointmentId ? this.waitingReprint(job.contractAppointmentId) : undefined;
    const existing = this.byKey(job.key) ?? waitingReprint;
    if (existing) return { job: existing, created: false };
    const pending: PendingJob = { ...job, id: randomUUID(), createdAt: this.clock().toISOString(), state: 'waiting', attempts: 0 };
    this.data.pending.push(pending);
    await this.save();
    return { job: pending, created: true };
  }

  byKey(key: string): PendingJob | FinishedJob | undefined {
    return this.data.pending.find((job) => job.key === key) ?? this.data.finished.find((job) => job.key === key);
  }

  find(id: string): PendingJob | FinishedJob | undefined {
    return this.data.pending.find((job) => job.id === id) ?? this.data.finished.find((job) => job.id === id);
  }

  /** A waiting reprint of this appointment: a second click while it waits is the same ticket. */
  private waitingReprint(contractAppointmentId: string): PendingJob | undefined {
    return this.data.pending.find((job) => job.kind === 'reprint' && job.contractAppointmentId === contractAppointmentId);
  }

  next(): PendingJob | undefined {
    return this.data.pending[0];
  }

  get pendingCount(): number {
    return this.data.pending.length;
  }

  /**
   * `persist: false` for the `printing` mark: after a restart a job caught in flight is
   * sent again whether it was marked or not, so the mark is not worth a disk flush
   * between the click and the first byte.
   */
  async update(id: string, change: Partial<Pick<PendingJob, 'state' | 'attempts'>>, persist = true): Promise<void> {
    const job = this.data.pending.find((candidate) => candidate.id === id);
    if (!job) return;
    Object.assign(job, change);
    if (persist) await this.save();
  }

  async finish(id: string, outcome: FinishedJob['outcome']): Promise<FinishedJob | undefined> {
    const index = this.data.pending.findIndex((job) => job.id === id);
    if (index < 0) return undefined;
    const [job] = this.data.pending.splice(index, 1);
    const finished: FinishedJob = {
      id: job!.id,
      key: job!.key,
      kind: job!.kind,
      formattedNumber: job!.formattedNumber,
      contractAppointmentId: job!.contractAppointmentId,
      createdAt: job!.createdAt,
      finishedAt: this.clock().toISOString(),
      outcome,
    };
    this.data.finished.unshift(finished);
    this.data.finished.splice(FINISHED_KEPT);
    await this.save();
    return finished;
  }

  /** Pending first (oldest first), then the most recent finished ones. */
  views(waitingFor: PrinterStatus['state'] | null, limit = 30): PrintJobView[] {
    const pending = this.data.pending.map<PrintJobView>((job) => ({
      id: job.id,
      kind: job.kind,
      formattedNumber: job.formattedNumber,
      createdAt: job.createdAt,
      // A delivered job waits for the printer too (paper, cover): the user sees why.
      state: job.state === 'printing' ? 'printing' : 'waiting',
      attempts: job.attempts,
      waitingFor: job.state === 'printing' ? null : waitingFor,
      finishedAt: null,
    }));
    const finished = this.data.finished.slice(0, Math.max(0, limit - pending.length)).map<PrintJobView>((job) => ({
      id: job.id,
      kind: job.kind,
      formattedNumber: job.formattedNumber,
      createdAt: job.createdAt,
      state: job.outcome,
      attempts: 0,
      waitingFor: null,
      finishedAt: job.finishedAt,
    }));
    return [...pending, ...finished];
  }

  private save(): Promise<void> {
    return this.file.write(this.data);
  }
}
