import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absentChanges, byAbsentSince, withAbsentChanges, type PushedAbsent } from '../../../src-shared/board/absent-changes';
import type { AbsentRow } from '../../../src-shared/board/desks';

/** An absent list as main holds it: one row a ticket, in its order. */
const absentList = fc
  .uniqueArray(
    fc.record({
      ticketId: fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6'),
      formattedNumber: fc.constantFrom('A001', 'A002'),
      patientDisplayName: fc.option(fc.constantFrom('Jean D.', 'Marie L.'), { nil: null }),
      calls: fc.integer({ min: 1, max: 4 }),
      deskLabel: fc.constantFrom('Accueil 1', 'Accueil 2'),
      // Two tickets set aside in the same second: the order is still one.
      at: fc.constantFrom('2026-12-07T09:00:00+01:00', '2026-12-07T09:05:00+01:00', '2026-12-07T10:00:00+01:00'),
    }),
    { selector: (row) => row.ticketId, maxLength: 6 },
  )
  .map((rows) => rows.sort(byAbsentSince));

describe('the absent list pushed as its changes', () => {
  it('a page that applies every change holds the list main holds, step after step', () => {
    fc.assert(
      fc.property(fc.array(absentList, { minLength: 1, maxLength: 8 }), (lists) => {
        let pushed: PushedAbsent = new Map();
        let page: AbsentRow[] = [];
        for (const list of lists) {
          const next = absentChanges(pushed, list);
          pushed = next.pushed;
          if (next.changes) page = withAbsentChanges(page, next.changes);
          expect(page).toEqual(list);
        }
      }),
    );
  });

  it('sends only what changed: one patient let go of a hundred is one ticket removed, nothing else', () => {
    const rows: AbsentRow[] = Array.from({ length: 100 }, (_, i) => ({
      ticketId: `t${i}`,
      formattedNumber: `A${i}`,
      patientDisplayName: null,
      calls: 2,
      deskLabel: 'Accueil 1',
      at: `2026-12-07T09:${String(i % 60).padStart(2, '0')}:00+01:00`,
    }));
    const { pushed } = absentChanges(new Map(), rows);
    expect(absentChanges(pushed, rows.filter((row) => row.ticketId !== 't42')).changes).toEqual({ upserts: [], removed: ['t42'] });
    expect(absentChanges(pushed, rows).changes).toBeNull();
    const recalled = rows.map((row) => (row.ticketId === 't7' ? { ...row, calls: 3 } : row));
    expect(absentChanges(pushed, recalled).changes).toEqual({ upserts: [{ ...rows[7], calls: 3 }], removed: [] });
  });
});
