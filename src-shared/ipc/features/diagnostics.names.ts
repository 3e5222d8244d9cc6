/**
 * IPC channel names of the technician's diagnostics (zod-free: the preload bundles them):
 * the About card's versions and data folder, and the archive a technician sends.
 */
export const DIAGNOSTICS_CHANNELS = ['diagnostics/about', 'diagnostics/export'] as const;
export const DIAGNOSTICS_EVENTS = [] as const;
