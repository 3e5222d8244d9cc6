/** IPC channel and event names of the printing feature (zod-free: the preload bundles them). */
export const PRINTING_CHANNELS = [
  'printing/reprint',
  'printing/overview',
  'printing/state',
  'printing/saveSettings',
  'printing/detect',
  'printing/testPrint',
  'printing/cancelJob',
  'printing/checkStatus',
] as const;
export const PRINTING_EVENTS = ['printing/statusChanged', 'printing/queueChanged', 'printing/previewPrinted'] as const;
