import { UNDO_MS, type HeldMove, type HeldStatus } from '../../src-shared/board/held';
import type { OutboxEntry } from './outbox/entries';
import type { Outbox } from './outbox/outbox';

type HeldEntry = Extract<OutboxEntry, { kind: 'held' }>;

export interface HeldMovesDeps {
  outbox: Pick<Outbox, 'add' | 'withdraw' | 'reschedule' | 'pending'>;
  /** Every window of the desk is told the held move (or null) whenever it changes. */
  changed: (held: HeldMove | null) => void;
  undoMs?: number;
  now?: () => number;
}

/**
 * The done or close waiting for its Undo, held in main and on disk (the outbox's `held`
 * entry), not in a window: the countdown ends and the move is sent whether a window is still
 * open or not; an Undo from any window of the desk takes it back. One at a time: a second
 * move sends the first at once, as does locking the desk or signing out.
 */
export class HeldMoves {
  private readonly now: () => number;

  constructor(private readonly deps: HeldMovesDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The latest move still counting down, as the windows show it. */
  current(): HeldMove | null {
    const now = this.now();
    const latest = this.entries()
      .filter((entry) => entry.sendAt > now)
      .sort((a, b) => a.sendAt - b.sendAt)
      .at(-1);
    return latest ? this.view(latest, now) : null;
  }

  async hold(move: { ticketId: string; appointmentId: string; linkedAppointmentIds?: string[]; formattedNumber: string; status: HeldStatus; staff: string }): Promise<HeldMove> {
    const now = this.now();
    const counting = this.entries().filter((entry) => entry.sendAt > now);
    // The same key pressed again during its countdown is the same move, not a second one.
    const same = counting.find((entry) => entry.ticketId === move.ticketId && entry.status === move.status);
    if (same) return this.view(same, now);
    for (const earlier of counting) await this.deps.outbox.reschedule(earlier.id, now);
    const entry = await this.deps.outbox.add({ kind: 'held', ...move, sendAt: now + (this.deps.undoMs ?? UNDO_MS) });
    const held = this.view(entry as HeldEntry, now);
    this.deps.changed(held);
    return held;
  }

  /** Undo: true when the move was taken back before it left; false when it was already sent or on its way. */
  async undo(id: string): Promise<boolean> {
    const taken = await this.deps.outbox.withdraw(id);
    if (taken) this.deps.changed(this.current());
    return taken;
  }

  /** Sends every held move now (the desk locks, staff sign out): never lost, never left counting for the next person. */
  async sendNow(): Promise<void> {
    const now = this.now();
    const counting = this.entries().filter((entry) => entry.sendAt > now);
    for (const entry of counting) await this.deps.outbox.reschedule(entry.id, now);
    if (counting.length > 0) this.deps.changed(this.current());
  }

  /** A held entry left the outbox (sent or refused): the windows stop counting it down. */
  settled(entry: OutboxEntry): void {
    if (entry.kind === 'held') this.deps.changed(this.current());
  }

  private entries(): HeldEntry[] {
    return this.deps.outbox.pending().filter((entry): entry is HeldEntry => entry.kind === 'held');
  }

  private view(entry: HeldEntry, now: number): HeldMove {
    const { id, ticketId, status } = entry;
    const sendInMs = Math.min(this.deps.undoMs ?? UNDO_MS, Math.max(0, Math.round(entry.sendAt - now)));
    return { id, ticketId, formattedNumber: entry.formattedNumber ?? ticketId, status, sendInMs };
  }
}
