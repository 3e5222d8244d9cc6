import type { Workplace } from '../../src-shared/ipc/workplace';
import type { STATISTICS_CHANNELS } from '../../src-shared/ipc/features/statistics.names';
import { localDay } from '../../src-shared/day';
import type { DayFigures } from '../../src-shared/statistics/figures';
import { estimateFor, roundedWait } from '../../src-shared/statistics/wait-estimate';
import type { DeskFeature, TrainingPort } from '../features';
import type { DayList, PlatformBoardClient } from '../platform/tickets/board';
import { isNotOffered } from '../platform/tickets/http';
import { ticketsCsv } from './csv';
import { computeDayFigures, liveFigures, ticketFacts, type Thresholds } from './figures';
import { estimateWaits } from './wait-estimate';

export interface StatisticsDeps {
  board: Pick<PlatformBoardClient, 'listForDay'>;
  /**
   * The board's view of this desk (composed in desk.ts from the board's snapshot): the
   * granted workplace and the waiting thresholds. Asking it also keeps the board's live
   * feed open, whose `board/rows` pushes tell the Statistics page to refresh.
   */
  desk: () => Promise<{ workplace: Workplace; settings: Thresholds }>;
  training: Pick<TrainingPort, 'officePlaces'> | null;
  /** Today's list as the board keeps it live, null when it is not live: read instead of asking the platform. */
  today?: (officePlaceId: number) => DayList | null;
  now?: () => Date;
}

/**
 * A finished day hardly changes (an overnight ticket may still move): its list is kept
 * this long, so going back and forth between days does not re-read thousands of tickets.
 */
const FINISHED_DAY_TTL_MS = 5 * 60_000;
const FINISHED_DAYS_KEPT = 8;

export interface StatisticsFeature extends DeskFeature<typeof STATISTICS_CHANNELS> {
  /**
   * The estimated wait a ticket prints (rounded as the board shows it): that of the appointment's exam
   * type as its platform ticket records it, the office place's when the ticket is not in the list yet;
   * null when there is too little to say or the platform has no day list.
   */
  waitForAppointment(contractAppointmentId: string): Promise<number | null>;
}

/** Figures and exports of one day at the staff member's office place, staff only. */
export function createStatisticsFeature(deps: StatisticsDeps): StatisticsFeature {
  const now = deps.now ?? (() => new Date());
  const placeLabel = (id: number) => deps.training?.officePlaces.find((place) => place.platformId === id)?.name;
  const finished = new Map<string, { list: DayList; at: number }>();

  async function listOf(officePlaceId: number, requested: string | undefined): Promise<DayList> {
    const at = now().getTime();
    const isFinished = requested !== undefined && requested < localDay(now());
    const key = `${officePlaceId}|${requested}`;
    const live = isFinished ? null : (deps.today?.(officePlaceId) ?? null);
    if (live && (requested === undefined || requested === live.day)) return live;
    const kept = isFinished ? finished.get(key) : undefined;
    if (kept && at - kept.at < FINISHED_DAY_TTL_MS) return kept.list;
    const list = await deps.board.listForDay({ officePlaceId, ...(requested ? { day: requested } : {}) });
    if (isFinished) {
      finished.delete(key);
      finished.set(key, { list, at });
      if (finished.size > FINISHED_DAYS_KEPT) finished.delete(finished.keys().next().value!);
    }
    return list;
  }

  async function day(requested: string | undefined) {
    const { workplace, settings } = await deps.desk();
    try {
      const list = await listOf(workplace.officePlaceId, requested);
      return { list, offered: true, workplace, settings };
    } catch (error) {
      // A platform without the listForDay extension: no figures, and the page says why.
      if (!isNotOffered(error)) throw error;
      const list: DayList = { day: requested ?? localDay(now()), tickets: [], lastEventId: null };
      return { list, offered: false, workplace, settings };
    }
  }

  return {
    async waitForAppointment(contractAppointmentId) {
      const { list, offered } = await day(undefined);
      if (!offered) return null;
      const all = list.tickets.map(ticketFacts);
      const own = list.tickets.findIndex((ticket) => ticket.contractAppointmentId === contractAppointmentId && ticket.status !== 'cancelled');
      const { minutes } = estimateFor(estimateWaits(all, now().getTime()), own === -1 ? '' : all[own]!.examType);
      return minutes === null ? null : roundedWait(minutes);
    },
    handlers: {
      'statistics/day': async (request): Promise<DayFigures> => {
        const { list, offered, workplace, settings } = await day(request.day);
        const at = now();
        const figures = computeDayFigures({
          day: list.day,
          officePlaceId: workplace.officePlaceId,
          tickets: list.tickets,
          thresholds: settings,
          now: at,
          today: list.day === localDay(at),
          placeLabel,
        });
        return { ...figures, dayListOffered: offered };
      },
      'statistics/live': async () => {
        const { list } = await day(undefined);
        return liveFigures(list.tickets.map(ticketFacts), now().getTime());
      },
      'statistics/waitEstimate': async () => {
        const { list } = await day(undefined);
        return estimateWaits(list.tickets.map(ticketFacts), now().getTime());
      },
      'statistics/exportCsv': async (request) => {
        const { list, workplace } = await day(request.day);
        const language = request.language ?? 'fr';
        const csv = ticketsCsv(list.tickets, { includeNames: request.includeNames, language, placeLabel: (id) => placeLabel(id) ?? String(id) });
        const place = language === 'fr' ? 'lieu' : 'place';
        return { fileName: `tickets-${list.day}-${place}-${workplace.officePlaceId}.csv`, csv, rows: list.tickets.length };
      },
    },
  };
}
