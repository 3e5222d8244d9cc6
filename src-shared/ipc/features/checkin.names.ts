/** IPC channel and event names of the checkin feature (zod-free: the preload bundles them). */
export const CHECKIN_CHANNELS = [
  'checkin/search',
  'checkin/byCode',
  'checkin/readiness',
  'checkin/checkIn',
  'checkin/undo',
  'checkin/reverify',
  'checkin/trainerRevertArrival',
] as const;
export const CHECKIN_EVENTS = [] as const;
