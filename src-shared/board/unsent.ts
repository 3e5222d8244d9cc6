import { z } from 'zod';
import { contractDateTimeSchema } from '../publisher/schemas';

/**
 * A call, recall or transfer the platform could not take when staff asked (an outage).
 * It is never sent later on its own — the waiting room has moved on — but offered back
 * to staff once the platform is live again ("Appeler I005 maintenant ?"), until it expires.
 */
export const unsentMoveSchema = z.object({
  ticketId: z.string(),
  formattedNumber: z.string(),
  move: z.enum(['call', 'recall', 'transfer']),
  /** A transfer's destination (null: back to the waiting line), its label and note. */
  transfer: z.object({ toDeskId: z.number().int().nullable(), toDeskLabel: z.string().nullable(), note: z.string().nullable() }).optional(),
  askedAt: contractDateTimeSchema,
  expiresAt: contractDateTimeSchema,
});
export type UnsentMove = z.infer<typeof unsentMoveSchema>;
export const unsentMovesSchema = z.array(unsentMoveSchema);

/** How long an unsent move is offered back: past this, asking again is the receptionist's fresh decision. */
export const UNSENT_MOVE_TTL_MS = 120_000;
