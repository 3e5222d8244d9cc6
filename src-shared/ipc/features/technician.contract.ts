import { z } from 'zod';
import { none, type ChannelSpec } from '../spec';
import type { TECHNICIAN_CHANNELS, TECHNICIAN_EVENTS } from './technician.names';

/** The desk's local technician PIN: digits only, typed on a keypad as well as a keyboard. */
export const technicianPinSchema = z.string().regex(/^\d{4,12}$/);

export const technicianStateSchema = z.object({
  open: z.boolean(),
  /** When technician mode closes if nothing is done with it; null while closed. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** False until a PIN is set on this desk: only a signed-in supervisor can open it then. */
  pinSet: z.boolean(),
  /** The signed-in staff member may open technician mode without the PIN (the desk's supervisor rule). */
  supervisorSignedIn: z.boolean(),
  /** Training profile only: the training PIN, shown to trainees; null on a real profile. */
  trainingPin: z.string().nullable(),
});
export type TechnicianState = z.infer<typeof technicianStateSchema>;

export const technicianOpenRequestSchema = z.discriminatedUnion('with', [
  z.object({ with: z.literal('pin'), pin: technicianPinSchema }),
  z.object({ with: z.literal('supervisor') }),
]);
export type TechnicianOpenRequest = z.infer<typeof technicianOpenRequestSchema>;

export const technicianContract = {
  'technician/state': { request: none, response: technicianStateSchema },
  'technician/open': { request: technicianOpenRequestSchema, response: technicianStateSchema },
  'technician/close': { request: none, response: technicianStateSchema },
  'technician/setPin': { request: z.object({ pin: technicianPinSchema }), response: technicianStateSchema },
} as const satisfies Record<(typeof TECHNICIAN_CHANNELS)[number], ChannelSpec>;
export const technicianEvents = { 'technician/changed': technicianStateSchema } as const satisfies Record<(typeof TECHNICIAN_EVENTS)[number], z.ZodType>;
