/**
 * A keyboard-wedge barcode scanner "types" a code far faster than a person: its keys follow
 * each other within a few milliseconds, and the burst ends with Enter. This tells such a
 * burst from typing, key by key, with no DOM involved (unit-tested).
 *
 * A busy desk computer (an antivirus scan, a long render) can hold a key back for a few
 * hundred milliseconds in the middle of a scan. A stall or two therefore does not break a
 * burst, as long as every other key of the code comes at a scanner's pace.
 */
export interface WedgeBurstOptions {
  /** Longest gap between two keys of a code. People rarely type under 50 ms per key, sustained. */
  maxGapMs: number;
  /** How many slower gaps (stalls, up to `maxPauseMs`) a code may have, never after its first key. */
  maxStalls: number;
  /** A pause longer than this ends any burst: the keys after it start afresh. */
  maxPauseMs: number;
  /** Shortest code accepted: shorter fast sequences are typing flukes. */
  minLength: number;
}

export const WEDGE_DEFAULTS: WedgeBurstOptions = { maxGapMs: 50, maxStalls: 2, maxPauseMs: 500, minLength: 6 };

export type WedgeStep =
  /** The key belongs to a possible burst (or is ordinary typing); `startsRun` after a pause. */
  | { kind: 'key'; startsRun: boolean }
  /** Enter closed a burst: this is the scanned code, made of the run's keys from `from` on. */
  | { kind: 'code'; code: string; from: number }
  /** Enter after ordinary typing. */
  | { kind: 'enter' };

export class WedgeBurst {
  /** The printable keys since the last pause, with the time each came. */
  private run: { key: string; at: number }[] = [];
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: WedgeBurstOptions = WEDGE_DEFAULTS) {}

  /** `key` as KeyboardEvent.key; `at` in milliseconds. */
  feed(key: string, at: number): WedgeStep {
    const paused = at - this.lastAt > this.options.maxPauseMs;
    this.lastAt = at;
    if (key === 'Enter') {
      const from = paused ? -1 : this.codeStart(at);
      const code = from < 0 ? '' : this.run.slice(from).map((entry) => entry.key).join('');
      this.run = [];
      return from < 0 ? { kind: 'enter' } : { kind: 'code', code, from };
    }
    if (key.length !== 1) {
      // Shift and other modifiers arrive inside a burst (upper-case letters): they neither break nor count.
      if (key !== 'Shift') this.run = [];
      return { kind: 'key', startsRun: false };
    }
    const startsRun = paused || this.run.length === 0;
    if (startsRun) this.run = [];
    this.run.push({ key, at });
    return { kind: 'key', startsRun };
  }

  /** The last three keys came at a scanner's pace: what follows is very likely the rest of a scan. */
  get inBurst(): boolean {
    const keys = this.run.length;
    return keys >= 3 && this.run[keys - 1]!.at - this.run[keys - 3]!.at <= 2 * this.options.maxGapMs;
  }

  /**
   * Where the code starts in the run, -1 when there is none: the longest tail of the run that
   * starts with two keys at a scanner's pace and, Enter included, has no more than `maxStalls`
   * slower gaps. A person who typed a few letters just before scanning keeps them; a scanner
   * held back in the middle still gives its whole code.
   */
  private codeStart(enterAt: number): number {
    const times = [...this.run.map((entry) => entry.at), enterAt];
    const slow = times.slice(1).map((at, index) => at - times[index]! > this.options.maxGapMs);
    for (let from = 0; from <= this.run.length - this.options.minLength; from += 1) {
      const stalls = slow.slice(from).filter(Boolean).length;
      if (!slow[from] && stalls <= this.options.maxStalls) return from;
    }
    return -1;
  }
}
