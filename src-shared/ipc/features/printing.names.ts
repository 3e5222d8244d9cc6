/** IPC channel and event names of the printing feature (zod-free: the preload bundles them). */
export const PRINTING_CHANNELS = ['printing/reprint'] as const;
export const PRINTING_EVENTS = [] as const;
