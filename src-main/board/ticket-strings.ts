import type { DeskTicket } from '../../src-shared/platform/tickets';
import { StringPool } from '../string-pool';

type Share = (value: string) => string;

/** `object`'s copy with each of `keys` that holds a string replaced by `share`'s copy (absent keys stay absent). */
function sharing<T extends object>(object: T, share: Share, ...keys: (keyof T)[]): T {
  const copy = { ...object };
  for (const key of keys) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = share(value) as T[keyof T];
  }
  return copy;
}

/**
 * The ticket as the board keeps it for the day: its labels and day taken from `pool` (the same few exam
 * and desk labels on two thousand tickets) and its times shared with its history's (a ticket's
 * `issuedAt`, `updatedAt` and last call are times of its history's entries, each parsed again).
 * Equal in every value and key to `ticket`; only which copy of a string a field holds changes.
 */
export function sharedTicket(ticket: DeskTicket, pool: StringPool): DeskTicket {
  // The ticket's own times: a pool of its own, gone with the call.
  const times = new StringPool();
  const time: Share = (at) => times.take(at);
  const label: Share = (value) => pool.take(value);
  const shared = sharing(ticket, label, 'day', 'status', 'source', 'examLabel', 'examTypeLabel');
  if (shared.history) shared.history = shared.history.map((entry) => sharing(sharing(entry, time, 'at'), label, 'event', 'deskLabel'));
  shared.issuedAt = time(shared.issuedAt);
  shared.updatedAt = time(shared.updatedAt);
  if (shared.lastCall) shared.lastCall = sharing(sharing(shared.lastCall, time, 'at'), label, 'deskLabel', 'room');
  if (shared.absent) shared.absent = sharing(sharing(shared.absent, time, 'at'), label, 'deskLabel');
  if (shared.verified) shared.verified = sharing(sharing(shared.verified, time, 'at'), label, 'status', 'deskLabel');
  if (shared.handoff) shared.handoff = sharing(sharing(shared.handoff, time, 'at'), label, 'fromDeskLabel', 'toDeskLabel');
  return shared;
}
