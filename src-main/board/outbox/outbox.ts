import { randomUUID } from 'node:crypto';
import { logger } from '../../log';
import { exponentialCeiling } from '../../net/retry';
import type { AtomicJsonFile } from '../../store/atomic-file';
import { openDurable } from '../../store/durable';
import { outboxEntrySchema, outboxFileSchema, type OutboxEntry } from './entries';

const log = logger('board-outbox');

/** done: delivered; retry: unreachable now, try again later; impossible: refused (4xx), drop it. */
export type Delivery = 'done' | 'retry' | 'impossible';

export type NewEntry = OutboxEntry extends infer E ? (E extends OutboxEntry ? Omit<E, 'id'> : never) : never;

export interface OutboxOptions {
  dataDir: string;
  deliver: (entry: OutboxEntry) => Promise<Delivery>;
  /** Told when an entry leaves the outbox, delivered or refused. */
  settled?: (entry: OutboxEntry, delivery: 'done' | 'impossible') => void;
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => number;
}

/**
 * The board's durable outbox: an entry is on disk (atomic write) before anything is
 * attempted and removed only once delivered or refused, so a kill at any moment
 * loses nothing. Delivery runs in order per ticket; a failure backs off (capped) and
 * tries again until the publisher or platform answers. A crash between a delivery
 * and its removal replays it once more: every delivery is idempotent by contract
 * except a call, which at worst shows the call again on the public display.
 */
export class Outbox {
  private entries: OutboxEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Asked to deliver while a pass ran: one more pass when it ends. */
  private kickAgain = false;
  private failures = 0;
  private closed = false;
  private write: Promise<void> = Promise.resolve();
  /** The entry being delivered now: too late to withdraw it. */
  private delivering: string | null = null;

  private constructor(
    private readonly file: AtomicJsonFile<typeof outboxFileSchema>,
    private readonly options: OutboxOptions,
  ) {}

  static async open(options: OutboxOptions): Promise<Outbox> {
    // A damaged outbox keeps every change still readable; staff are told how many were lost.
    const { file, value } = await openDurable(options.dataDir, 'board-outbox.json', outboxFileSchema, {
      lists: { entries: outboxEntrySchema },
      counted: 'entries',
      rebuild: (entries) => ({ entries: entries.entries as OutboxEntry[] }),
    });
    const outbox = new Outbox(file, options);
    outbox.entries = value?.entries ?? [];
    return outbox;
  }

  pending(): readonly OutboxEntry[] {
    return this.entries;
  }

  hasPending(ticketId: string): boolean {
    return this.entries.some((entry) => entry.ticketId === ticketId);
  }

  /** Persists the entry, then starts delivering. Resolves once it is on disk. */
  async add(entry: NewEntry): Promise<OutboxEntry> {
    const stored = { ...entry, id: randomUUID() } as OutboxEntry;
    this.entries.push(stored);
    await this.persist();
    this.kick();
    return stored;
  }

  /** Takes back an entry not delivered yet (an Undo); false when it is already on its way or gone. */
  async withdraw(id: string): Promise<boolean> {
    if (this.delivering === id || !this.entries.some((entry) => entry.id === id)) return false;
    this.entries = this.entries.filter((entry) => entry.id !== id);
    await this.persist();
    return true;
  }

  /** Moves a held entry's due time (now: send it at once), on disk before it is delivered. */
  async reschedule(id: string, sendAt: number): Promise<void> {
    this.entries = this.entries.map((entry) => (entry.id === id && entry.kind === 'held' ? { ...entry, sendAt } : entry));
    await this.persist();
    this.kick();
  }

  /**
   * Deliver now (at start, an entry added or rescheduled). Asked while a pass runs, another pass follows
   * it: this one may have set its countdown's timer already, which the ask just cleared (a held done was
   * then never sent).
   */
  kick(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) {
      this.kickAgain = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (!this.kickAgain) return;
      this.kickAgain = false;
      this.kick();
    });
  }

  /** Resolves when nothing is left to deliver right now (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.write;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A held entry whose countdown runs: not delivered yet, and nothing of its ticket after it. */
  private waiting(entry: OutboxEntry, now: number): boolean {
    return entry.kind === 'held' && entry.sendAt > now;
  }

  private async drain(): Promise<void> {
    let blocked = false;
    const busyTickets = new Set<string>();
    const seen = new Set(this.entries.map((entry) => entry.id));
    for (const entry of [...this.entries]) {
      if (this.closed) return;
      if (busyTickets.has(entry.ticketId)) continue;
      // Withdrawn (undone) while an earlier entry was delivered.
      if (!this.entries.some((candidate) => candidate.id === entry.id)) continue;
      if (this.waiting(entry, this.now())) {
        busyTickets.add(entry.ticketId);
        continue;
      }
      let delivery: Delivery;
      this.delivering = entry.id;
      try {
        delivery = await this.options.deliver(entry);
      } catch (error) {
        log.warn('outbox delivery threw', { kind: entry.kind, error: error instanceof Error ? error.name : 'unknown' });
        delivery = 'retry';
      } finally {
        this.delivering = null;
      }
      if (delivery === 'retry') {
        blocked = true;
        busyTickets.add(entry.ticketId);
        continue;
      }
      this.entries = this.entries.filter((candidate) => candidate.id !== entry.id);
      await this.persist();
      this.options.settled?.(entry, delivery);
    }
    if (this.entries.length === 0) this.failures = 0;
    if (this.closed) return;
    const now = this.now();
    const dueAt = this.entries.flatMap((entry) => (this.waiting(entry, now) && entry.kind === 'held' ? [entry.sendAt] : []));
    const nextDue = dueAt.length > 0 ? Math.min(...dueAt) - now : null;
    if (blocked) this.retryLater(nextDue);
    // Added during this pass, or a countdown that ended meanwhile: at once.
    else if (this.entries.some((entry) => !seen.has(entry.id) || (entry.kind === 'held' && !this.waiting(entry, now) && !busyTickets.has(entry.ticketId)))) {
      setImmediate(() => this.kick());
    }
    else if (nextDue !== null) this.wakeIn(nextDue);
  }

  private retryLater(nextDue: number | null): void {
    this.failures += 1;
    const base = this.options.retryBaseMs ?? 1_000;
    const delay = exponentialCeiling(base, this.options.retryMaxMs ?? 5_000, this.failures - 1);
    this.wakeIn(nextDue === null ? delay : Math.min(delay, nextDue));
  }

  private wakeIn(ms: number): void {
    // A held entry's timer keeps no process alive by itself: it is on disk, a restart sends it.
    this.timer = setTimeout(() => this.kick(), Math.max(0, ms));
    this.timer.unref();
  }

  /** Writes are chained so the file always ends with the latest list. */
  private persist(): Promise<void> {
    const snapshot = { entries: [...this.entries] };
    this.write = this.write.catch(() => undefined).then(() => this.file.write(snapshot));
    return this.write;
  }
}
