import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { LiveFigures } from '../../../../src-shared/statistics/figures';
import { desk, unwrap } from '../../../bridge/desk';

/** Board pushes come in bursts: one recomputation per burst. */
const PUSH_COALESCE_MS = 2_000;
/** Waits grow with the clock even when nothing happens. */
const CLOCK_REFRESH_MS = 30_000;

/** The desk's three live figures (board header), computed in main by the statistics module. */
export const useLiveFiguresStore = defineStore('statisticsLive', () => {
  const figures = shallowRef<LiveFigures | null>(null);
  let followers = 0;
  let stops: (() => void)[] = [];
  let coalesce: ReturnType<typeof setTimeout> | null = null;

  async function load(): Promise<void> {
    try {
      figures.value = await unwrap(desk.statistics.live());
    } catch {
      // The header simply keeps its last figures: the board says what is wrong with the platform.
    }
  }

  function pushed(): void {
    if (coalesce !== null) return;
    coalesce = setTimeout(() => {
      coalesce = null;
      void load();
    }, PUSH_COALESCE_MS);
  }

  /** Starts following (the first component that shows the figures); `unfollow` stops with the last. */
  function follow(): void {
    followers += 1;
    if (followers > 1) return;
    const clock = setInterval(() => void load(), CLOCK_REFRESH_MS);
    stops = [desk.on.board.rows(pushed), () => clearInterval(clock)];
    void load();
  }

  function unfollow(): void {
    followers = Math.max(0, followers - 1);
    if (followers > 0) return;
    for (const stop of stops) stop();
    stops = [];
    if (coalesce !== null) clearTimeout(coalesce);
    coalesce = null;
  }

  return { figures, load, follow, unfollow };
});
