import { z } from 'zod';

/**
 * The ticket layout model (DESIGN.md §5): one description of a printed ticket that
 * both the ESC/POS encoder (main) and the preview picture (SVG) are drawn from, so
 * what the technician sees is what the printer prints.
 */
export const paperWidthSchema = z.union([z.literal(58), z.literal(80)]);
export type PaperWidth = z.infer<typeof paperWidthSchema>;

export const ticketLanguageSchema = z.enum(['fr', 'en']);
export type TicketLanguage = z.infer<typeof ticketLanguageSchema>;

/** One block of a ticket, top to bottom; text is already fitted to the paper's columns. */
export const ticketBlockSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: z.string().max(256),
    align: z.enum(['left', 'center']),
    bold: z.boolean(),
    /** Character magnification (ESC/POS `GS !`): 1 normal, 2 double width and height. */
    size: z.union([z.literal(1), z.literal(2)]),
  }),
  z.object({ kind: z.literal('qr'), data: z.string().min(1).max(512) }),
  z.object({ kind: z.literal('rule') }),
  z.object({ kind: z.literal('feed'), lines: z.number().int().min(1).max(8) }),
]);
export type TicketBlock = z.infer<typeof ticketBlockSchema>;

export const ticketLayoutSchema = z.object({
  paperWidth: paperWidthSchema,
  /** Characters per line of the normal font on this paper and printer model. */
  columns: z.number().int().min(16).max(64),
  language: ticketLanguageSchema,
  blocks: z.array(ticketBlockSchema).max(64),
});
export type TicketLayout = z.infer<typeof ticketLayoutSchema>;

/** One appointment of a journey as its ticket lists it: the exam, where, and when it is booked. */
export const ticketExamSchema = z.object({
  examLabel: z.string().max(256).nullable(),
  roomLabel: z.string().max(256).nullable(),
  /** The appointment's start, ISO date-time. */
  startDate: z.iso.datetime({ offset: true }),
});
export type TicketExam = z.infer<typeof ticketExamSchema>;

/** What a ticket says: facts of the appointment and ticket, no patient name or birth date. */
export const ticketFactsSchema = z.object({
  formattedNumber: z.string().min(1).max(32),
  examLabel: z.string().max(256).nullable(),
  practitionerLabel: z.string().max(256).nullable(),
  roomLabel: z.string().max(256).nullable(),
  /** The appointment's start, ISO date-time: the patient's time, printed beside the print time (absent in older queued jobs). */
  appointmentAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** When the ticket was issued or reprinted, ISO date-time. */
  printedAt: z.iso.datetime({ offset: true }),
  /** The appointment's day (YYYY-MM-DD): ticket numbers are recycled per office place and day. */
  day: z.iso.date(),
  /**
   * Every appointment checked in together under this number, soonest first, when there are
   * several (docs/desk-checkin.md, "Every exam of the journey"); absent for a single one.
   */
  journey: z.array(ticketExamSchema).max(8).optional(),
  /**
   * The estimated wait for this ticket's exam type when it was printed, minutes already rounded as
   * shown (statistics/waitEstimate); absent or null: nothing printed (option off, or too few calls to say).
   */
  waitMinutes: z.number().int().nonnegative().nullable().optional(),
});
export type TicketFacts = z.infer<typeof ticketFactsSchema>;

/** What the technician sets per office place: the ticket's header, footer, QR code and language. */
export const ticketLayoutSettingsSchema = z.object({
  establishmentName: z.string().trim().min(1).max(64),
  /** `officePlaceVisibleId` a patient app sends to find an appointment by ticket; empty: no QR code. */
  officePlaceVisibleId: z.string().trim().max(128),
  showQr: z.boolean(),
  footer: z.string().max(160),
  language: ticketLanguageSchema,
  /** Print « Attente estimée : ~15 min » under the times (off when absent: settings saved before the option). */
  showWaitEstimate: z.boolean().optional(),
});
export type TicketLayoutSettings = z.infer<typeof ticketLayoutSettingsSchema>;
