import { z } from 'zod';

/** How long a move the medical system cannot take back (done, close) waits for an Undo before it is sent. */
export const UNDO_MS = 8_000;

/** The moves that are held: once sent, neither the publisher nor the platform offers a way back. */
export const HELD_STATUSES = ['done', 'closed'] as const;
export const heldStatusSchema = z.enum(HELD_STATUSES);
export type HeldStatus = z.infer<typeof heldStatusSchema>;

/**
 * A done or close waiting for its Undo, held by main (durably, in the outbox): sent when the
 * countdown ends whether or not a window is open, taken back by Undo from any window of the desk.
 * `sendInMs` is the time left when main said it, so each window counts down on its own clock.
 */
export const heldMoveSchema = z.object({
  id: z.string().min(1).max(64),
  ticketId: z.string(),
  formattedNumber: z.string(),
  status: heldStatusSchema,
  sendInMs: z.number().int().min(0).max(UNDO_MS),
});
export type HeldMove = z.infer<typeof heldMoveSchema>;
