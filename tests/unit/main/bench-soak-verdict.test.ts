import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepsGrowing } from '../../bench/soak/verdict';

describe('the soak: does a series keep growing?', () => {
  it('a leak, a steady rise under noise, is caught', () => {
    // Timers rising by 6 an hour, each reading up to 20 more when work is in flight.
    const noise = [0, 18, 3, 12, 0, 20, 5, 0, 15, 2];
    expect(keepsGrowing(noise.map((extra, hour) => 100 + 6 * hour + extra), 4)).toBe(true);
  });

  it('a cache that fills in the morning then stays is not a leak', () => {
    expect(keepsGrowing([100, 130, 150, 160, 162, 161, 163, 162, 161, 163], 4)).toBe(false);
  });

  it('readings that only move with the work in flight are not a leak, however they fall at the ends', () => {
    // The short day of 27 Nov: 141 → 133 timers, peaks mid-activity, no floor rising.
    expect(keepsGrowing([141, 122, 124, 111, 122, 105, 129, 117, 107, 133], 4)).toBe(false);
    // The short day of 28 Nov: the middle's floor dipped (130) below the morning's (139), the afternoon's is 135.
    expect(keepsGrowing([176, 139, 152, 130, 147, 154, 158, 135, 154, 139], 4)).toBe(false);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 10, maxLength: 10 }), (extras) => {
        // A floor that never moves: a zero in every third.
        const values = extras.map((extra, hour) => 100 + (hour % 3 === 0 || hour === 4 || hour === 8 ? 0 : extra));
        return !keepsGrowing(values, 4);
      }),
    );
  });
});
