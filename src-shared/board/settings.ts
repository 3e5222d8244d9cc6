import { z } from 'zod';

// The board's settings contracts, apart from rows.ts and punctuality.ts: the board's first screen
// takes the defaults and the arithmetic from those, the settings dialog opened later brings these
// schemas (and zod) with it.

/**
 * How far from the appointment an arrival may be before the desk says it (board settings):
 * a patient far too early waits long, one late may no longer fit the schedule. Absent in older
 * settings files, so defaults apply there.
 */
export const punctualitySettingsSchema = z.object({
  /** Early beyond this many minutes before the appointment. */
  earlyMinutes: z.number().int().min(0).max(720).default(30),
  /** Late beyond this many minutes after the appointment. */
  lateMinutes: z.number().int().min(0).max(720).default(10),
});
export type PunctualitySettings = z.infer<typeof punctualitySettingsSchema>;

/** Waiting-time colour thresholds and punctuality margins, in minutes (configurable per desk). */
export const boardSettingsSchema = punctualitySettingsSchema.extend({
  amberMinutes: z.number().int().min(1).max(600),
  redMinutes: z.number().int().min(1).max(600),
  /** Minutes without input before the desk locks; 0 = never. */
  idleLockMinutes: z.number().int().min(0).max(600),
  /** A chime when a patient arrives; off by default (a shared reception room), absent in older files. */
  arrivalChime: z.boolean().default(false),
});
export type BoardSettings = z.infer<typeof boardSettingsSchema>;
