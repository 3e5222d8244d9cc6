import { z } from 'zod';
import { forwardStatusSchema } from '../../../src-shared/board/rows';

/**
 * What the board keeps on disk until delivered. Every entry carries its ticket: the
 * outbox delivers one ticket's entries in order, other tickets' independently.
 */
export const outboxEntrySchema = z.discriminatedUnion('kind', [
  /** PUT status on the publisher, then the platform is told. */
  z.object({
    kind: z.literal('publisherStatus'),
    id: z.string(),
    ticketId: z.string(),
    /** Who asked and the ticket's number, so its delivery after the wait is audited as asked (absent in older files). */
    staff: z.string().max(256).optional(),
    formattedNumber: z.string().max(64).optional(),
    appointmentId: z.string(),
    status: forwardStatusSchema,
  }),
  /** appointmentStatusChanged on the platform (best effort, but never forgotten). */
  z.object({
    kind: z.literal('platformStatus'),
    id: z.string(),
    ticketId: z.string(),
    appointmentId: z.string(),
    status: z.string().min(1).max(32),
  }),
  /** callTicket on the platform (public display). */
  z.object({
    kind: z.literal('call'),
    id: z.string(),
    ticketId: z.string(),
    staff: z.string().max(256).optional(),
    formattedNumber: z.string().max(64).optional(),
    kioskDeskId: z.number().int().nullable(),
    deskLabel: z.string().min(1).max(64),
    recall: z.boolean(),
  }),
]);
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxFileSchema = z.object({ entries: z.array(outboxEntrySchema) });
