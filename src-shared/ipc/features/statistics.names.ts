/**
 * IPC channel names of the statistics feature (zod-free: the preload bundles them).
 * Live updates follow the board's own pushes (`board/rows`): no event of its own.
 */
export const STATISTICS_CHANNELS = ['statistics/day', 'statistics/live', 'statistics/waitEstimate', 'statistics/exportCsv'] as const;
export const STATISTICS_EVENTS = [] as const;
