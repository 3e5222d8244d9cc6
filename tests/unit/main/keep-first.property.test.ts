import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepFirst } from '../../../src-main/keep-first';

describe('keepFirst', () => {
  it('keeps what a stable sort would put first, whatever the order and the ties', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }), fc.integer({ min: -1, max: 12 }), (ranks, limit) => {
        const items = ranks.map((rank, index) => ({ rank, index }));
        const kept: typeof items = [];
        for (const item of items) keepFirst(kept, item, limit, (a, b) => a.rank < b.rank);
        const sorted = [...items].sort((a, b) => a.rank - b.rank || a.index - b.index);
        expect(kept).toEqual(sorted.slice(0, Math.max(0, limit)));
      }),
    );
  });
});
