import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOARD_SETTINGS } from '../../../src-shared/board/rows';
import { boardSettingsSchema, punctualitySettingsSchema } from '../../../src-shared/board/settings';
import { DEFAULT_PUNCTUALITY, gapWords, punctuality } from '../../../src-shared/board/punctuality';

const MINUTE = 60_000;
/** Any instant of 2020–2035, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
const settings = fc.record({ earlyMinutes: fc.integer({ min: 0, max: 720 }), lateMinutes: fc.integer({ min: 0, max: 720 }) });

describe('punctuality of an arrival', () => {
  it('is early only beyond the early margin, late only beyond the late margin, on time in between', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -24 * 60 * MINUTE, max: 24 * 60 * MINUTE }), settings, (start, gap, margins) => {
        const result = punctuality(start, start + gap, margins)!;
        const expected = gap < -margins.earlyMinutes * MINUTE ? 'early' : gap > margins.lateMinutes * MINUTE ? 'late' : 'onTime';
        expect(result.mark).toBe(expected);
        expect(result.minutes).toBe(Math.floor(Math.abs(gap) / MINUTE));
        expect(result.before).toBe(gap < 0);
      }),
    );
  });

  it('keeps an arrival exactly at a margin on time, and one millisecond past it is marked', () => {
    fc.assert(
      fc.property(instant, settings, (start, margins) => {
        const early = margins.earlyMinutes * MINUTE;
        const late = margins.lateMinutes * MINUTE;
        expect(punctuality(start, start - early, margins)!.mark).toBe('onTime');
        expect(punctuality(start, start - early - 1, margins)!.mark).toBe('early');
        expect(punctuality(start, start + late, margins)!.mark).toBe('onTime');
        expect(punctuality(start, start + late + 1, margins)!.mark).toBe('late');
      }),
    );
  });

  it('widening a margin never turns an on-time arrival into a marked one', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -600 * MINUTE, max: 600 * MINUTE }), settings, fc.nat(100), (start, gap, margins, more) => {
        const wider = { earlyMinutes: margins.earlyMinutes + more, lateMinutes: margins.lateMinutes + more };
        if (punctuality(start, start + gap, margins)!.mark === 'onTime') expect(punctuality(start, start + gap, wider)!.mark).toBe('onTime');
      }),
    );
  });

  it('reads instants across midnight and offsets: 23:50 met at 00:10 the next day is 20 min late', () => {
    expect(punctuality('2026-11-23T23:50:00+01:00', '2026-11-24T00:10:00+01:00', DEFAULT_PUNCTUALITY)).toEqual({ mark: 'late', minutes: 20, before: false });
    // The same instant written in another offset is the same arrival.
    expect(punctuality('2026-11-23T22:50:00Z', '2026-11-24T09:10:00+10:00', DEFAULT_PUNCTUALITY)).toEqual({ mark: 'late', minutes: 20, before: false });
    expect(punctuality('2026-11-24T00:05:00+01:00', '2026-11-23T23:30:00+01:00', DEFAULT_PUNCTUALITY)).toEqual({ mark: 'early', minutes: 35, before: true });
  });

  it("says Léa's arrival 4 hours before her 06:45 appointment is early, and a day-late one is late", () => {
    expect(punctuality('2026-11-23T06:45:00+01:00', '2026-11-23T02:45:00+01:00', DEFAULT_PUNCTUALITY)).toEqual({ mark: 'early', minutes: 240, before: true });
    expect(punctuality('2026-11-23T06:45:00+01:00', '2026-11-24T06:45:00+01:00', DEFAULT_PUNCTUALITY)!.mark).toBe('late');
  });

  it('gives nothing for an unreadable time', () => {
    expect(punctuality('not a date', Date.now(), DEFAULT_PUNCTUALITY)).toBeNull();
  });

  it('writes gaps as staff say them', () => {
    expect([0, 25, 60, 65, 240, 605].map(gapWords)).toEqual(['0 min', '25 min', '1 h', '1 h 05', '4 h', '10 h 05']);
  });
});

describe('punctuality settings', () => {
  it('default to early beyond 30 min and late beyond 10 min, also for a board settings file written before them', () => {
    expect(DEFAULT_PUNCTUALITY).toEqual({ earlyMinutes: 30, lateMinutes: 10 });
    expect(punctualitySettingsSchema.parse({})).toEqual(DEFAULT_PUNCTUALITY);
    const older = { amberMinutes: 15, redMinutes: 30, idleLockMinutes: 10, arrivalChime: false };
    expect(boardSettingsSchema.parse(older)).toEqual(DEFAULT_BOARD_SETTINGS);
  });

  it('refuse negative, fractional and over-long margins', () => {
    for (const bad of [-1, 2.5, 721]) {
      expect(boardSettingsSchema.safeParse({ ...DEFAULT_BOARD_SETTINGS, earlyMinutes: bad }).success).toBe(false);
      expect(boardSettingsSchema.safeParse({ ...DEFAULT_BOARD_SETTINGS, lateMinutes: bad }).success).toBe(false);
    }
    expect(boardSettingsSchema.safeParse({ ...DEFAULT_BOARD_SETTINGS, earlyMinutes: 0, lateMinutes: 720 }).success).toBe(true);
  });
});
