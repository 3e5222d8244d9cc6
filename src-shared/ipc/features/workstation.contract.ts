import { z } from 'zod';
import { none, type ChannelSpec } from '../spec';
import type { WORKSTATION_CHANNELS, WORKSTATION_EVENTS } from './workstation.names';

/** This computer's settings as Settings shows them (workstation.json, or the deployment file's word). */
export const workstationSettingsSchema = z.object({
  /** The desk opens when the user signs in to Windows (or macOS). */
  startWithSession: z.boolean(),
  /** The deployment file sets it: shown, not changeable at this desk. */
  startWithSessionLocked: z.boolean(),
  /** False in the browser preview: the choice is saved, the installed app applies it. */
  appliedHere: z.boolean(),
});
export type WorkstationSettings = z.infer<typeof workstationSettingsSchema>;

export const startWithSessionRequestSchema = z.strictObject({ startWithSession: z.boolean() });

export const workstationContract = {
  'workstation/settings': { request: none, response: workstationSettingsSchema },
  'workstation/setStartWithSession': { request: startWithSessionRequestSchema, response: workstationSettingsSchema },
} as const satisfies Record<(typeof WORKSTATION_CHANNELS)[number], ChannelSpec>;
export const workstationEvents = {} as const satisfies Record<(typeof WORKSTATION_EVENTS)[number], z.ZodType>;
