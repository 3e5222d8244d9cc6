/** IPC channel and event names of the board feature (zod-free: the preload bundles them). */
export const BOARD_CHANNELS = [
  'board/workplaceOptions',
  'board/chooseWorkplace',
  'board/snapshot',
  'board/callNext',
  'board/call',
  'board/setStatus',
  'board/saveSettings',
  'board/lock',
  'board/unlock',
  'board/office',
  'board/setDeskState',
  'board/setQueue',
  'board/queueOptions',
  'board/transfer',
  'board/absent',
  'board/dismissAbsent',
  'board/unsent',
  'board/dropUnsent',
  'board/focus',
] as const;
export const BOARD_EVENTS = ['board/rows', 'board/live', 'board/locked', 'board/refused', 'board/office', 'board/unsent'] as const;
