import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import { STATISTICS_DAYS, type CsvExport, type CsvLanguage, type DayFigures } from '../../../../src-shared/statistics/figures';
import { desk, unwrap } from '../../../bridge/desk';
import { offeredDays } from '../model/charts';
import { saveDownload } from '../../../composables/saveDownload';

/** Board pushes come in bursts (a call is a few rows): one recomputation per burst is enough. */
const PUSH_COALESCE_MS = 2_000;
/** Live figures age with the clock even when nothing happens (the longest wait grows). */
const CLOCK_REFRESH_MS = 60_000;

/** The day in figures: main computes, this store asks, follows the running day and saves exports. */
export const useStatisticsStore = defineStore('statistics', () => {
  const days = ref<string[]>(offeredDays(new Date(), STATISTICS_DAYS));
  /** Null: today, whatever the date when the page stays open past midnight. */
  const day = ref<string | null>(null);
  const figures = shallowRef<DayFigures | null>(null);
  const loading = ref(false);
  const live = computed(() => figures.value?.today === true);
  let stops: (() => void)[] = [];
  let coalesce: ReturnType<typeof setTimeout> | null = null;
  let clock: ReturnType<typeof setInterval> | null = null;
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    try {
      const next = await unwrap(desk.statistics.day(day.value === null ? {} : { day: day.value }));
      // A later choice of day wins over an answer still on its way.
      if (mine === generation) figures.value = next;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  async function choose(next: string | null): Promise<void> {
    day.value = next;
    await load();
  }

  function pushed(change: BoardRowsEvent): void {
    if (!live.value || coalesce !== null || change.freshnessOnly) return;
    coalesce = setTimeout(() => {
      coalesce = null;
      void load().catch(() => undefined);
    }, PUSH_COALESCE_MS);
  }

  /** Follows the running day: the board's pushes and the clock. */
  async function open(): Promise<void> {
    days.value = offeredDays(new Date(), STATISTICS_DAYS);
    if (stops.length === 0) {
      stops = [desk.on.board.rows(pushed)];
      clock = setInterval(() => {
        if (live.value) void load().catch(() => undefined);
      }, CLOCK_REFRESH_MS);
    }
    await load();
  }

  function close(): void {
    for (const stop of stops) stop();
    stops = [];
    if (coalesce !== null) clearTimeout(coalesce);
    if (clock !== null) clearInterval(clock);
    coalesce = null;
    clock = null;
  }

  /** The CSV is produced in main; the renderer saves it as a download (Electron asks where). */
  async function exportCsv(includeNames: boolean, language: CsvLanguage): Promise<CsvExport> {
    const answer = await unwrap(desk.statistics.exportCsv({ includeNames, language, ...(day.value === null ? {} : { day: day.value }) }));
    saveDownload(new Blob([answer.csv], { type: 'text/csv;charset=utf-8' }), answer.fileName);
    return answer;
  }

  return { days, day, figures, loading, live, load, choose, open, close, exportCsv };
});
