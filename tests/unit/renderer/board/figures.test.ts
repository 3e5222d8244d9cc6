import fc from 'fast-check';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVuetify } from 'vuetify';
import type { BoardGroup, BoardRow } from '../../../../src-shared/board/rows';
import { BoardLines } from '../../../../src-renderer/features/board/model/board-lines';
import { listedWaiting, NO_FILTERS, type BoardFilters } from '../../../../src-renderer/features/board/model/view';
import BoardLiveFigures from '../../../../src-renderer/features/statistics/components/BoardLiveFigures.vue';
import { createDeskI18n } from '../../../../src-renderer/plugins/i18n';
import { deskCalls, deskReplies } from '../setup';
import { row } from './rows';

/**
 * "En attente maintenant : 5" above a list of 4 must not happen: over a day of events (arrivals,
 * calls here and elsewhere, patients handed back to the waiting line, care, done, close, absent,
 * rows outside this desk's queue, searches and filters), the header's figures equal what the
 * list shows, counted here from the test's own model of the day.
 */
const DAY_START = Date.parse('2026-11-23T07:00:00+01:00');
const EXAMS = ['IRM', 'Scanner'];

type Event =
  | { kind: 'arrive'; exam: number; inQueue: boolean }
  | { kind: 'call'; pick: number }
  | { kind: 'handBack'; pick: number }
  | { kind: 'forward'; pick: number }
  | { kind: 'leave'; pick: number }
  | { kind: 'filter'; search: string; exam: number | null; wholeOffice: boolean }
  | { kind: 'tick'; minutes: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('arrive' as const), exam: fc.nat({ max: 1 }), inQueue: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('call' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('handBack' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('forward' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('filter' as const), search: fc.constantFrom('', 'i00', 'martin', 'zz'), exam: fc.option(fc.nat({ max: 1 })), wholeOffice: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 20 }) }) },
);

const NEXT: Partial<Record<BoardGroup, BoardGroup>> = { called: 'inCare', inCare: 'done' };

describe('the board header counts what the list shows', () => {
  afterEach(() => {
    deskReplies.clear();
    deskCalls.length = 0;
  });

  it('over a day of events, waiting now and the longest wait equal the listed waiting rows, whatever the queue and filters', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 50, maxLength: 300 }), (events) => {
        const lines = new BoardLines();
        /** The test's model of the day: every row still on the board. */
        const day = new Map<string, BoardRow>();
        let filters: BoardFilters = { ...NO_FILTERS };
        let now = DAY_START;
        let number = 0;
        const put = (next: BoardRow) => {
          day.set(next.ticketId, next);
          lines.apply({ upserts: [next], removed: [], reset: false });
        };
        const pick = (group: BoardGroup | null, index: number) => {
          const candidates = [...day.values()].filter((candidate) => group === null || candidate.group === group);
          return candidates[index % Math.max(1, candidates.length)];
        };
        for (const step of events) {
          switch (step.kind) {
            case 'arrive':
              number += 1;
              put(
                row({
                  ticketId: `t${number}`,
                  formattedNumber: `I${String(number).padStart(3, '0')}`,
                  number,
                  patientDisplayName: number % 3 === 0 ? 'Paul Martin' : 'Jeanne Durand',
                  examLabel: EXAMS[step.exam]!,
                  checkedInAt: new Date(now).toISOString(),
                  inQueue: step.inQueue,
                }),
              );
              break;
            case 'call': {
              const waiting = pick('waiting', step.pick);
              if (waiting) put({ ...waiting, group: 'called', lastCall: { deskId: step.pick % 2 === 0 ? 1 : 2, deskLabel: 'Accueil', at: new Date(now).toISOString() }, calls: 1 });
              break;
            }
            case 'handBack': {
              // A desk that left, a transfer back to waiting: called once, waiting again.
              const called = pick('called', step.pick);
              if (called) put({ ...called, group: 'waiting' });
              break;
            }
            case 'forward': {
              const moving = pick(step.pick % 2 === 0 ? 'called' : 'inCare', step.pick);
              if (moving) put({ ...moving, group: NEXT[moving.group]!, status: NEXT[moving.group] === 'inCare' ? 'inCare' : 'done' });
              break;
            }
            case 'leave': {
              // Closed, set aside as absent, cancelled: off the board.
              const leaving = pick(null, step.pick);
              if (leaving) {
                day.delete(leaving.ticketId);
                lines.apply({ upserts: [], removed: [leaving.ticketId], reset: false });
              }
              break;
            }
            case 'filter':
              filters = { ...NO_FILTERS, search: step.search, examType: step.exam === null ? null : EXAMS[step.exam]!, wholeOffice: step.wholeOffice };
              break;
            case 'tick':
              now += step.minutes * 60_000;
              break;
          }
          // What a receptionist reads in the list, from the model: waiting rows of the queue (or the whole office), matching the filters.
          const needle = filters.search.toLowerCase();
          const listed = [...day.values()].filter(
            (candidate) =>
              candidate.group === 'waiting' &&
              (filters.wholeOffice || candidate.inQueue !== false) &&
              (!filters.examType || candidate.examLabel === filters.examType) &&
              (!needle || candidate.formattedNumber.toLowerCase().includes(needle) || (candidate.patientDisplayName ?? '').toLowerCase().includes(needle)),
          );
          const shown = lines.lines(filters);
          const header = listedWaiting(shown, now);
          expect(header.waitingNow).toBe(listed.length);
          // The list's own heading says the same.
          const heading = shown.find((line) => line.kind === 'group' && line.group === 'waiting');
          expect(heading?.kind === 'group' ? heading.count : 0).toBe(listed.length);
          const oldest = Math.min(...listed.map((candidate) => Date.parse(candidate.checkedInAt)));
          expect(header.longestWaitNow).toBe(listed.length === 0 ? null : (now - oldest) / 60_000);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the header shows the list\'s figures, not main\'s count of the office, and says when a filter narrows them', async () => {
    // Main counts 5 waiting at the office place; the list shows 4 (one outside this desk's queue).
    deskReplies.set('statistics/live', () => ({ ok: true, value: { waitingNow: 5, averageWaitLastHour: 12, longestWaitNow: 40 } }));
    const mountWith = (listed: { waitingNow: number; longestWaitNow: number | null; filtered: boolean }) =>
      mount(BoardLiveFigures, { props: { listed }, global: { plugins: [createPinia(), createDeskI18n('fr'), createVuetify()] } });
    const wrapper = mountWith({ waitingNow: 4, longestWaitNow: 25, filtered: false });
    await flushPromises();
    const value = (id: string) => wrapper.find(`[data-testid="board-${id}"] [data-testid="value"]`).text();
    expect([value('waitingNow'), value('averageWaitLastHour'), value('longestWaitNow')]).toEqual(['4', '12 min', '25 min']);
    const filtered = mountWith({ waitingNow: 1, longestWaitNow: 3, filtered: true });
    await flushPromises();
    expect(filtered.find('[data-testid="board-waitingNow"]').text()).toBe('En attente (filtrés)\u00a0:1');
  });
});

describe('the header’s waiting figures on a busy board', () => {
  it('read the arrivals the list already holds: 5,000 waiting rows parse no date again (it held the board’s first frame)', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => row({ ticketId: `w${i}`, checkedInAt: new Date(DAY_START + i * 1_000).toISOString() }));
    const lines = new BoardLines(rows).lines(NO_FILTERS);
    const parse = vi.spyOn(Date, 'parse');
    try {
      const header = listedWaiting(lines, DAY_START + 60 * 60_000);
      expect(header).toEqual({ waitingNow: 5_000, longestWaitNow: 60 });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
