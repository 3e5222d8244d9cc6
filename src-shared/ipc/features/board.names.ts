/** IPC channel and event names of the board feature (zod-free: the preload bundles them). */
export const BOARD_CHANNELS = [] as const;
export const BOARD_EVENTS = [] as const;
