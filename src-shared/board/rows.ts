import { z } from 'zod';
import { contractDateTimeSchema } from '../publisher/schemas';
import { ticketHandoffSchema, ticketStatusSchema, type TicketStatus } from '../platform/tickets';
import { DEFAULT_PUNCTUALITY } from './punctuality';
import type { BoardSettings } from './settings';

/**
 * The call board as main computes it and the renderer draws it: one row per ticket
 * of the day still in play at the staff's office place (closed and cancelled leave).
 */
export const BOARD_GROUPS = ['waiting', 'called', 'inCare', 'done'] as const;
export const boardGroupSchema = z.enum(BOARD_GROUPS);
export type BoardGroup = z.infer<typeof boardGroupSchema>;

/**
 * What the desk knows of the publisher's view of the row: checked just now
 * (verified), not yet (checking), could not ask (notVerified: publisher
 * unreachable), the appointment no longer exists (gone), nothing to ask about
 * (noAppointment: a ticket without appointment id).
 */
export const VERIFICATIONS = ['checking', 'verified', 'notVerified', 'gone', 'noAppointment'] as const;
export const verificationSchema = z.enum(VERIFICATIONS);
export type Verification = z.infer<typeof verificationSchema>;

/** A desk move as a row names it while it is on its way. */
export const BOARD_MOVES = ['call', 'recall', 'inCare', 'done', 'closed', 'transfer', 'absent'] as const;
export const boardMoveSchema = z.enum(BOARD_MOVES);
export type BoardMove = z.infer<typeof boardMoveSchema>;

/**
 * Another appointment checked in under the row's ticket (the patient's journey, src-shared/checkin/journey.ts):
 * the exam a second team does, so its queue sees the patient and the row names every exam.
 */
export const linkedExamSchema = z.object({
  contractAppointmentId: z.string(),
  examLabel: z.string().nullable(),
  examTypeId: z.string().nullable(),
  practitioner: z.string().nullable(),
  room: z.string().nullable(),
  startDate: contractDateTimeSchema,
  /** This exam is done (or closed) while another of the journey is not: the row waits for the next team. */
  done: z.boolean().optional(),
});
export type LinkedExam = z.infer<typeof linkedExamSchema>;

export const boardRowSchema = z.object({
  ticketId: z.string(),
  formattedNumber: z.string(),
  number: z.number().int(),
  status: ticketStatusSchema,
  group: boardGroupSchema,
  patientDisplayName: z.string().nullable(),
  examLabel: z.string().nullable(),
  examTypeId: z.string().nullable(),
  practitioner: z.string().nullable(),
  room: z.string().nullable(),
  contractAppointmentId: z.string().nullable(),
  /** When the ticket was issued, i.e. the patient checked in (kiosk or desk). */
  checkedInAt: contractDateTimeSchema,
  startDate: contractDateTimeSchema.nullable(),
  /** The journey's other exams under this ticket, soonest first; absent when the ticket is for one appointment. */
  linkedExams: z.array(linkedExamSchema).optional(),
  /** The main exam of a journey is done (the row waits for a linked one); absent otherwise. */
  examDone: z.boolean().optional(),
  lastCall: z.object({ deskId: z.number().int().nullable(), deskLabel: z.string(), at: contractDateTimeSchema }).nullable(),
  /**
   * What each group's time needs, computed once per row in main so the renderer's clock only
   * subtracts: the calls (the platform's history when offered, else 1 for a last call), and when
   * care began and ended (history, else the platform's last change when its status is that one;
   * null: unknown).
   */
  calls: z.number().int().nonnegative(),
  inCareAt: contractDateTimeSchema.nullable(),
  doneAt: contractDateTimeSchema.nullable(),
  verification: verificationSchema,
  /**
   * When the medical system last confirmed the row, given only once that is older than the desk
   * promises for the row (10 s for a patient in play, 2 min for a finished visit; docs/board.md,
   * "How fresh a row is"): the row then says it.
   */
  lastConfirmedAt: contractDateTimeSchema.optional(),
  /** A change of this row waits in the durable outbox for the publisher or platform. */
  pending: z.boolean(),
  /** Known anomalies (incomplete file, prescription missing…), as short codes. */
  anomalies: z.array(z.string()),
  /** Handed on by the platform: transferred (to a desk, or back to waiting with a note) or returned from a desk that left. */
  handoff: ticketHandoffSchema.nullable().optional(),
  /** In this desk's queue (what it serves); absent means yes (everything). */
  inQueue: z.boolean().optional(),
  /** A move of this desk on its way for this row ("appel en cours…"): its buttons wait, the rest of the board does not. */
  working: boardMoveSchema.nullable().optional(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

/** Forward order of a ticket's life; `closed` and `cancelled` both end it. */
const RANK: Record<TicketStatus, number> = { issued: 0, checkedIn: 1, inCare: 2, done: 3, closed: 4, cancelled: 5 };

export function statusRank(status: TicketStatus): number {
  return RANK[status];
}

/** Only forward moves are ever requested by a desk: checkedIn → inCare → done → closed. */
export const FORWARD_STATUSES = ['inCare', 'done', 'closed'] as const;
export const forwardStatusSchema = z.enum(FORWARD_STATUSES);
export type ForwardStatus = z.infer<typeof forwardStatusSchema>;

/** The board group of a status, or null when the ticket is not on the board. */
export function groupOf(status: TicketStatus, called: boolean): BoardGroup | null {
  switch (status) {
    case 'checkedIn':
      return called ? 'called' : 'waiting';
    case 'inCare':
      return 'inCare';
    case 'done':
      return 'done';
    default:
      return null;
  }
}

export type { BoardSettings } from './settings';
export const DEFAULT_BOARD_SETTINGS: BoardSettings = { amberMinutes: 15, redMinutes: 30, idleLockMinutes: 10, arrivalChime: false, ...DEFAULT_PUNCTUALITY };

export type WaitLevel = 'normal' | 'amber' | 'red';
export function waitLevel(waitedMinutes: number, settings: Pick<BoardSettings, 'amberMinutes' | 'redMinutes'>): WaitLevel {
  if (waitedMinutes > settings.redMinutes) return 'red';
  if (waitedMinutes > settings.amberMinutes) return 'amber';
  return 'normal';
}
