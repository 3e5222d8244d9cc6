import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { LiveFigures } from '../../../../src-shared/statistics/figures';
import { desk, unwrap } from '../../../bridge/desk';
import { liveFollower } from './follow-live';

/** The desk's three live figures (board header), computed in main by the statistics module. */
export const useLiveFiguresStore = defineStore('statisticsLive', () => {
  const figures = shallowRef<LiveFigures | null>(null);

  async function load(): Promise<void> {
    try {
      figures.value = await unwrap(desk.statistics.live());
    } catch {
      // The header simply keeps its last figures: the board says what is wrong with the platform.
    }
  }

  return { figures, load, ...liveFollower(load) };
});
