/**
 * IPC channel and event names of technician mode (zod-free: the preload bundles them).
 * Technician mode unlocks printer and connection settings on this desk for a while.
 */
export const TECHNICIAN_CHANNELS = ['technician/state', 'technician/open', 'technician/close', 'technician/setPin'] as const;
/** Technician mode opened, closed or expired. */
export const TECHNICIAN_EVENTS = ['technician/changed'] as const;
