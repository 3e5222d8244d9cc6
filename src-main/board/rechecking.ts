import { statusRank } from '../../src-shared/board/rows';
import type { Workplace } from '../../src-shared/ipc/workplace';
import { verifiedStatusSchema, type DeskTicket, type TicketStatus } from '../../src-shared/platform/tickets';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { bestEffort, isNotOffered } from '../platform/tickets/http';
import { RecheckScheduler } from './recheck';
import { journeyStatus } from './journey';
import type { BoardState } from './state';
import type { TokenBucket } from './token-bucket';
import type { Check, Reverifier } from './verifier';

export interface BoardRecheckingDeps {
  state: BoardState;
  verifier: Reverifier;
  /** Spent by every getAppointmentById the board makes (the verifier's calls go through it). */
  budget: TokenBucket;
  platform: Pick<PlatformBoardClient, 'reportVerifiedStatus' | 'appointmentStatusChanged'>;
  workplace: () => Workplace | null;
  /** The rows are the desk journal's (no day list): its tickets are unknown to the platform. */
  journalMode: () => boolean;
  /** How often the scheduler runs (ms); 0: never on its own (tests that count requests). */
  tickMs?: number;
  now?: () => number;
}

/**
 * What keeps the board true when the medical system pushes nothing (DESIGN.md §2): the rows
 * and the issued tickets are read again within the desk's request budget (recheck.ts), an
 * arrival this desk's own check-in confirmed shows at once, and what the desk reads ahead of
 * the platform is reported to it, so the office's other desks see it without asking again.
 */
export class BoardRechecking {
  private readonly scheduler: RecheckScheduler;
  private timer: NodeJS.Timeout | null = null;
  /** ticket:status already reported, so the next read does not repeat it. */
  private readonly told = new Set<string>();
  /** The platform has no reportVerifiedStatus: the contract's appointmentStatusChanged carries it. */
  private reportMissing = false;
  private publisherDown = false;

  constructor(private readonly deps: BoardRecheckingDeps) {
    const { verifier } = deps;
    this.scheduler = new RecheckScheduler({
      items: () => deps.state.recheckItems(),
      lastChecked: (id) => verifier.cached(id)?.at ?? null,
      busy: (id) => verifier.busy(id),
      check: (id) => void verifier.refresh(id).then((check) => this.checked(id, check)),
      budget: deps.budget,
      now: deps.now ?? Date.now,
      lapsed: (ids) => ids.forEach((id) => deps.state.touchAppointment(id)),
    });
  }

  start(): void {
    this.stop();
    const tickMs = this.deps.tickMs ?? 200;
    if (tickMs <= 0) return;
    this.timer = setInterval(() => this.scheduler.tick(), tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The day (re)loaded, the platform back: every row due is read at once, then the budget applies. */
  reloaded(): void {
    this.keepOnlyTheBoard();
    this.scheduler.burst();
  }

  /** The reads and the reports of tickets the board no longer holds (the day before's, once a new day is loaded) go with them. */
  private keepOnlyTheBoard(): void {
    const tickets = this.deps.state.platformTickets();
    const appointments = new Set<string>();
    for (const { contractAppointmentId: id } of tickets) {
      if (!id) continue;
      appointments.add(id);
      // A journey's other exams are read on their own too (BoardState.journeyOf).
      const check = this.deps.verifier.cached(id);
      if (check?.kind === 'verified') for (const linked of check.linked ?? []) appointments.add(linked.id);
    }
    this.deps.verifier.keepOnly(appointments);
    const ticketIds = new Set(tickets.map((ticket) => ticket.ticketId));
    for (const key of this.told) if (!ticketIds.has(key.slice(0, key.lastIndexOf(':')))) this.told.delete(key);
  }

  /** A row staff selected: read now, budget or not. */
  focus(ticketId: string): void {
    const id = this.deps.state.ticket(ticketId)?.contractAppointmentId;
    if (id) this.scheduler.urgent(id);
  }

  /** A platform event on a ticket, as it was before (null: new). */
  changed(before: DeskTicket | null, ticket: DeskTicket): void {
    const id = ticket.contractAppointmentId;
    if (!id) return;
    const { verified } = ticket;
    // Another desk read this status from the medical system and reported it: taken as read here.
    if (verified && verified.status === ticket.status && this.deps.verifier.learn(id, verified.status, Date.parse(verified.at))) {
      this.deps.state.touchAppointment(id);
      return;
    }
    // Only a move of the platform's status (or another appointment) can mean the medical system
    // moved: a call or a recall leaves the appointment as verified, and the cache answers for it.
    const moved = !before || before.status !== ticket.status || before.contractAppointmentId !== id;
    if (moved) this.deps.verifier.forget(id);
    void this.verify(ticket);
  }

  /** Read with the cache (a platform event, a delivered change), then reported if ahead of the platform. */
  async verify(ticket: DeskTicket): Promise<void> {
    const id = ticket.contractAppointmentId;
    if (!id) return;
    this.checked(id, await this.deps.verifier.verify(id));
  }

  /**
   * The medical system answered this desk's own check-in (the journal records it): the row shows at
   * once, the platform is told, and the appointment is read for its exam, room and practitioner.
   */
  arrived(journalTicket: DeskTicket): void {
    const id = journalTicket.contractAppointmentId;
    if (!id || statusRank(journalTicket.status) < statusRank('checkedIn') || journalTicket.status === 'cancelled') return;
    this.deps.state.confirm(id, journalTicket.status);
    for (const ticket of this.deps.state.ticketsOf(id)) void this.report(ticket);
    this.scheduler.urgent(id);
  }

  private checked(id: string, check: Check): void {
    this.deps.state.touchAppointment(id);
    if (check.kind === 'unreachable') {
      this.publisherDown = true;
      return;
    }
    // The medical system answers again: what it may have changed meanwhile is read at once.
    if (this.publisherDown) {
      this.publisherDown = false;
      this.scheduler.burst();
    }
    for (const ticket of this.deps.state.ticketsOf(id)) void this.report(ticket);
  }

  /**
   * The medical system is ahead of the platform's ticket: the office is told. A cancelled ticket is an
   * undone reception (cancelForAppointment): the publisher keeps the arrival, but the cancellation stands.
   */
  private async report(ticket: DeskTicket): Promise<void> {
    const read = this.deps.state.truthOf(ticket);
    // A journey's ticket is at the stage of its exams: her MRI done while the scan waits is not a done visit.
    const journey = this.deps.state.journeyOf(ticket);
    const truth = read && journey ? { ...read, status: journeyStatus(journey) } : read;
    if (!truth || ticket.status === 'cancelled' || statusRank(truth.status) <= statusRank(ticket.status)) return;
    const key = `${ticket.ticketId}:${truth.status}`;
    if (this.told.has(key)) return;
    this.told.add(key);
    const status = verifiedStatusSchema.safeParse(truth.status);
    const workplace = this.deps.workplace();
    if (status.success && workplace && !this.reportMissing && !this.deps.journalMode()) {
      try {
        const answer = await this.deps.platform.reportVerifiedStatus({
          ticketId: ticket.ticketId,
          status: status.data,
          deskId: workplace.deskId,
          deskLabel: workplace.deskLabel,
        });
        this.deps.state.upsert(answer.ticket);
        return;
      } catch (error) {
        if (!isNotOffered(error)) {
          // Unreachable or refused: the next read reports again.
          this.told.delete(key);
          return;
        }
        this.reportMissing = true;
      }
    }
    const id = ticket.contractAppointmentId!;
    await bestEffort('appointmentStatusChanged', () => this.deps.platform.appointmentStatusChanged(id, appointmentStatusOf(truth.status)), 0);
  }
}

/** The publisher's word for a ticket status (issued = not arrived = scheduled). */
function appointmentStatusOf(status: TicketStatus): string {
  return status === 'issued' ? 'scheduled' : status;
}
