import type { TicketStatus } from '../../src-shared/platform/tickets';
import { keepFirst } from '../keep-first';
import { TokenBucket } from './token-bucket';

/**
 * Re-checking the board's rows with the medical system when it may not push anything
 * (DESIGN.md §2): each row is asked again on its own schedule, within one request budget
 * per desk, spent where a change is likely and matters.
 */

/** At most this many getAppointmentById a second per desk, on average (issue 24: 5 with 100 rows). */
export const RECHECK_BUDGET_PER_SECOND = 5;

/**
 * How a row is re-checked: `arrival` an issued ticket whose arrival the medical system has not
 * confirmed yet (a kiosk's or a desk's), `called` a patient called and not yet in care, `waiting`,
 * `inCare`, and `settled`: done, or set aside as absent (least likely to move).
 */
export type RecheckClass = 'arrival' | 'called' | 'waiting' | 'inCare' | 'settled';

/** `periodMs`: asked again this long after the last answer; `promiseMs`: the freshness the row promises. */
export interface Recheck {
  periodMs: number;
  promiseMs: number;
}

/** A change a status's group can see shows within the promise: 10 s for rows in play (issue 24). */
const IN_PLAY_PROMISE_MS = 10_000;

const RECHECKS: Record<Exclude<RecheckClass, 'arrival'>, Recheck> = {
  // A called patient is the next one the medical system takes into care.
  called: { periodMs: 4_000, promiseMs: IN_PLAY_PROMISE_MS },
  waiting: { periodMs: 7_000, promiseMs: IN_PLAY_PROMISE_MS },
  inCare: { periodMs: 7_000, promiseMs: IN_PLAY_PROMISE_MS },
  settled: { periodMs: 60_000, promiseMs: 120_000 },
};

/** Which class first when rows are equally late. */
const ORDER: Record<RecheckClass, number> = { arrival: 0, called: 1, waiting: 2, inCare: 3, settled: 4 };

const MINUTE = 60_000;

/**
 * A kiosk checks the patient in within seconds of reserving the number: a young issued ticket
 * is asked often, one still unconfirmed after minutes (a patient who walked away) less and less.
 */
function arrivalRecheck(ageMs: number): Recheck {
  if (ageMs < 2 * MINUTE) return { periodMs: 2_000, promiseMs: IN_PLAY_PROMISE_MS };
  if (ageMs < 15 * MINUTE) return { periodMs: 10_000, promiseMs: 20_000 };
  return RECHECKS.settled;
}

/**
 * A visit just done may still be corrected (a closed reopened, an exam added); one done an hour ago
 * hardly moves. By evening a busy desk holds some 1,600 done rows: read every minute they would need
 * 27 reads a second, five times the whole budget, and each would keep saying « vérifié à » (full day,
 * 29 Nov 2026). Rows done long ago are read less and less, and promise accordingly.
 */
function settledRecheck(ageMs: number): Recheck {
  if (ageMs < 15 * MINUTE) return RECHECKS.settled;
  if (ageMs < 60 * MINUTE) return { periodMs: 5 * MINUTE, promiseMs: 10 * MINUTE };
  return { periodMs: 30 * MINUTE, promiseMs: 60 * MINUTE };
}

/** `since`: when the row entered its class (recheckSince). */
export function recheckOf(kind: RecheckClass, since: number, now: number): Recheck {
  if (kind === 'arrival') return arrivalRecheck(now - since);
  if (kind === 'settled') return settledRecheck(now - since);
  return RECHECKS[kind];
}

/** When a row's clock started (ms): an arrival's issue, a settled row's last change on the platform. */
export function recheckSince(kind: RecheckClass, ticket: { issuedAt: string; updatedAt: string }): number {
  return Date.parse(kind === 'settled' ? ticket.updatedAt : ticket.issuedAt);
}

/** The class of a row from the status the board shows; null: off the board, nothing to ask. */
export function recheckClassOf(status: TicketStatus, row: { called: boolean; absent: boolean }): RecheckClass | null {
  switch (status) {
    case 'issued':
      return 'arrival';
    case 'checkedIn':
      if (row.absent) return 'settled';
      return row.called ? 'called' : 'waiting';
    case 'inCare':
      return 'inCare';
    case 'done':
      return 'settled';
    default:
      return null;
  }
}

/** One appointment the board shows (or may show: an issued ticket), as the scheduler sees it. */
export interface RecheckItem {
  appointmentId: string;
  kind: RecheckClass;
  /** When the row entered its class (ms, recheckSince): an arrival's and a settled row's age. */
  since: number;
}

export interface RecheckSchedulerOptions {
  items: () => Iterable<RecheckItem>;
  /** When the medical system last answered for the appointment (ms), null when never or forgotten. */
  lastChecked: (appointmentId: string) => number | null;
  /** A request for it is already under way. */
  busy: (appointmentId: string) => boolean;
  /** Asks the medical system (fire and forget); every request spends from `budget`. */
  check: (appointmentId: string) => void;
  budget: TokenBucket;
  now: () => number;
  /** Appointments whose last answer just became older than their promise: their rows say so. */
  lapsed?: (appointmentIds: string[]) => void;
}

interface Due {
  appointmentId: string;
  /** How late the row is for its period (1 = just due); Infinity: never asked. */
  lateness: number;
  /** Past its promise already. */
  overdue: boolean;
  settled: boolean;
  order: number;
}

/** A row past its promise says so within this. */
const LAPSE_TOLD_WITHIN_MS = 1_000;

/** The share of the budget a done row past its promise may take ahead of the rows in play. */
const SETTLED_SHARE_PER_SECOND = 1;

/**
 * At every tick, the rows due again (their period passed, or never asked) are asked, as many as
 * the budget has tokens: the rows in play first, the latest for their period first (a called row,
 * asked every 4 s, goes before a waiting one at the same age); done rows take what is left, except
 * that one past its promise may take a small reserved share. When the board is larger than the
 * budget, rows in play keep close to their 10 s and done rows wait longer; a row older than its
 * promise says when it was last confirmed.
 */
export class RecheckScheduler {
  private lapsedNow = new Set<string>();
  /** When the rows were last gone over (ms). */
  private passAt = Number.NEGATIVE_INFINITY;
  private readonly settledShare: TokenBucket;

  constructor(private readonly options: RecheckSchedulerOptions) {
    this.settledShare = new TokenBucket(SETTLED_SHARE_PER_SECOND, 1, options.now);
  }

  /** One pass; the board runs it five times a second, tests call it with their own clock. */
  tick(): void {
    let tokens = this.options.budget.available();
    // Nothing to launch (the budget lent to actions and events, or a tick a little early): the pass over
    // two thousand rows only tells which lapsed, and that once a second is soon enough for a 10 s promise.
    if (tokens === 0 && this.options.now() - this.passAt < LAPSE_TOLD_WITHIN_MS) return;
    // The bucket holds a token or two: only the first rows due are needed, not the whole board in order.
    const { ordered, lateSettled } = this.due(tokens);
    const launch = (entry: Due) => {
      tokens -= 1;
      const index = ordered.indexOf(entry);
      if (index >= 0) ordered.splice(index, 1);
      this.options.check(entry.appointmentId);
    };
    if (lateSettled && tokens > 0 && this.settledShare.available() > 0) {
      this.settledShare.spend();
      launch(lateSettled);
    }
    while (tokens > 0 && ordered.length > 0) launch(ordered[0]!);
  }

  /**
   * Back online (or the board just loaded): every row due is asked at once, most urgent first,
   * up to `max`, whatever the budget has left; the debt this leaves is bounded (token-bucket.ts).
   */
  burst(max = Number.POSITIVE_INFINITY): void {
    for (const entry of this.due(max).ordered) this.options.check(entry.appointmentId);
  }

  /** A row staff selected or act on, a ticket just issued: asked now unless a request is under way. */
  urgent(appointmentId: string): void {
    if (!this.options.busy(appointmentId)) this.options.check(appointmentId);
  }

  /**
   * The first `limit` rows due, in the order they are asked, and the first done row past its promise;
   * rows past their promise are told on the way. One pass over the board, no sort of it: by evening it
   * holds two thousand rows, and this runs five times a second.
   */
  private due(limit: number): { ordered: Due[]; lateSettled: Due | null } {
    const now = this.options.now();
    this.passAt = now;
    const ordered: Due[] = [];
    let lateSettled: Due | null = null;
    const lapsed = new Set<string>();
    for (const item of this.options.items()) {
      const { appointmentId } = item;
      const last = this.options.lastChecked(appointmentId);
      const { periodMs, promiseMs } = recheckOf(item.kind, item.since, now);
      const age = last === null ? Number.POSITIVE_INFINITY : now - last;
      if (age > promiseMs && last !== null) lapsed.add(appointmentId);
      if (this.options.busy(appointmentId) || age < periodMs) continue;
      const entry: Due = { appointmentId, lateness: age / periodMs, overdue: age > promiseMs, settled: item.kind === 'settled', order: ORDER[item.kind] };
      if (entry.settled && entry.overdue && (!lateSettled || askedBefore(entry, lateSettled))) lateSettled = entry;
      if (Number.isFinite(limit)) keepFirst(ordered, entry, limit, askedBefore);
      else ordered.push(entry);
    }
    if (!Number.isFinite(limit)) ordered.sort((a, b) => (askedBefore(a, b) ? -1 : askedBefore(b, a) ? 1 : 0));
    const newly = [...lapsed].filter((id) => !this.lapsedNow.has(id));
    this.lapsedNow = lapsed;
    if (newly.length > 0) this.options.lapsed?.(newly);
    return { ordered, lateSettled };
  }
}

/** Never asked first; then rows in play before done ones; then the latest for its period; then by class. */
function askedBefore(a: Due, b: Due): boolean {
  const never = Number(b.lateness === Infinity) - Number(a.lateness === Infinity);
  if (never !== 0) return never < 0;
  if (a.settled !== b.settled) return !a.settled;
  if (a.lateness !== b.lateness) return a.lateness > b.lateness;
  return a.order < b.order;
}
