/**
 * IPC channel names of this computer's own settings (zod-free: the preload bundles them):
 * whether the desk starts when the Windows session opens.
 */
export const WORKSTATION_CHANNELS = ['workstation/settings', 'workstation/setStartWithSession'] as const;
export const WORKSTATION_EVENTS = [] as const;
