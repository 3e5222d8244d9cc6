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
 * Whether the ticket's last call still holds for the journey: once the exam it was made for is done the
 * patient waits for the next team, not for the desk that called. The ticket's history says it best: taken
 * into care since the call and waiting again, the call was spent (two exams in one room included, where
 * the room cannot tell them apart). Without a history, a call names the room of its exam: it holds while
 * an exam of that room is still to do; a call without a room holds until any exam is done.
 */
export function callHolds(exams: readonly JourneyExam[], ticket: Pick<DeskTicket, 'lastCall' | 'history'>): boolean {
  if (spentSinceLastCall(ticket.history) && journeyStatus(exams) === 'checkedIn') return false;
  const room = ticket.lastCall?.room;
  if (room && exams.some((exam) => exam.room === room && notDone(exam))) return true;
  return !exams.some((exam) => !notDone(exam));
}

/** In care (or further) since the last call, in the history's order: entries of one second keep theirs. */
function spentSinceLastCall(history: DeskTicket['history']): boolean {
  if (!history?.length) return false;
  const lastCall = history.findLastIndex((entry) => entry.event === 'called');
  return lastCall >= 0 && history.slice(lastCall + 1).some((entry) => entry.event === 'inCare' || entry.event === 'done' || entry.event === 'closed');
}
