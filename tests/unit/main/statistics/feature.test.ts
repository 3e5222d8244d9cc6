import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../../src-shared/errors';
import type { DeskTicket } from '../../../../src-shared/platform/tickets';
import { dayFiguresSchema } from '../../../../src-shared/statistics/figures';
import { createStatisticsFeature } from '../../../../src-main/statistics/feature';
import type { DayList } from '../../../../src-main/platform/tickets/board';
import { PlatformRouteMissing } from '../../../../src-main/platform/tickets/http';

const ticket: DeskTicket = {
  ticketId: 't1',
  number: 1,
  formattedNumber: 'I001',
  day: '2026-11-23',
  officePlaceId: 2,
  contractAppointmentId: null,
  status: 'checkedIn',
  patientDisplayName: 'Léa Garnier',
  examLabel: 'IRM du genou',
  source: 'kiosk',
  issuedAt: '2026-11-23T09:00:00+01:00',
  updatedAt: '2026-11-23T09:00:00+01:00',
  history: [{ at: '2026-11-23T09:00:00+01:00', event: 'issued' }],
};

function feature() {
  const asked: { officePlaceId?: number; day?: string }[] = [];
  const statistics = createStatisticsFeature({
    board: {
      listForDay: async (query = {}): Promise<DayList> => {
        asked.push(query);
        return { day: query.day ?? '2026-11-23', tickets: [ticket], lastEventId: null };
      },
    },
    desk: async () => ({ workplace: { officePlaceId: 2, deskId: 1, deskLabel: 'Accueil 1' }, settings: { amberMinutes: 20, redMinutes: 40 } }),
    training: { officePlaces: [{ platformId: 2, name: 'Accueil Radiologie', visibleId: 'LYON-RADIO' }] },
    now: () => new Date('2026-11-23T09:30:00+01:00'),
  });
  return { handlers: statistics.handlers, asked };
}

describe('statistics feature', () => {
  it("figures of the staff member's office place, with the desk's thresholds and the place's name; today is live", async () => {
    const { handlers, asked } = feature();
    const figures = dayFiguresSchema.parse(await handlers['statistics/day']({}));
    expect(asked).toEqual([{ officePlaceId: 2 }]);
    expect(figures).toMatchObject({ day: '2026-11-23', officePlaceId: 2, dayListOffered: true, thresholds: { amberMinutes: 20, redMinutes: 40 }, today: true });
    expect(figures.byPlace.map((row) => row.label)).toEqual(['Accueil Radiologie']);
    // The one ticket, checked in at 9:00 and never called, has waited 30 minutes at 9:30.
    expect(figures.live).toEqual({ waitingNow: 1, averageWaitLastHour: null, longestWaitNow: 30 });
  });

  it('another day is asked as such and is not live; a finished day is read once, today every time', async () => {
    const { handlers, asked } = feature();
    const figures = await handlers['statistics/day']({ day: '2026-11-20' });
    expect(asked).toEqual([{ officePlaceId: 2, day: '2026-11-20' }]);
    expect(figures.today).toBe(false);
    await handlers['statistics/day']({ day: '2026-11-20' });
    await handlers['statistics/exportCsv']({ day: '2026-11-20', includeNames: false });
    await handlers['statistics/day']({});
    await handlers['statistics/day']({});
    expect(asked).toEqual([{ officePlaceId: 2, day: '2026-11-20' }, { officePlaceId: 2 }, { officePlaceId: 2 }]);
  });

  it('the CSV names its day and place, and leaves names out unless asked', async () => {
    const { handlers } = feature();
    const plain = await handlers['statistics/exportCsv']({ includeNames: false });
    expect(plain).toMatchObject({ fileName: 'tickets-2026-11-23-lieu-2.csv', rows: 1 });
    expect(plain.csv).not.toContain('Garnier');
    expect((await handlers['statistics/exportCsv']({ includeNames: true })).csv).toContain('Léa Garnier');
  });
});

describe('statistics feature on a platform without the day list', () => {
  it('answers empty figures that say the day list is not offered; other failures are told as they are', async () => {
    const build = (failure: Error) =>
      createStatisticsFeature({
        board: { listForDay: () => Promise.reject(failure) },
        desk: async () => ({ workplace: { officePlaceId: 2, deskId: 1, deskLabel: 'Accueil 1' }, settings: { amberMinutes: 15, redMinutes: 30 } }),
        training: null,
        now: () => new Date('2026-11-23T12:00:00'),
      }).handlers;
    const figures = await build(new PlatformRouteMissing('listForDay'))['statistics/day']({});
    expect(figures).toMatchObject({ day: '2026-11-23', dayListOffered: false, total: { arrivals: 0 } });
    await expect(build(new DeskError('PLATFORM_UNREACHABLE', 'down'))['statistics/day']({})).rejects.toMatchObject({ code: 'PLATFORM_UNREACHABLE' });
  });
});

describe('statistics/live', () => {
  it("the board header's three figures of today, from the same module", async () => {
    const { handlers, asked } = feature();
    expect(await handlers['statistics/live'](undefined)).toEqual({ waitingNow: 1, averageWaitLastHour: null, longestWaitNow: 30 });
    expect(asked).toEqual([{ officePlaceId: 2 }]);
  });
});

describe("today's list", () => {
  it('is the board\'s live one while the board is live there: the live figures do not read the whole day again', async () => {
    const asked: unknown[] = [];
    let live: DayList | null = { day: '2026-11-23', tickets: [ticket, { ...ticket, ticketId: 't2', formattedNumber: 'I002' }], lastEventId: null };
    const { handlers } = createStatisticsFeature({
      board: {
        listForDay: async (query = {}) => {
          asked.push(query);
          return { day: query.day ?? '2026-11-23', tickets: [ticket], lastEventId: null };
        },
      },
      desk: async () => ({ workplace: { officePlaceId: 2, deskId: 1, deskLabel: 'Accueil 1' }, settings: { amberMinutes: 20, redMinutes: 40 } }),
      today: (officePlaceId) => (officePlaceId === 2 ? live : null),
      training: null,
      now: () => new Date('2026-11-23T09:30:00+01:00'),
    });
    expect((await handlers['statistics/live'](undefined)).waitingNow).toBe(2);
    expect((await handlers['statistics/day']({ day: '2026-11-23' })).total.arrivals).toBe(2);
    expect(asked).toEqual([]);
    // A finished day is the platform's; so is today once the board is not live.
    await handlers['statistics/day']({ day: '2026-11-22' });
    expect(asked).toEqual([{ officePlaceId: 2, day: '2026-11-22' }]);
    live = null;
    expect((await handlers['statistics/live'](undefined)).waitingNow).toBe(1);
    expect(asked).toHaveLength(2);
  });
});

describe('the estimated wait a ticket prints', () => {
  /** Five MRI patients called after 10 min each, five scans after 30, all within the last hour and a half; `own` just issued. */
  function day(own: DeskTicket | null) {
    const at = (minutes: number) => new Date(Date.parse('2026-11-23T09:00:00+01:00') + minutes * 60_000).toISOString();
    const called = (index: number, examLabel: string, wait: number): DeskTicket => ({
      ...ticket,
      ticketId: `${examLabel}-${index}`,
      formattedNumber: `X${index}`,
      examLabel,
      status: 'checkedIn',
      issuedAt: at(index * 5),
      history: [
        { at: at(index * 5), event: 'issued' },
        { at: at(index * 5 + wait), event: 'called' },
      ],
    });
    const tickets = [...[0, 1, 2, 3, 4].map((index) => called(index, 'IRM du genou', 10)), ...[5, 6, 7, 8, 9].map((index) => called(index, 'Scanner thoracique', 30))];
    return createStatisticsFeature({
      board: { listForDay: async () => ({ day: '2026-11-23', tickets: own ? [...tickets, own] : tickets, lastEventId: null }) },
      desk: async () => ({ workplace: { officePlaceId: 2, deskId: 1, deskLabel: 'Accueil 1' }, settings: { amberMinutes: 20, redMinutes: 40 } }),
      training: null,
      now: () => new Date('2026-11-23T10:30:00+01:00'),
    });
  }

  it("is the estimate of the appointment's exam type, rounded as the board shows it; the office place's when its ticket is not listed", async () => {
    const scan: DeskTicket = { ...ticket, ticketId: 'own', contractAppointmentId: 'A-scan', examLabel: 'Scanner thoracique', issuedAt: '2026-11-23T10:29:00+01:00', history: [{ at: '2026-11-23T10:29:00+01:00', event: 'issued' }] };
    expect(await day(scan).waitForAppointment('A-scan')).toBe(30);
    expect(await day({ ...scan, examLabel: 'IRM du genou' }).waitForAppointment('A-scan')).toBe(10);
    expect(await day(null).waitForAppointment('A-scan')).toBe(20);
  });

  it('is none on a platform without the day list', async () => {
    const statistics = createStatisticsFeature({
      board: { listForDay: () => Promise.reject(new PlatformRouteMissing('listForDay')) },
      desk: async () => ({ workplace: { officePlaceId: 2, deskId: 1, deskLabel: 'Accueil 1' }, settings: { amberMinutes: 15, redMinutes: 30 } }),
      training: null,
    });
    expect(await statistics.waitForAppointment('A-scan')).toBeNull();
  });
});
