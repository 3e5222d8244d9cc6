import { z } from 'zod';
import type { ChannelSpec } from '../spec';
import type { PRINTING_CHANNELS, PRINTING_EVENTS } from './printing.names';

/** Reprint a ticket of the board: main re-verifies the appointment before anything is printed. */
export const reprintRequestSchema = z.object({ contractAppointmentId: z.string().min(1).max(128) });

/** What became of a ticket handed to the desk printer. */
export const printOutcomeSchema = z.object({
  /** printed: the printer accepted it; queued: it waits in the durable queue; preview: training/preview transport. */
  outcome: z.enum(['printed', 'queued', 'preview']),
  jobId: z.string().nullable(),
});
export type PrintOutcome = z.infer<typeof printOutcomeSchema>;

export const printingContract = {
  'printing/reprint': { request: reprintRequestSchema, response: printOutcomeSchema },
} as const satisfies Record<(typeof PRINTING_CHANNELS)[number], ChannelSpec>;
export const printingEvents = {} as const satisfies Record<(typeof PRINTING_EVENTS)[number], z.ZodType>;
