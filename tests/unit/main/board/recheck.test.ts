import { describe, expect, it } from 'vitest';
import { RECHECK_BUDGET_PER_SECOND, RecheckScheduler, recheckClassOf, recheckOf, recheckSince, type RecheckClass, type RecheckItem } from '../../../../src-main/board/recheck';
import { TokenBucket } from '../../../../src-main/board/token-bucket';

/** The clock at the board's load (ms): the day's tenth hour, so rows can be done hours before. */
const START = 10 * 3_600_000;

/**
 * The re-check scheduler on an injected clock: no sleeps, every tick is a step of the test.
 * The fake medical system answers at once (a check is recorded at the tick that asks it).
 */
function board(kinds: Partial<Record<RecheckClass, number>>, options: { answered?: boolean; settledAgo?: (index: number) => number } = {}) {
  const clock = { now: START };
  const items: RecheckItem[] = [];
  for (const [kind, count] of Object.entries(kinds) as [RecheckClass, number][]) {
    for (let i = 0; i < count; i += 1) {
      const ago = kind === 'settled' ? (options.settledAgo?.(i) ?? 0) : 0;
      items.push({ appointmentId: `${kind}-${i}`, kind, since: clock.now - ago });
    }
  }
  const last = new Map<string, number>();
  const asked: { id: string; at: number }[] = [];
  const lapsed: string[] = [];
  // As the board builds it: one token at a time (never more than 5 in a second), a second's debt at most.
  const budget = new TokenBucket(RECHECK_BUDGET_PER_SECOND, 1, () => clock.now, RECHECK_BUDGET_PER_SECOND);
  /** How many times the scheduler went over the rows. */
  const passes = { count: 0 };
  const scheduler = new RecheckScheduler({
    items: () => {
      passes.count += 1;
      return items;
    },
    lastChecked: (id) => last.get(id) ?? null,
    busy: () => false,
    check: (id) => {
      // What the board's verifier does: every request spends from the budget.
      budget.spend();
      asked.push({ id, at: clock.now });
      if (options.answered !== false) last.set(id, clock.now);
    },
    budget,
    now: () => clock.now,
    lapsed: (ids) => lapsed.push(...ids),
  });
  // Every row read once, as the board does when it loads.
  for (const item of items) last.set(item.appointmentId, clock.now);
  /** Runs the scheduler five times a second for `seconds`. */
  const run = (seconds: number) => {
    for (let step = 0; step < seconds * 5; step += 1) {
      clock.now += 200;
      scheduler.tick();
    }
  };
  /**
   * Longest time, per class, a row went without being asked, among the gaps ending after `from`
   * (default: the load). Right after the load every row was read at the same instant: the first
   * round comes due at once and takes a while to spread out.
   */
  const longestGap = (kind: RecheckClass, from = START) => {
    let longest = 0;
    for (const item of items.filter((candidate) => candidate.kind === kind)) {
      let previous = START;
      for (const ask of asked.filter((entry) => entry.id === item.appointmentId)) {
        if (ask.at > from) longest = Math.max(longest, ask.at - previous);
        previous = ask.at;
      }
      longest = Math.max(longest, clock.now - previous);
    }
    return longest;
  };
  return { clock, items, asked, lapsed, last, budget, scheduler, run, longestGap, passes };
}

/** The most requests made in any window of one second. */
function peakPerSecond(asked: { at: number }[]): number {
  let peak = 0;
  for (const [index, first] of asked.entries()) {
    let count = 0;
    for (const later of asked.slice(index)) if (later.at - first.at < 1_000) count += 1;
    peak = Math.max(peak, count);
  }
  return peak;
}

describe('re-check scheduler: the request budget', () => {
  it('100 rows: never more than 5 requests in any second, and the budget is spent (not left idle) when rows are due', () => {
    const b = board({ waiting: 30, called: 10, inCare: 15, settled: 45 });
    b.run(120);
    expect(peakPerSecond(b.asked)).toBeLessThanOrEqual(RECHECK_BUDGET_PER_SECOND);
    // Demand is above the budget with 55 rows in play: every token goes to a row.
    expect(b.asked.length / 120).toBeGreaterThanOrEqual(RECHECK_BUDGET_PER_SECOND - 0.25);
  });

  it('a small board asks less than the budget allows: a row is not asked again before its period', () => {
    const b = board({ waiting: 3, called: 1, settled: 4 });
    b.run(60);
    // 3 waiting every 7 s, 1 called every 4 s, 4 done every minute.
    expect(b.asked.length).toBeLessThanOrEqual(Math.ceil(60 / 7) * 3 + Math.ceil(60 / 4) + 4 * 1);
    expect(b.asked.length).toBeGreaterThan(30);
  });

  it('requests spent outside the schedule (actions, events) are repaid: the average stays within the budget', () => {
    const b = board({ waiting: 40, settled: 60 });
    for (let second = 0; second < 60; second += 1) {
      // Two urgent reads a second (a selected row, an event), budget or not.
      b.scheduler.urgent('waiting-0');
      b.scheduler.urgent('waiting-1');
      b.run(1);
    }
    expect(b.asked.length / 60).toBeLessThanOrEqual(RECHECK_BUDGET_PER_SECOND + 0.1);
  });
});

describe('re-check scheduler: where the budget goes', () => {
  it('100 rows, 35 in play: once the first round has spread out, every row in play is read again within 10 s, done rows within 2 min', () => {
    const b = board({ waiting: 20, called: 5, inCare: 10, settled: 65 });
    b.run(400);
    const settledIn = START + 60_000;
    for (const kind of ['waiting', 'called', 'inCare'] as const) expect(b.longestGap(kind, settledIn)).toBeLessThanOrEqual(10_000);
    expect(b.longestGap('called', settledIn)).toBeLessThan(b.longestGap('waiting', settledIn));
    // Done rows all came due together at 2 min, and are spread out by a minute later.
    expect(b.longestGap('settled', START + 200_000)).toBeLessThanOrEqual(130_000);
  });

  it('waiting and called rows before done ones: a board larger than the budget lets done rows wait, not rows in play', () => {
    const b = board({ waiting: 45, called: 5, settled: 50 });
    b.run(300);
    expect(b.longestGap('called')).toBeLessThan(b.longestGap('settled'));
    expect(b.longestGap('waiting')).toBeLessThan(b.longestGap('settled'));
    const askedOf = (kind: RecheckClass) => b.asked.filter((entry) => entry.id.startsWith(`${kind}-`)).length / b.items.filter((item) => item.kind === kind).length;
    expect(askedOf('waiting')).toBeGreaterThan(3 * askedOf('settled'));
  });

  it("the evening's board: 1,600 rows done over the day and 20 in play, rows in play within 10 s, none done long ago lapses", () => {
    // One done every 20 s over nine hours: 45 in the last 15 minutes, 135 in the rest of the last hour.
    const b = board({ waiting: 12, called: 3, inCare: 5, settled: 1_600 }, { settledAgo: (index) => index * 20_000 });
    b.run(40 * 60);
    const spreadOut = START + 20 * 60_000;
    for (const kind of ['waiting', 'called', 'inCare'] as const) expect(b.longestGap(kind, spreadOut)).toBeLessThanOrEqual(10_000);
    // Read every minute, the day's done rows would need 27 reads a second: one after another, they lapsed
    // and said « vérifié à ». Those of the last quarter of an hour keep their 2 minutes, the older their own.
    expect(b.lapsed.filter((id) => id.startsWith('settled-'))).toEqual([]);
    expect(b.asked.length / (40 * 60)).toBeLessThanOrEqual(RECHECK_BUDGET_PER_SECOND + 0.05);
  });

  it('a young issued ticket (an arrival the medical system may confirm any moment) is asked every 2 s', () => {
    const b = board({ arrival: 1, settled: 99 });
    b.run(60);
    expect(b.longestGap('arrival')).toBeLessThanOrEqual(2_200);
  });

  it('never asked rows come first, whatever their class', () => {
    const b = board({ settled: 20, waiting: 20 });
    b.run(8);
    b.last.delete('settled-7');
    b.clock.now += 200;
    b.scheduler.tick();
    expect(b.asked.some((entry) => entry.id === 'settled-7' && entry.at === b.clock.now)).toBe(true);
  });

  it('a selected row is asked at once, budget or not; a burst asks every row due at once', () => {
    const b = board({ waiting: 10 });
    b.run(1);
    b.scheduler.urgent('waiting-3');
    expect(b.asked.at(-1)).toEqual({ id: 'waiting-3', at: b.clock.now });
    b.clock.now += 30_000;
    const before = b.asked.length;
    b.scheduler.burst();
    expect(b.asked.length - before).toBe(10);
  });

  it("an evening's board is not gone over at every tick while the budget is lent to actions, only once a second", () => {
    const b = board({ waiting: 20, settled: 1_980 });
    b.run(5);
    // Staff act and platform events come: a second's worth of reads borrowed from the budget.
    for (let i = 0; i < RECHECK_BUDGET_PER_SECOND; i += 1) b.budget.spend();
    const [passes, asked] = [b.passes.count, b.asked.length];
    b.run(1);
    expect(b.asked.length).toBe(asked);
    expect(b.passes.count - passes).toBe(1);
    // Repaid, the rows are gone over at each tick again.
    b.run(1);
    expect(b.passes.count - passes).toBeGreaterThanOrEqual(5);
  });

  it('a row older than its promise is told once (its row says when it was last confirmed), again after it lapses anew', () => {
    // The medical system does not answer: nothing is confirmed after the load.
    const b = board({ waiting: 1, settled: 1 }, { answered: false });
    b.run(9);
    expect(b.lapsed).toEqual([]);
    b.run(2);
    expect(b.lapsed).toEqual(['waiting-0']);
    b.run(110);
    expect(b.lapsed).toEqual(['waiting-0', 'settled-0']);
    b.last.set('waiting-0', b.clock.now);
    b.run(11);
    expect(b.lapsed).toEqual(['waiting-0', 'settled-0', 'waiting-0']);
  });
});

describe('re-check classes', () => {
  it('from the status the board shows: issued → arrival, called, waiting, in care, done and absent → settled, ended → none', () => {
    const plain = { called: false, absent: false };
    expect(recheckClassOf('issued', plain)).toBe('arrival');
    expect(recheckClassOf('checkedIn', plain)).toBe('waiting');
    expect(recheckClassOf('checkedIn', { called: true, absent: false })).toBe('called');
    expect(recheckClassOf('checkedIn', { called: true, absent: true })).toBe('settled');
    expect(recheckClassOf('inCare', plain)).toBe('inCare');
    expect(recheckClassOf('done', plain)).toBe('settled');
    expect(recheckClassOf('closed', plain)).toBeNull();
    expect(recheckClassOf('cancelled', plain)).toBeNull();
  });

  it('a settled row is read less the longer it has been done: every minute, every 5 minutes after a quarter, every 30 after an hour', () => {
    const now = START;
    expect(recheckOf('settled', now - 14 * 60_000, now)).toEqual({ periodMs: 60_000, promiseMs: 120_000 });
    expect(recheckOf('settled', now - 16 * 60_000, now)).toEqual({ periodMs: 300_000, promiseMs: 600_000 });
    expect(recheckOf('settled', now - 61 * 60_000, now)).toEqual({ periodMs: 1_800_000, promiseMs: 3_600_000 });
    // Rows in play do not age: a patient waiting for an hour is read as often as one just arrived.
    expect(recheckOf('waiting', now - 61 * 60_000, now)).toEqual(recheckOf('waiting', now, now));
    expect(recheckSince('settled', { issuedAt: '2026-11-29T08:00:00Z', updatedAt: '2026-11-29T09:00:00Z' })).toBe(Date.parse('2026-11-29T09:00:00Z'));
    expect(recheckSince('arrival', { issuedAt: '2026-11-29T08:00:00Z', updatedAt: '2026-11-29T09:00:00Z' })).toBe(Date.parse('2026-11-29T08:00:00Z'));
  });
});
