import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEligible } from '../../../../src-main/checkin/view';
import { localDay } from '../../../../src-shared/day';
import type { Appointment } from '../../../../src-shared/publisher/schemas';

/** `ms` written as a publisher may write it: the wall clock at `offsetMinutes`, with that offset (or `Z`). */
function written(ms: number, offsetMinutes: number, zulu: boolean): string {
  if (zulu) return new Date(ms).toISOString();
  const wall = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const appointment = (startDate: string) => ({ id: 'a1', patientId: 'p1', status: 'scheduled', startDate }) as Appointment;

describe("an appointment's day at the desk", () => {
  it('is the day of the instant on the desk calendar, whatever offset the publisher writes it with', () => {
    const dayStart = new Date(2026, 10, 24, 0, 0, 0).getTime();
    fc.assert(
      fc.property(
        // Any minute of the desk's day, any legal offset (-12:00 … +14:00, quarter hours), or Z.
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15),
        fc.boolean(),
        (minute, offsetMinutes, zulu) => {
          const ms = dayStart + minute * 60_000;
          const today = localDay(new Date(ms));
          expect(isEligible(appointment(written(ms, offsetMinutes, zulu)), today)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is not today for an instant of the next day, however it is written', () => {
    const tomorrowMorning = new Date(2026, 10, 25, 0, 30, 0).getTime();
    expect(isEligible(appointment(written(tomorrowMorning, -12 * 60, false)), '2026-11-24')).toBe(false);
  });
});
