/**
 * The names of every IPC channel and main → renderer event, as `domain/action`.
 * Kept free of zod so the sandboxed preload bundles to a few lines; `contract.ts`
 * is checked against these lists at compile time.
 */
export const CHANNELS = [
  'app/info',
  'connection/status',
  'staff/signIn',
  'staff/session',
  'staff/signOut',
  'profiles/list',
  'profiles/save',
  'profiles/activate',
  'profiles/remove',
] as const;
export type Channel = (typeof CHANNELS)[number];

export const EVENTS = ['connection/changed', 'staff/sessionChanged'] as const;
export type EventName = (typeof EVENTS)[number];

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENTS as readonly string[]).includes(value);
}
