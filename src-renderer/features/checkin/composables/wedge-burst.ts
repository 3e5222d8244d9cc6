/**
 * A keyboard-wedge barcode scanner "types" a code far faster than a person: each key
 * follows the previous within a few milliseconds, and the burst ends with Enter. This
 * tells such a burst from typing, key by key, with no DOM involved (unit-tested).
 */
export interface WedgeBurstOptions {
  /** Longest gap between two keys of one burst. People rarely type under 50 ms per key, sustained. */
  maxGapMs: number;
  /** Shortest code accepted: shorter fast sequences are typing flukes. */
  minLength: number;
}

export const WEDGE_DEFAULTS: WedgeBurstOptions = { maxGapMs: 50, minLength: 6 };

export type WedgeStep =
  /** The key belongs to a possible burst (or is ordinary typing). */
  | { kind: 'key'; startsBurst: boolean }
  /** Enter closed a burst: this is the scanned code. */
  | { kind: 'code'; code: string }
  /** Enter after ordinary typing. */
  | { kind: 'enter' };

export class WedgeBurst {
  private chars = '';
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: WedgeBurstOptions = WEDGE_DEFAULTS) {}

  /** `key` as KeyboardEvent.key; `at` in milliseconds. */
  feed(key: string, at: number): WedgeStep {
    const fast = at - this.lastAt <= this.options.maxGapMs;
    this.lastAt = at;
    if (key === 'Enter') {
      const code = this.chars;
      this.chars = '';
      return fast && code.length >= this.options.minLength ? { kind: 'code', code } : { kind: 'enter' };
    }
    if (key.length !== 1) {
      // Shift and other modifiers arrive inside a burst (upper-case letters): they neither break nor count.
      if (key !== 'Shift') this.chars = '';
      return { kind: 'key', startsBurst: false };
    }
    const startsBurst = !fast || this.chars === '';
    this.chars = startsBurst ? key : this.chars + key;
    return { kind: 'key', startsBurst };
  }
}
