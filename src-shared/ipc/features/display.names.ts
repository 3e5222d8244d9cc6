/**
 * IPC channel and event names of the public display feature (zod-free: the preload bundles them).
 * The display shows the calls of the desk's office place and needs no staff session.
 */
export const DISPLAY_CHANNELS = ['display/calls', 'display/screens', 'display/open'] as const;
/** The calls on screen changed (pushed while the platform's live events are followed). */
export const DISPLAY_EVENTS = ['display/callsChanged'] as const;
