import type { Workplace } from '../../src-shared/ipc/workplace';
import type { STATISTICS_CHANNELS } from '../../src-shared/ipc/features/statistics.names';
import { localDay } from '../../src-shared/day';
import type { DayFigures } from '../../src-shared/statistics/figures';
import type { DeskFeature, TrainingPort } from '../features';
import type { PlatformBoardClient } from '../platform/tickets/board';
import type { StaffSessionService } from '../staff/session';
import { ticketsCsv } from './csv';
import { computeDayFigures, type Thresholds } from './figures';

export interface StatisticsDeps {
  board: Pick<PlatformBoardClient, 'listForDay'>;
  staff: Pick<StaffSessionService, 'requireSession'>;
  /**
   * The board's view of this desk (composed in desk.ts from the board's snapshot): the
   * granted workplace and the waiting thresholds. Asking it also keeps the board's live
   * feed open, whose `board/rows` pushes tell the Statistics page to refresh.
   */
  desk: () => Promise<{ workplace: Workplace; settings: Thresholds }>;
  training: Pick<TrainingPort, 'officePlaces'> | null;
  now?: () => Date;
}

/** Figures and exports of one day at the staff member's office place, staff only. */
export function createStatisticsFeature(deps: StatisticsDeps): DeskFeature<typeof STATISTICS_CHANNELS> {
  const now = deps.now ?? (() => new Date());
  const placeLabel = (id: number) => deps.training?.officePlaces.find((place) => place.platformId === id)?.name;

  async function day(requested: string | undefined) {
    deps.staff.requireSession();
    const { workplace, settings } = await deps.desk();
    const list = await deps.board.listForDay({ officePlaceId: workplace.officePlaceId, ...(requested ? { day: requested } : {}) });
    return { list, workplace, settings };
  }

  return {
    handlers: {
      'statistics/day': async (request): Promise<DayFigures> => {
        const { list, workplace, settings } = await day(request.day);
        const at = now();
        return computeDayFigures({
          day: list.day,
          officePlaceId: workplace.officePlaceId,
          tickets: list.tickets,
          thresholds: settings,
          now: at,
          today: list.day === localDay(at),
          placeLabel,
        });
      },
      'statistics/exportCsv': async (request) => {
        const { list, workplace } = await day(request.day);
        const csv = ticketsCsv(list.tickets, { includeNames: request.includeNames, placeLabel: (id) => placeLabel(id) ?? String(id) });
        return { fileName: `tickets-${list.day}-lieu-${workplace.officePlaceId}.csv`, csv, rows: list.tickets.length };
      },
    },
  };
}
