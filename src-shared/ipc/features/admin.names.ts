/** IPC channel and event names of the admin feature (zod-free: the preload bundles them). */
export const ADMIN_CHANNELS = [] as const;
export const ADMIN_EVENTS = [] as const;
