import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataMbOf, usual } from '../../bench/soak/measure';
import { failures, keepsGrowing, metricsOf } from '../../bench/soak/verdict';

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

describe("the soak: a desk's main at rest, read nine times", () => {
  const beat = '() => void this.beat()';
  const parser = 'function onParserTimeout';

  it('counts a heartbeat caught once in flight, and not a request in flight in two readings', () => {
    const readings = [[beat], [beat, parser], [], [beat], [beat], [beat, parser], [beat], [beat], [beat]];
    expect(usual(readings)).toEqual([beat]);
  });

  it('counts a leak in every reading, however the work in flight falls', () => {
    const reading = fc.array(fc.constantFrom(beat, parser, 'keep-alive'), { maxLength: 6 });
    fc.assert(
      fc.property(fc.array(reading, { minLength: 9, maxLength: 9 }), (readings) => {
        const leaked = readings.map((items) => [...items, 'leak', 'leak']);
        return usual(leaked).length === usual(readings).length + 2 && usual(leaked).filter((item) => item === 'leak').length === 2;
      }),
    );
  });
});

describe('the soak: the heaps judged by the next morning', () => {
  const counts = { handles: 30, timers: 100, listeners: 3000, sse: 5, domNodes: 9000 };
  // Main's heap rising 0.4 MB an hour all day, as the day's patients come at one pace.
  const day = Array.from({ length: 10 }, (_, hour) => ({ hour, ...counts, mainHeapMb: 30 + 0.4 * hour, rendererHeapMb: 14, eventToDomP95Ms: 50 }));
  const start = { mains: [17.4, 17.3], pages: [8.7, 10.0] };

  it("a heap that grew with the day's patients and gave them back the next morning is not a leak", () => {
    const metrics = metricsOf(day, counts, counts, { start, nextMorning: { mains: [17.7, 17.5], pages: [8.5, 10.2] } });
    expect(keepsGrowing(day.map((row) => row.mainHeapMb), 1)).toBe(true);
    expect(metrics.growing).toEqual([]);
    expect(metrics.heapLeftMainMb).toBeCloseTo(0.3);
    expect(failures(metrics)).toEqual([]);
  });

  it('data one process still holds the next morning is, and the failure says how much', () => {
    const metrics = metricsOf(day, counts, counts, { start, nextMorning: { mains: [17.5, 19.8], pages: [8.5, 10.2] } });
    expect(metrics.heapLeftMainMb).toBeCloseTo(2.5);
    expect(failures(metrics)).toEqual(['mainHeapMb: 2.5 MB more data than at the start once the day was over (≤ 1)']);
  });

  it("counts a snapshot's data, not its compiled code nor V8's own structures", () => {
    const snapshot = {
      snapshot: { meta: { node_fields: ['type', 'name', 'id', 'self_size'], node_types: [['hidden', 'array', 'string', 'object', 'code', 'closure', 'object shape', 'native']] } },
      // type, name, id, self_size
      nodes: [3, 0, 1, 1_048_576, 4, 0, 2, 5_000_000, 2, 0, 3, 524_288, 0, 0, 4, 9_999, 6, 0, 5, 7_777, 7, 0, 6, 524_288],
    };
    expect(dataMbOf(JSON.stringify(snapshot))).toBe(2);
  });
});
