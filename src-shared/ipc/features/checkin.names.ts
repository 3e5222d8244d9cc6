/** IPC channel and event names of the checkin feature (zod-free: the preload bundles them). */
export const CHECKIN_CHANNELS = [] as const;
export const CHECKIN_EVENTS = [] as const;
