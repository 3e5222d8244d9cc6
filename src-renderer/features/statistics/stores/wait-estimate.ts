import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { WaitEstimates } from '../../../../src-shared/statistics/wait-estimate';
import { desk, unwrap } from '../../../bridge/desk';
import { liveFollower } from './follow-live';

/** How long a patient arriving now will wait, per exam type (board header, public display), computed in main. */
export const useWaitEstimateStore = defineStore('statisticsWaitEstimate', () => {
  const estimates = shallowRef<WaitEstimates | null>(null);

  async function load(): Promise<void> {
    try {
      estimates.value = await unwrap(desk.statistics.waitEstimate());
    } catch {
      // Signed out or the platform unreachable: no estimate rather than an old one.
      estimates.value = null;
    }
  }

  return { estimates, load, ...liveFollower(load) };
});
