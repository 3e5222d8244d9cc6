import { ADMIN_CHANNELS, ADMIN_EVENTS } from './features/admin.names';
import { BOARD_CHANNELS, BOARD_EVENTS } from './features/board.names';
import { CHECKIN_CHANNELS, CHECKIN_EVENTS } from './features/checkin.names';
import { DIAGNOSTICS_CHANNELS, DIAGNOSTICS_EVENTS } from './features/diagnostics.names';
import { DISPLAY_CHANNELS, DISPLAY_EVENTS } from './features/display.names';
import { PRINTING_CHANNELS, PRINTING_EVENTS } from './features/printing.names';
import { STATISTICS_CHANNELS, STATISTICS_EVENTS } from './features/statistics.names';
import { TECHNICIAN_CHANNELS, TECHNICIAN_EVENTS } from './features/technician.names';
import { WORKSTATION_CHANNELS, WORKSTATION_EVENTS } from './features/workstation.names';

/**
 * The names of every IPC channel and main → renderer event, as `domain/action`.
 * Kept free of zod so the sandboxed preload bundles to a few lines; `contract.ts`
 * is checked against these lists at compile time.
 */
const CORE_CHANNELS = [
  'app/info',
  'app/acknowledgeNotice',
  'connection/status',
  'connection/probe',
  'connection/compatibility',
  'staff/signIn',
  'staff/session',
  'staff/signOut',
  'profiles/list',
  'profiles/save',
  'profiles/activate',
  'profiles/remove',
] as const;
const CORE_EVENTS = ['connection/changed', 'staff/sessionChanged'] as const;

/** Every channel: the core ones above, then one list per feature (src-shared/ipc/features). */
export const CHANNELS = [
  ...CORE_CHANNELS,
  ...BOARD_CHANNELS,
  ...CHECKIN_CHANNELS,
  ...DISPLAY_CHANNELS,
  ...PRINTING_CHANNELS,
  ...ADMIN_CHANNELS,
  ...STATISTICS_CHANNELS,
  ...TECHNICIAN_CHANNELS,
  ...DIAGNOSTICS_CHANNELS,
  ...WORKSTATION_CHANNELS,
] as const;
export type Channel = (typeof CHANNELS)[number];

export const EVENTS = [...CORE_EVENTS, ...BOARD_EVENTS, ...CHECKIN_EVENTS, ...DISPLAY_EVENTS, ...PRINTING_EVENTS, ...ADMIN_EVENTS, ...STATISTICS_EVENTS, ...TECHNICIAN_EVENTS, ...DIAGNOSTICS_EVENTS, ...WORKSTATION_EVENTS] as const;
export type EventName = (typeof EVENTS)[number];

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENTS as readonly string[]).includes(value);
}
