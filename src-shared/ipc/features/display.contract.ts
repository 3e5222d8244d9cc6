import { z } from 'zod';
import { contractDateTimeSchema } from '../../publisher/schemas';
import { none, type ChannelSpec } from '../spec';
import type { DISPLAY_CHANNELS, DISPLAY_EVENTS } from './display.names';

/** A call as the waiting room sees it: never a patient name. */
export const displayCallSchema = z.object({
  ticketId: z.string(),
  formattedNumber: z.string(),
  deskLabel: z.string(),
  at: contractDateTimeSchema,
  /** The appointment's room, when the desk that called knew it. */
  room: z.string().nullable().optional(),
});
export type DisplayCall = z.infer<typeof displayCallSchema>;
/**
 * `clinic`: the name the screen shows above the calls: the desk's office place as the medical system
 * names it, never the connection profile's name; absent when unknown (the screen shows its title). `offlineSince`:
 * when not live, since when the calls are no longer known to be current (the screen says so and stops
 * presenting the last call as the current one). `revision`: grows with every state of the feed, across
 * restarts too; a poll's answer can reach the screen after a newer push, and the screen ignores
 * an answer older than the one it shows (else it would take the pushed call for new again and chime twice).
 */
export const displayCallsSchema = z.object({
  revision: z.number().int().nonnegative(),
  calls: z.array(displayCallSchema),
  live: z.boolean(),
  clinic: z.string().nullable().optional(),
  offlineSince: contractDateTimeSchema.nullable().optional(),
});
export type DisplayCalls = z.infer<typeof displayCallsSchema>;

export const displayScreenSchema = z.object({ id: z.number().int(), label: z.string(), primary: z.boolean() });
export const displayScreensSchema = z.object({
  /** False in the browser preview: open `#/display` in another browser window instead. */
  windowAvailable: z.boolean(),
  screens: z.array(displayScreenSchema),
});
export type DisplayScreens = z.infer<typeof displayScreensSchema>;
export const displayOpenRequestSchema = z.object({ screenId: z.number().int().nullable() });


export const displayContract = {
  'display/calls': { request: none, response: displayCallsSchema },
  'display/screens': { request: none, response: displayScreensSchema },
  'display/open': { request: displayOpenRequestSchema, response: z.object({ opened: z.boolean() }) },
} as const satisfies Record<(typeof DISPLAY_CHANNELS)[number], ChannelSpec>;
export const displayEvents = { 'display/callsChanged': displayCallsSchema } as const satisfies Record<(typeof DISPLAY_EVENTS)[number], z.ZodType>;
