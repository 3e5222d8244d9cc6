import { servesExam } from '../../src-shared/board/desks';
import { statusRank, type ForwardStatus } from '../../src-shared/board/rows';
import type { DeskQueue } from '../../src-shared/platform/desks';
import type { DeskTicket, TicketStatus } from '../../src-shared/platform/tickets';

/**
 * One exam of a patient's journey (several appointments checked in under one ticket, docs/desk-checkin.md,
 * "Every exam of the journey") with its status as the medical system holds it, this desk's own move on top.
 */
export interface JourneyExam {
  appointmentId: string;
  status: TicketStatus;
  startDate: string;
  examTypeId: string | null;
  room: string | null;
  practitioner: string | null;
  examLabel: string | null;
}

const DONE = statusRank('done');
const notDone = (exam: JourneyExam) => statusRank(exam.status) < DONE;

/**
 * The row of a journey is at the stage of the exam in play: in care while one exam is, waiting (or
 * called) while one is still to do, done once every exam is (closed once every one is).
 */
export function journeyStatus(exams: readonly JourneyExam[]): TicketStatus {
  const open = exams.filter(notDone);
  if (open.length === 0) return exams.reduce<TicketStatus>((least, exam) => (statusRank(exam.status) < statusRank(least) ? exam.status : least), 'closed');
  return open.some((exam) => exam.status === 'inCare') ? 'inCare' : 'checkedIn';
}

/**
 * The exam a desk's move applies to: close, every exam; otherwise one exam not yet at the status asked,
 * of the desk's queue when one fits (same rule as `inQueue`), the earliest when none or several fit; for
 * « Terminé », an exam in care comes first (the one the patient is in). Null: nothing left to move.
 */
export function examsToMove(exams: readonly JourneyExam[], queue: DeskQueue, status: ForwardStatus): JourneyExam[] {
  const behind = exams.filter((exam) => statusRank(exam.status) < statusRank(status));
  if (status === 'closed') return behind;
  const mine = behind.filter((exam) => servesExam(queue, exam));
  const pool = (mine.length > 0 ? mine : behind).toSorted((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  const chosen = (status === 'done' && pool.find((exam) => exam.status === 'inCare')) || pool[0];
  return chosen ? [chosen] : [];
}

/**
 * Whether the ticket's last call still holds for the journey: a call names the room of the exam it was
 * made for, and once that exam is done the patient waits for the next team, not for the desk that called.
 * A call without a room holds until any exam is done.
 */
export function callHolds(exams: readonly JourneyExam[], lastCall: DeskTicket['lastCall']): boolean {
  const room = lastCall?.room;
  if (room && exams.some((exam) => exam.room === room && notDone(exam))) return true;
  return !exams.some((exam) => !notDone(exam));
}
