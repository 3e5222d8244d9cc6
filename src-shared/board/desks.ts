import { z } from 'zod';
import { deskPresenceSchema, deskQueueSchema, deskStateSchema, type DeskQueue } from '../platform/desks';
import { contractDateTimeSchema } from '../publisher/schemas';

/**
 * The office as the board shows it beside the rows: this desk's state and queue, the
 * other desks of the office place (platform desk extension), and the patients set aside
 * as absent. `presence`: whether the platform offers the desks at all (`notOffered`:
 * an older platform, the board says so), or could not be reached just now.
 */
export const absentRowSchema = z.object({
  ticketId: z.string(),
  formattedNumber: z.string(),
  patientDisplayName: z.string().nullable(),
  calls: z.number().int().nonnegative(),
  deskLabel: z.string(),
  at: contractDateTimeSchema,
});
export type AbsentRow = z.infer<typeof absentRowSchema>;

export const boardOfficeSchema = z.object({
  me: z.object({ state: deskStateSchema, queue: deskQueueSchema }),
  desks: z.array(deskPresenceSchema),
  absent: z.array(absentRowSchema),
  presence: z.enum(['live', 'notOffered', 'unreachable', 'noDeskId']),
});
export type BoardOffice = z.infer<typeof boardOfficeSchema>;

/** The absent rows new or changed since the last push, and the tickets no longer absent. */
export const absentChangesSchema = z.object({ upserts: z.array(absentRowSchema), removed: z.array(z.string()) });
export type AbsentChanges = z.infer<typeof absentChangesSchema>;

/**
 * The office as pushed: the absent list whole (`absent`) the first time and after an unlock, then
 * only what changed in it (`absentChanges`), and neither when it did not change. Desks call all day,
 * so the office changes every few seconds; the absent list, a few times an hour, and by evening it may
 * hold a hundred patients or more (48 KB a push on each desk in the full day's soak, when it went whole).
 */
export const boardOfficeEventSchema = boardOfficeSchema.extend({ absent: z.array(absentRowSchema).optional(), absentChanges: absentChangesSchema.optional() });
export type BoardOfficeEvent = z.infer<typeof boardOfficeEventSchema>;

/** What a queue can be made of: the values seen on today's board (and those already chosen). */
export const queueOptionsSchema = z.object({
  examTypeIds: z.array(z.string()),
  rooms: z.array(z.string()),
  practitioners: z.array(z.string()),
});
export type QueueOptions = z.infer<typeof queueOptionsSchema>;

/** Where a called or in-care patient goes: another desk, or back to the waiting line (`toDeskId` null) with a note. */
export const transferRequestSchema = z.object({
  ticketId: z.string().min(1).max(128),
  toDeskId: z.number().int().nullable(),
  note: z.string().max(200).nullable(),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

interface QueueFacts {
  examTypeId: string | null;
  room: string | null;
  practitioner: string | null;
}

/**
 * Whether a row is in the desk's queue: every list the desk restricted must hold the row's
 * value; a row whose value is unknown (appointment not read yet) is not in a restricted queue,
 * so "call next" never takes a patient the desk cannot see. A patient checked in for several
 * exams under one ticket is in the queue of each exam's team.
 */
export function inQueue(queue: DeskQueue, row: QueueFacts & { linkedExams?: readonly QueueFacts[] | undefined }): boolean {
  return servesExam(queue, row) || (row.linkedExams ?? []).some((exam) => servesExam(queue, exam));
}

/** Whether one exam fits the desk's queue (every list the desk restricted holds its value). */
export function servesExam(queue: DeskQueue, exam: QueueFacts): boolean {
  const fits = (chosen: readonly string[], value: string | null) => chosen.length === 0 || (value !== null && chosen.includes(value));
  return fits(queue.examTypeIds, exam.examTypeId) && fits(queue.rooms, exam.room) && fits(queue.practitioners, exam.practitioner);
}
