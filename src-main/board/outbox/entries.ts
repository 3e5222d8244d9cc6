import { z } from 'zod';
import { heldStatusSchema } from '../../../src-shared/board/held';
import { forwardStatusSchema } from '../../../src-shared/board/rows';

/**
 * What the board keeps on disk until delivered. Every entry carries its ticket: the
 * outbox delivers one ticket's entries in order, other tickets' independently.
 */
const entry = { id: z.string(), ticketId: z.string() };
/** Who asked and the ticket's number, so a staff action delivered after the wait is audited as asked (absent in older files). */
const askedBy = { staff: z.string().max(256).optional(), formattedNumber: z.string().max(64).optional() };

export const outboxEntrySchema = z.discriminatedUnion('kind', [
  /** PUT status on the publisher, then the platform is told. */
  z.object({ kind: z.literal('publisherStatus'), ...entry, ...askedBy, appointmentId: z.string(), status: forwardStatusSchema }),
  /**
   * A done or close held for its Undo until `sendAt` (epoch ms), then delivered as a publisherStatus:
   * on disk from the moment staff pressed the key, so neither a closed window nor a killed desk loses it.
   */
  z.object({
    kind: z.literal('held'),
    ...entry,
    ...askedBy,
    appointmentId: z.string(),
    /** A journey's close: its other exams, moved too (docs/desk-checkin.md, "Every exam of the journey"). */
    linkedAppointmentIds: z.array(z.string()).max(16).optional(),
    status: heldStatusSchema,
    sendAt: z.number().int().nonnegative(),
  }),
  /** appointmentStatusChanged on the platform (best effort, but never forgotten). */
  z.object({ kind: z.literal('platformStatus'), ...entry, appointmentId: z.string(), status: z.string().min(1).max(32) }),
  /** callTicket on the platform (public display). */
  z.object({
    kind: z.literal('call'),
    ...entry,
    ...askedBy,
    kioskDeskId: z.number().int().nullable(),
    deskLabel: z.string().min(1).max(64),
    recall: z.boolean(),
  }),
]);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxFileSchema = z.object({ entries: z.array(outboxEntrySchema) });
