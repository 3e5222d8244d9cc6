import { UNSENT_MOVE_TTL_MS, type UnsentMove } from '../../src-shared/board/unsent';

export interface UnsentMovesOptions {
  /** The list changed (a move added, confirmed, dropped or expired). */
  changed: (moves: UnsentMove[]) => void;
  /** A move expired before staff confirmed it: audited, never sent. */
  expired: (move: UnsentMove) => void;
  ttlMs?: number;
  now?: () => number;
}

/**
 * The moves the platform could not take when staff asked, held in memory only: one per
 * ticket (the latest asked), each offered back to staff until it expires. Nothing here
 * sends anything; confirming is a new request of the receptionist.
 */
export class UnsentMoves {
  private readonly moves = new Map<string, { move: UnsentMove; timer: NodeJS.Timeout }>();

  constructor(private readonly options: UnsentMovesOptions) {}

  list(): UnsentMove[] {
    return [...this.moves.values()].map((entry) => entry.move).sort((a, b) => a.askedAt.localeCompare(b.askedAt));
  }

  add(move: Omit<UnsentMove, 'askedAt' | 'expiresAt'>): UnsentMove {
    const ttl = this.options.ttlMs ?? UNSENT_MOVE_TTL_MS;
    const now = this.now();
    const held: UnsentMove = { ...move, askedAt: new Date(now).toISOString(), expiresAt: new Date(now + ttl).toISOString() };
    this.forget(move.ticketId);
    const timer = setTimeout(() => {
      if (this.moves.get(move.ticketId)?.move !== held) return;
      this.moves.delete(move.ticketId);
      this.options.expired(held);
      this.options.changed(this.list());
    }, ttl);
    timer.unref();
    this.moves.set(move.ticketId, { move: held, timer });
    this.options.changed(this.list());
    return held;
  }

  /** Confirmed (sent anew) or dropped by staff: the ticket's move leaves the list. True when there was one. */
  take(ticketId: string): boolean {
    const had = this.forget(ticketId);
    if (had) this.options.changed(this.list());
    return had;
  }

  clear(): void {
    const had = this.moves.size > 0;
    for (const ticketId of [...this.moves.keys()]) this.forget(ticketId);
    if (had) this.options.changed([]);
  }

  private forget(ticketId: string): boolean {
    const entry = this.moves.get(ticketId);
    if (!entry) return false;
    clearTimeout(entry.timer);
    this.moves.delete(ticketId);
    return true;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
