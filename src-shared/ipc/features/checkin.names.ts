/**
 * IPC channel and event names of the checkin feature (zod-free: the preload bundles them).
 * The public display's channels live here too: the display shows the calls of the
 * desk's office place and needs no staff session.
 */
export const CHECKIN_CHANNELS = [
  'checkin/search',
  'checkin/byCode',
  'checkin/readiness',
  'checkin/checkIn',
  'checkin/undo',
  'display/calls',
  'display/screens',
  'display/open',
] as const;
export const CHECKIN_EVENTS = [] as const;
