import { inQueue, type TransferRequest } from '../../src-shared/board/desks';
import { statusRank, type BoardMove, type BoardRow, type ForwardStatus } from '../../src-shared/board/rows';
import type { DeskPresence, DeskQueue } from '../../src-shared/platform/desks';
import { DeskError } from '../../src-shared/errors';
import type { BoardActionResult } from '../../src-shared/ipc/features/board.contract';
import type { Workplace } from '../../src-shared/ipc/workplace';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import { appointmentStatusSchema, type AppointmentStatus, type ProgressionStatus } from '../../src-shared/publisher/schemas';
import type { DeskJournalPort } from '../features';
import { isTransientPlatformError } from '../platform/transient';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { isNotOffered, TicketConflict } from '../platform/tickets/http';
import { isClosedRejected, isContractError, isTransient } from '../publisher/errors';
import type { AuditTrail } from '../store/audit-trail';
import type { OutboxEntry } from './outbox/entries';
import type { Outbox } from './outbox/outbox';
import { examsToMove, journeyStatus } from './journey';
import { ticketStatusOf, type BoardState, type LocalChange } from './state';
import type { UnsentMoves } from './unsent';
import type { Reverifier } from './verifier';

export interface BoardActionsDeps {
  state: BoardState;
  verifier: Reverifier;
  platform: PlatformBoardClient;
  /** PUT status with a single attempt: the outbox does the retrying, the desk never waits on it. */
  setPublisherStatus: (appointmentId: string, status: ProgressionStatus) => Promise<{ status: string }>;
  outbox: Outbox;
  audit: AuditTrail;
  workplace: () => Workplace;
  staffName: () => string;
  /** Where calls go when the platform does not take them: this desk and its display window. */
  journal: Pick<DeskJournalPort, 'recordCall'>;
  /** True when this ticket's call cannot go to the platform (its own ticket, or no call route). */
  callsLocally: (ticket: DeskTicket) => boolean;
  /** The platform answered that it has no call route. */
  callNotOffered: () => void;
  /** What this desk serves ("everything" by default). */
  queue: () => DeskQueue;
  /** The office place's desks as last announced (transfer targets). */
  desks: () => readonly DeskPresence[];
  /** The ticket as the platform holds it now (its day list, bounded): did a move that got no answer land? Null: no answer either. */
  readBack: (ticketId: string) => Promise<DeskTicket | null>;
  /** Calls and transfers the platform could not take: offered back to staff, never sent on their own. */
  unsent: UnsentMoves;
}

/** A call gets one more try at once (a dropped connection), not the contract's long budget: staff are waiting. */
const CALL_RETRY = { attempts: 2, baseDelayMs: 250, maxDelayMs: 250, totalBudgetMs: 10_000 };

/**
 * Call and status changes. Each re-verifies the appointment with the publisher
 * first, moves the row at once (optimistic) and rolls it back with a clear error
 * when refused; a change that cannot be delivered now goes to the durable outbox.
 * Only forward moves are made: asking for a status the ticket is at or past is a
 * no-op, which is also how two desks acting on one ticket converge.
 */
export class BoardActions {
  constructor(private readonly deps: BoardActionsDeps) {}

  /**
   * Oldest waiting of this desk's queue first: the patient who checked in earliest is called
   * first, fair and predictable. A patient transferred to this desk comes before them; one
   * transferred to another desk is that desk's. A row whose appointment is not read yet is read
   * before it is taken, so a restricted queue never calls a patient the desk cannot see.
   */
  async callNext(): Promise<BoardActionResult> {
    const queue = this.deps.queue();
    const { deskId } = this.deps.workplace();
    const sentTo = (row: BoardRow) => row.handoff?.toDeskId ?? null;
    const toMe = (row: BoardRow) => (sentTo(row) !== null && sentTo(row) === deskId ? 0 : 1);
    const waiting = this.deps.state
      .waitingRows()
      .filter((row) => !row.pending && row.verification !== 'gone')
      .filter((row) => sentTo(row) === null || sentTo(row) === deskId)
      .filter((row) => row.verification === 'checking' || inQueue(queue, row))
      .sort((a, b) => toMe(a) - toMe(b) || a.checkedInAt.localeCompare(b.checkedInAt) || a.number - b.number);
    for (const row of waiting) {
      const ticket = this.deps.state.ticket(row.ticketId);
      // Rows are drawn in batches: the ticket itself may already say another desk called it.
      if (!ticket || this.deps.state.isCalled(ticket) || ticket.absent || this.deps.state.effectiveStatus(ticket) !== 'checkedIn') continue;
      // A move of this desk is already on its way for this patient (a click on its row).
      if (this.deps.state.workingOn(ticket.ticketId)) continue;
      const called = await this.working(ticket.ticketId, 'call', async () => {
        // The one re-check of this call: a ticket still waiting passes what call() would check again.
        if (!(await this.stillWaiting(ticket))) return null;
        const seen = this.deps.state.row(ticket.ticketId);
        if (!seen || !inQueue(queue, seen)) return null;
        try {
          return await this.callVerified(ticket, false);
        } catch (error) {
          // Another desk took this patient a moment ago (compare-and-set lost): the next one, silently.
          if (error instanceof TicketConflict) return null;
          throw error;
        }
      });
      if (called) return called;
    }
    throw new DeskError('BOARD_NOTHING_WAITING', 'Nobody is waiting to be called.');
  }

  /**
   * A call chosen by staff. A patient another desk has called or is serving is not taken
   * from it without asking: `force` is staff's "call here anyway", and is audited so.
   */
  async call(ticketId: string, recall: boolean, force = false): Promise<BoardActionResult> {
    return this.settlesUnsent(ticketId, recall ? 'recall' : 'call', async () => {
      const ticket = await this.verifiedTicket(ticketId);
      if (!force && this.heldElsewhere(ticket)) throw calledElsewhere();
      try {
        return await this.callVerified(ticket, recall, force);
      } catch (error) {
        if (error instanceof TicketConflict) throw this.heldElsewhere(error.ticket) ? calledElsewhere() : error;
        throw error;
      }
    });
  }

  /**
   * A move staff asked anew settles the one the platform did not take for that patient, whatever
   * its answer (done, or refused: that offer is over); only a new "not sent" is offered again.
   */
  private async settlesUnsent(ticketId: string, move: BoardMove, run: () => Promise<BoardActionResult>): Promise<BoardActionResult> {
    let outcome: BoardActionResult['outcome'] | null = null;
    try {
      const result = await this.working(ticketId, move, run);
      outcome = result.outcome;
      return result;
    } finally {
      if (outcome !== 'notSent') this.deps.unsent.take(ticketId);
    }
  }

  /**
   * A move on its way shows on its row (its buttons wait for it) and nowhere else: the rest
   * of the board stays usable, however slow the medical system or the platform.
   */
  private async working<T>(ticketId: string, move: BoardMove, run: () => Promise<T>): Promise<T> {
    if (this.deps.state.workingOn(ticketId)) throw new DeskError('BOARD_BUSY_ROW', 'A move of this patient is already on its way.');
    this.deps.state.setWorking(ticketId, move);
    try {
      return await run();
    } finally {
      this.deps.state.setWorking(ticketId, null);
    }
  }

  /** Called at (or being served by) another desk: the call it made is the patient's. */
  private heldElsewhere(ticket: DeskTicket): boolean {
    const { deskId, deskLabel } = this.deps.workplace();
    const call = ticket.lastCall;
    if (!call || (call.deskId ?? null) === deskId && call.deskLabel === deskLabel) return false;
    // Absent, or handed back to the waiting line: nobody holds the patient now.
    if (ticket.absent || !this.deps.state.isCalled(ticket)) return false;
    const status = this.deps.state.effectiveStatus(ticket);
    return status === 'checkedIn' || status === 'inCare';
  }

  private async callVerified(ticket: DeskTicket, recall: boolean, force = false): Promise<BoardActionResult> {
    const { ticketId } = ticket;
    const status = this.deps.state.effectiveStatus(ticket);
    if (status === 'closed' || status === 'cancelled') throw new DeskError('BOARD_NOT_CALLABLE', 'This ticket can no longer be called.');
    const { deskId, deskLabel } = this.deps.workplace();
    const action = recall ? 'recall' : 'call';
    // Compare-and-set where the platform versions its tickets: the call lands only on the ticket this desk saw.
    const expected = force || ticket.version === undefined ? {} : { expectedVersion: ticket.version };
    // The room goes to the public display beside the desk, when the appointment has one: for a journey, the
    // room of the exam this desk calls the patient for (the call then holds only until that exam is done).
    const journey = this.deps.state.journeyOf(ticket);
    const room = journey ? examsToMove(journey, this.deps.queue(), 'inCare')[0]?.room : this.deps.state.row(ticketId)?.room;
    try {
      const called = await this.callOn(ticket, { ticketId, kioskDeskId: deskId, deskLabel, recall, ...expected, ...(room ? { room } : {}) });
      this.deps.state.upsert(called);
      this.deps.unsent.take(ticketId);
      await this.audit(action, ticket, force ? 'calledOverOtherDesk' : 'done');
      return this.result('done', ticket);
    } catch (error) {
      if (error instanceof TicketConflict) {
        // The board shows the ticket as it is now; the caller decides what the conflict means.
        this.deps.state.upsert(error.ticket);
        throw error;
      }
      if (!isTransientPlatformError(error)) {
        await this.audit(action, ticket, 'refused');
        if (error instanceof DeskError && error.code === 'PLATFORM_ERROR') throw new DeskError('BOARD_NOT_CALLABLE', 'The platform refused the call.');
        throw error;
      }
      // No answer is not "not called": the platform may have taken it. Read back before saying anything.
      const now = await this.deps.readBack(ticketId);
      const landed = now?.lastCall?.deskId === deskId && (callsOf(now) > callsOf(ticket) || now.lastCall.at !== ticket.lastCall?.at);
      if (now && landed) {
        this.deps.state.upsert(now);
        this.deps.unsent.take(ticketId);
        await this.audit(action, ticket, 'done');
        return this.result('done', ticket);
      }
      // Not sent, and never sent later on its own: the room has moved on by then. Staff are asked once it is back.
      this.deps.unsent.add({ ticketId, formattedNumber: ticket.formattedNumber, move: action });
      await this.audit(action, ticket, 'notSent');
      return this.result('notSent', ticket);
    }
  }

  /**
   * The platform's call route, or the desk journal when the platform does not offer it
   * (the call is then shown at this desk and on its own display window only).
   */
  async callOn(ticket: DeskTicket, request: Parameters<PlatformBoardClient['callTicket']>[0]): Promise<DeskTicket> {
    const local = { deskId: request.kioskDeskId, deskLabel: request.deskLabel };
    if (this.deps.callsLocally(ticket)) return this.deps.journal.recordCall(ticket, local);
    try {
      return await this.deps.platform.callTicket(request, CALL_RETRY);
    } catch (error) {
      if (!isNotOffered(error)) throw error;
      this.deps.callNotOffered();
      return this.deps.journal.recordCall(ticket, local);
    }
  }

  /**
   * Sends a called or in-care patient to another desk of the office, or back to the waiting
   * line with a note: platform-side only (the medical system's status is unchanged), audited.
   */
  async transfer(request: TransferRequest): Promise<BoardActionResult> {
    const ticket = this.known(request.ticketId);
    const { deskId, deskLabel } = this.deps.workplace();
    const target = request.toDeskId === null ? null : this.deps.desks().find((desk) => desk.deskId === request.toDeskId && !desk.gone);
    if (target === undefined) throw new DeskError('BOARD_DESK_UNKNOWN', 'That desk is not open in this office.');
    const note = request.note?.trim() || null;
    const toDeskLabel = target?.label ?? null;
    return this.settlesUnsent(ticket.ticketId, 'transfer', async () => {
      let moved: DeskTicket;
      try {
        moved = await this.platformSide(ticket, 'transfer', () =>
          this.deps.platform.transferTicket({ ticketId: ticket.ticketId, fromDeskId: deskId, fromDeskLabel: deskLabel, toDeskId: target?.deskId ?? null, toDeskLabel, note }),
        );
      } catch (error) {
        if (!isTransientPlatformError(error)) throw error;
        const now = await this.deps.readBack(ticket.ticketId);
        const landed = now?.handoff?.reason === 'transfer' && now.handoff.fromDeskId === deskId && now.handoff.toDeskId === (target?.deskId ?? null) && now.handoff.at !== ticket.handoff?.at;
        if (!now || !landed) {
          this.deps.unsent.add({ ticketId: ticket.ticketId, formattedNumber: ticket.formattedNumber, move: 'transfer', transfer: { toDeskId: target?.deskId ?? null, toDeskLabel, note } });
          return this.result('notSent', ticket);
        }
        moved = now;
        await this.audit('transfer', ticket, 'done');
      }
      this.deps.state.upsert(moved);
      return this.result('done', ticket);
    });
  }

  /** Called, did not come: set aside with the calls made; the medical system's status is unchanged. */
  async markAbsent(ticketId: string): Promise<BoardActionResult> {
    const ticket = this.known(ticketId);
    const { deskId, deskLabel } = this.deps.workplace();
    const marked = await this.platformSide(ticket, 'absent', () => this.deps.platform.markAbsent({ ticketId, deskId, deskLabel }));
    this.deps.state.upsert(marked);
    return this.result('done', ticket);
  }

  /** An absent patient let go at the end of the day. */
  async dismissAbsent(ticketId: string): Promise<BoardActionResult> {
    const ticket = this.known(ticketId);
    const dismissed = await this.platformSide(ticket, 'dismissAbsent', () => this.deps.platform.dismissAbsent(ticketId));
    this.deps.state.upsert(dismissed);
    return this.result('done', ticket);
  }

  private known(ticketId: string): DeskTicket {
    const ticket = this.deps.state.ticket(ticketId);
    if (!ticket) throw new DeskError('BOARD_TICKET_GONE', 'This ticket is no longer on the board.');
    return ticket;
  }

  /** A platform-side move (no outbox: staff see at once whether it took), audited either way. */
  private async platformSide(ticket: DeskTicket, action: 'transfer' | 'absent' | 'dismissAbsent', run: () => Promise<DeskTicket>): Promise<DeskTicket> {
    try {
      const changed = await run();
      await this.audit(action, ticket, 'done');
      return changed;
    } catch (error) {
      await this.audit(action, ticket, isTransientPlatformError(error) ? 'notSent' : 'refused');
      if (error instanceof TicketConflict) {
        this.deps.state.upsert(error.ticket);
        throw new DeskError('BOARD_NOT_MOVABLE', 'The patient is no longer where this desk saw them.');
      }
      if (isNotOffered(error)) throw new DeskError('BOARD_DESKS_NOT_OFFERED', 'The platform does not offer transfers nor absences.');
      throw error;
    }
  }

  setStatus(ticketId: string, status: ForwardStatus): Promise<BoardActionResult> {
    return this.working(ticketId, status, () => this.moveForward(ticketId, status));
  }

  /**
   * The appointments a move of the ticket goes to, null when it has none: its own; for a journey, the exam
   * of this desk's queue (journey.ts `examsToMove`), every exam for a close. Empty: already there or past.
   */
  examsFor(ticket: DeskTicket, status: ForwardStatus): string[] | null {
    const main = ticket.contractAppointmentId;
    if (!main) return null;
    const journey = this.deps.state.journeyOf(ticket);
    if (!journey) return statusRank(status) <= statusRank(this.deps.state.effectiveStatus(ticket)) ? [] : [main];
    return examsToMove(journey, this.deps.queue(), status).map((exam) => exam.appointmentId);
  }

  private async moveForward(ticketId: string, status: ForwardStatus): Promise<BoardActionResult> {
    const ticket = await this.verifiedTicket(ticketId);
    const appointmentIds = this.examsFor(ticket, status);
    if (!appointmentIds) throw new DeskError('BOARD_TICKET_GONE', 'This ticket has no appointment in the medical system.');
    let outcome: 'done' | 'pending' | 'closedOnBoardOnly' = 'done';
    for (const appointmentId of appointmentIds) {
      let step: Awaited<ReturnType<BoardActions['moveExam']>>;
      try {
        step = await this.moveExam(ticket, appointmentId, status);
      } catch (error) {
        await this.audit(status, ticket, 'refused');
        throw error;
      }
      if (step === 'notAdopted') {
        await this.audit(status, ticket, 'notAdopted');
        throw new DeskError('APPOINTMENT_STATE_CONFLICT', 'The medical system kept the appointment at its status.');
      }
      if (step !== 'done') outcome = step;
    }
    await this.audit(status, ticket, outcome);
    return this.result(outcome, ticket);
  }

  /** One appointment of the ticket moved on the publisher, the row at once, the platform told (reportMove). */
  private async moveExam(ticket: DeskTicket, appointmentId: string, status: ForwardStatus): Promise<'done' | 'pending' | 'closedOnBoardOnly' | 'notAdopted'> {
    const { state } = this.deps;
    const { ticketId } = ticket;
    const before = state.localOf(ticketId);
    const moved = await this.movePublisher(ticketId, appointmentId, status);
    // No answer is not "not done": the medical system may have taken it. Read back before saying it waits.
    if ('transient' in moved && (await this.reached(appointmentId, status))) {
      state.setLocal(ticketId, localMove(appointmentId, status, false));
      await this.reportMove(ticketId, appointmentId, status);
      return 'done';
    }
    if ('transient' in moved) {
      await this.deps.outbox.add({ kind: 'publisherStatus', ticketId, appointmentId, status, ...this.asked(ticket) });
      return 'pending';
    }
    if ('closedOnBoardOnly' in moved) return 'closedOnBoardOnly';
    const truth = await this.confirmedStatus(appointmentId, status, moved.answered);
    await this.reportMove(ticketId, appointmentId, truth);
    if (rankOf(truth) >= 0 && rankOf(truth) < statusRank(status)) {
      // The answer echoed the request, but the medical system kept its state: the row shows what it holds.
      state.setLocal(ticketId, before);
      return 'notAdopted';
    }
    return 'done';
  }

  /**
   * Tells the platform what the medical system now holds for a moved appointment, under its own id. The
   * platform's one ticket of a journey is its main appointment's: it is not told that one is done while
   * another exam is still to do (the patient waits for the next team), and it is told the main
   * appointment's status once the last exam is done.
   */
  async reportMove(ticketId: string, appointmentId: string, truth: string): Promise<void> {
    const { state, verifier } = this.deps;
    state.touch(ticketId);
    const ticket = state.ticket(ticketId);
    const main = ticket?.contractAppointmentId;
    // After a restart nothing may be read yet: whether this is a journey is the medical system's to say.
    if (main && verifier.cached(main)?.kind !== 'verified') await verifier.verify(main, true);
    const journey = ticket ? state.journeyOf(ticket) : null;
    if (!main || !journey) return this.tellPlatform(ticketId, appointmentId, truth);
    const complete = statusRank(journeyStatus(journey)) >= statusRank('done');
    if (appointmentId !== main || rankOf(truth) < statusRank('done') || complete) await this.tellPlatform(ticketId, appointmentId, truth);
    if (appointmentId !== main && complete) await this.tellPlatform(ticketId, main, journey[0]!.status);
  }

  /**
   * A held done or close whose countdown ended (src-main/board/held.ts), sent from the outbox: the
   * rules of setStatus, without anyone at the desk (the entry says who asked). A transient failure
   * is thrown for the outbox to try again; a refusal is thrown in the board's words.
   */
  async deliverHeld(entry: Extract<OutboxEntry, { kind: 'held' }>): Promise<BoardActionResult> {
    const { state } = this.deps;
    const { ticketId, status } = entry;
    const ticket = state.ticket(ticketId);
    const formattedNumber = entry.formattedNumber ?? ticket?.formattedNumber ?? ticketId;
    const journey = ticket ? state.journeyOf(ticket) : null;
    if (ticket && !journey && statusRank(status) <= statusRank(state.effectiveStatus(ticket))) return { outcome: 'done', ticketId, formattedNumber };
    let outcome: 'done' | 'closedOnBoardOnly' = 'done';
    // A journey's close moves every exam; a replay after a kill moves again only what is not there yet.
    for (const appointmentId of [entry.appointmentId, ...(entry.linkedAppointmentIds ?? [])]) {
      const exam = journey?.find((candidate) => candidate.appointmentId === appointmentId);
      if (exam && statusRank(status) <= statusRank(exam.status)) continue;
      const moved = await this.movePublisher(ticketId, appointmentId, status);
      if ('transient' in moved) throw moved.transient;
      if ('closedOnBoardOnly' in moved) outcome = 'closedOnBoardOnly';
      else await this.reportMove(ticketId, appointmentId, await this.confirmedStatus(appointmentId, status, moved.answered));
    }
    await this.deps.audit.record({ staff: entry.staff ?? 'unknown', action: status, ticket: formattedNumber, outcome });
    return { outcome, ticketId, formattedNumber };
  }

  /**
   * PUT status on the publisher with the row moved at once: its answer; or, unreachable, the row
   * shown pending and the failure for the caller to keep; or `closed` refused by a publisher that
   * has no such state, closed on the platform instead. A refusal puts the row back and is thrown
   * in the board's words.
   */
  private async movePublisher(
    ticketId: string,
    appointmentId: string,
    status: ForwardStatus,
  ): Promise<{ answered: string } | { transient: unknown } | { closedOnBoardOnly: true }> {
    const { state } = this.deps;
    const before = state.localOf(ticketId);
    state.setLocal(ticketId, localMove(appointmentId, status, false));
    try {
      return { answered: (await this.deps.setPublisherStatus(appointmentId, status)).status };
    } catch (error) {
      if (isTransient(error)) {
        state.setLocal(ticketId, localMove(appointmentId, status, true));
        return { transient: error };
      }
      if (isClosedRejected(error, status)) {
        await this.tellPlatform(ticketId, appointmentId, 'closed');
        return { closedOnBoardOnly: true };
      }
      state.setLocal(ticketId, before);
      this.deps.verifier.forget(appointmentId);
      throw refusal(error);
    }
  }

  /**
   * The status the publisher holds after a change. Its answer may only echo the request
   * (a move at or behind its state is a no-op by contract, and some publishers echo a
   * move they did not allow), so unless the answer is ahead of what was asked it is read
   * back; the read is cached, so the row shows it too. Unreadable: the answer stands.
   */
  async confirmedStatus(appointmentId: string, requested: ProgressionStatus, answered: string): Promise<string> {
    this.deps.verifier.forget(appointmentId);
    if (rankOf(answered) > statusRank(requested)) return answered;
    const check = await this.deps.verifier.verify(appointmentId, true);
    this.deps.state.touchAppointment(appointmentId);
    return check.kind === 'verified' ? check.appointment.status : answered;
  }

  /** Whether the medical system holds the appointment at (or past) the status now, read just now. */
  private async reached(appointmentId: string, status: ForwardStatus): Promise<boolean> {
    this.deps.verifier.forget(appointmentId);
    const check = await this.deps.verifier.verify(appointmentId, true);
    this.deps.state.touchAppointment(appointmentId);
    return check.kind === 'verified' && rankOf(check.appointment.status) >= statusRank(status);
  }

  /** Best effort, but never forgotten: an unreachable platform gets it from the outbox. */
  async tellPlatform(ticketId: string, appointmentId: string, status: string): Promise<void> {
    try {
      await this.deps.platform.appointmentStatusChanged(appointmentId, status);
    } catch (error) {
      if (isTransientPlatformError(error)) await this.deps.outbox.add({ kind: 'platformStatus', ticketId, appointmentId, status });
    }
  }

  /** The ticket, re-verified just now; refuses a ticket whose appointment is gone or cancelled. */
  private async verifiedTicket(ticketId: string): Promise<DeskTicket> {
    const ticket = this.deps.state.ticket(ticketId);
    if (!ticket) throw new DeskError('BOARD_TICKET_GONE', 'This ticket is no longer on the board.');
    if (!ticket.contractAppointmentId) return ticket;
    const check = await this.deps.verifier.verify(ticket.contractAppointmentId, true);
    this.deps.state.touchAppointment(ticket.contractAppointmentId);
    if (check.kind === 'gone') throw new DeskError('BOARD_TICKET_GONE', 'The appointment no longer exists.');
    if (check.kind === 'verified' && check.appointment.status === 'cancelled') {
      throw new DeskError('APPOINTMENT_CANCELLED', 'The appointment was cancelled.');
    }
    return ticket;
  }

  private async stillWaiting(ticket: DeskTicket): Promise<boolean> {
    if (!ticket.contractAppointmentId) return true;
    const check = await this.deps.verifier.verify(ticket.contractAppointmentId, true);
    this.deps.state.touchAppointment(ticket.contractAppointmentId);
    if (check.kind === 'gone') return false;
    // A journey waits again once an exam is done and another is still to do.
    if (check.kind === 'verified' && this.deps.state.journeyOf(ticket)) return this.deps.state.effectiveStatus(ticket) === 'checkedIn';
    return check.kind !== 'verified' || check.appointment.status === 'checkedIn';
  }

  /** Who asks for a change that may wait in the outbox, and on which ticket number, for its audit line. */
  private asked(ticket: DeskTicket) {
    return { staff: this.deps.staffName(), formattedNumber: ticket.formattedNumber };
  }

  private result(outcome: BoardActionResult['outcome'], ticket: DeskTicket): BoardActionResult {
    return { outcome, ticketId: ticket.ticketId, formattedNumber: ticket.formattedNumber };
  }

  private audit(action: 'call' | 'recall' | ForwardStatus | 'transfer' | 'absent' | 'dismissAbsent', ticket: DeskTicket, outcome: string): Promise<void> {
    return this.deps.audit.record({ staff: this.deps.staffName(), action, ticket: ticket.formattedNumber, outcome });
  }
}

/**
 * This desk's move on the row until the medical system's reads hold it: on the one exam it moved, or on
 * every exam of the ticket for a close (a journey is closed as a whole).
 */
export function localMove(appointmentId: string, status: ForwardStatus, pending: boolean): LocalChange {
  return status === 'closed' ? { status, pending } : { status, pending, appointmentId };
}

/** The calls a ticket has had: its history's, or one for a last call without history. */
function callsOf(ticket: DeskTicket): number {
  const history = ticket.history?.filter((entry) => entry.event === 'called').length ?? 0;
  return history > 0 ? history : ticket.lastCall ? 1 : 0;
}

/** Rank of a status as the publisher wrote it; one the contract does not know ranks lowest (nothing is inferred from it). */
function rankOf(status: string): number {
  const known = appointmentStatusSchema.safeParse(status);
  return known.success ? statusRank(ticketStatusOf(known.data as AppointmentStatus)) : -1;
}

function calledElsewhere(): DeskError {
  return new DeskError('BOARD_CALLED_ELSEWHERE', 'Another desk has called this patient.');
}

/** A publisher refusal in the board's words. */
function refusal(error: unknown): unknown {
  if (!isContractError(error)) return error;
  if (error.reason === 'appointmentCancelled') return new DeskError('APPOINTMENT_CANCELLED', 'The appointment was cancelled.');
  if (error.code === 'UNKNOWN_APPOINTMENT') return new DeskError('BOARD_TICKET_GONE', 'The appointment no longer exists.');
  return error;
}
