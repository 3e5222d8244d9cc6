import type { HeldMove, HeldStatus } from '../../src-shared/board/held';
import type { ForwardStatus } from '../../src-shared/board/rows';
import { DeskError, type DeskErrorCode } from '../../src-shared/errors';
import type { BoardLive, BoardLock, BoardSnapshot, WorkplaceOptions } from '../../src-shared/ipc/features/board.contract';
import type { Workplace } from '../../src-shared/ipc/workplace';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import type { DeskEvents } from '../events/bus';
import type { DeskJournalPort } from '../features';
import { withLocalCalls } from '../journal/desk-journal';
import type { TicketStreamFactory } from '../infrastructure';
import { logger } from '../log';
import type { DayList, PlatformBoardClient } from '../platform/tickets/board';
import { LiveDay } from '../platform/tickets/live-day';
import { isTransientPlatformError } from '../platform/transient';
import type { CallOverrides, PublisherClient } from '../publisher/client';
import type { StaffSessionService } from '../staff/session';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { OfficeGrants } from '../staff/grants';
import { isTransient } from '../publisher/errors';
import { BoardActions, localMove } from './actions';
import type { AuditTrail } from '../store/audit-trail';
import type { OutboxEntry } from './outbox/entries';
import { Outbox, type Delivery } from './outbox/outbox';
import { BoardSettingsStore } from './settings-store';
import { HeldMoves } from './held';
import { DeskPresenceLoop } from './presence';
import { DeskQueueStore } from './queue-store';
import { UnsentMoves } from './unsent';
import { within } from '../net/within';
import { absentChanges, byAbsentSince, type PushedAbsent } from '../../src-shared/board/absent-changes';
import type { AbsentRow, BoardOffice, BoardOfficeEvent, QueueOptions } from '../../src-shared/board/desks';
import type { DeskQueue, DeskState } from '../../src-shared/platform/desks';
import type { UnsentMove } from '../../src-shared/board/unsent';
import { BoardState } from './state';
import { RECHECK_BUDGET_PER_SECOND } from './recheck';
import { BoardRechecking } from './rechecking';
import { TokenBucket } from './token-bucket';
import { Reverifier } from './verifier';

const log = logger('board');

export interface BoardServiceOptions {
  /** Re-verification: calls in flight, cache age (tests shorten them). */
  concurrency?: number;
  cacheMs?: number;
  /** How often the re-check scheduler runs (rechecking.ts; default 200 ms); 0: never on its own. */
  recheckTickMs?: number;
  heartbeatTimeoutMs?: number;
  outboxRetryMaxMs?: number;
  /** Period of this desk's announce to the platform (tests shorten it). */
  deskHeartbeatMs?: number;
  /** How long a call or transfer the platform did not take is offered back (tests shorten it). */
  unsentTtlMs?: number;
  /** How long a done or close waits for its Undo (tests shorten it). */
  undoMs?: number;
}

/** What the board is built from: the infrastructure's clients and the staff session, nothing else. */
export interface BoardDeps {
  dataDir: string;
  events: DeskEvents;
  publisher: Pick<PublisherClient, 'getAppointmentById' | 'setAppointmentStatus' | 'getConfig'>;
  board: PlatformBoardClient;
  ticketStream: TicketStreamFactory;
  profile: Pick<ConnectionProfile, 'officePlaceId'>;
  /** The desk's own day: the board's rows and calls when the platform lacks the desk extensions. */
  journal: DeskJournalPort;
  audit: AuditTrail;
  staff: Pick<StaffSessionService, 'requireSession' | 'requireWorkplace' | 'workplace' | 'chooseWorkplace' | 'confirmPassword' | 'current'>;
  /** The office places the staff member may work at, to offer them (the office rule itself is the dispatcher's). */
  grants: Pick<OfficeGrants, 'places'>;
}

/**
 * One attempt per action: a desk never waits on retries, the outbox retries for it. A slow medical
 * system is not a broken one: the attempt is given time (the row says the move is on its way and the
 * rest of the board stays usable), and an attempt without an answer is read back before anything is said.
 */
const AT_ONCE: CallOverrides = { timeoutMs: 15_000, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 } };

/** A move without an answer is read back from the platform's day list for this long at most. */
const READ_BACK_MS = 4_000;

/**
 * The call board of the staff's office place, held in main: the live day from the
 * platform, every row re-verified with the publisher, actions, the outbox, the
 * audit trail and the lock. The renderer only draws what this pushes.
 */
export class BoardService {
  readonly state: BoardState;
  readonly verifier: Reverifier;
  private readonly actions: BoardActions;
  private readonly held: HeldMoves;
  private feed: LiveDay | null = null;
  private feedPlace: number | null = null;
  private starting: Promise<void> | null = null;
  private lockState: BoardLock | null = null;
  /** Reads the rows again within the request budget, whether or not the medical system pushes. */
  private readonly rechecking: BoardRechecking;
  /** No day list on this platform: the rows are the desk journal's, re-verified all the same. */
  private journalMode = false;
  /** The platform answered callTicket with "no such route": calls are recorded in the journal. */
  private callMissing = false;
  /** The day list's tickets carry no version: calls are not compare-and-set, the board says so. */
  private uncoordinated = false;
  private readonly presence: DeskPresenceLoop;
  private officeScheduled = false;
  /** The absent list as last pushed; null: to be pushed whole next time (the first push, after an unlock). */
  private absentPushed: PushedAbsent | null = null;
  private readonly unsent: UnsentMoves;

  private constructor(
    private readonly deps: BoardDeps,
    private readonly outbox: Outbox,
    private readonly settings: BoardSettingsStore,
    private readonly options: BoardServiceOptions,
    private readonly queue: DeskQueueStore,
  ) {
    const { publisher } = deps;
    this.presence = new DeskPresenceLoop({
      platform: deps.board,
      workplace: () => deps.staff.requireWorkplace(),
      staffName: () => deps.staff.current()?.displayName ?? null,
      queue: () => this.queue.current(),
      changed: () => this.officeChanged(),
      heartbeatMs: options.deskHeartbeatMs,
    });
    // Every read of the board spends from one budget: scheduled re-checks wait for it, the others borrow.
    const budget = new TokenBucket(RECHECK_BUDGET_PER_SECOND, 1, Date.now, RECHECK_BUDGET_PER_SECOND);
    this.held = new HeldMoves({ outbox, changed: (held) => deps.events.emit('board/held', held), undoMs: options.undoMs });
    this.verifier = new Reverifier({
      getAppointmentById: (id) => {
        budget.spend();
        return publisher.getAppointmentById(id);
      },
      getAppointmentByIdNow: (id) => {
        budget.spend();
        return publisher.getAppointmentById(id, AT_ONCE);
      },
      concurrency: options.concurrency,
      ttlMs: options.cacheMs,
    });
    this.state = new BoardState(
      (id) => this.verifier.cached(id),
      // Nothing of the patients leaves main while the desk is locked: unlocking reloads the board.
      (change) => {
        if (!this.locked) deps.events.emit('board/rows', change);
      },
      Date.now,
      (id) => this.verifier.lastAnswer(id),
    );
    this.rechecking = new BoardRechecking({
      state: this.state,
      verifier: this.verifier,
      budget,
      platform: deps.board,
      workplace: () => deps.staff.workplace(),
      journalMode: () => this.journalMode,
      tickMs: options.recheckTickMs,
    });
    this.unsent = new UnsentMoves({
      ttlMs: options.unsentTtlMs,
      changed: (moves) => deps.events.emit('board/unsent', moves),
      expired: (move) => void deps.audit.record({ staff: this.staffName(), action: move.move, ticket: move.formattedNumber, outcome: 'notSentExpired' }),
    });
    this.actions = new BoardActions({
      readBack: (ticketId) => this.readBack(ticketId),
      unsent: this.unsent,
      state: this.state,
      verifier: this.verifier,
      platform: deps.board,
      setPublisherStatus: (id, status) => publisher.setAppointmentStatus(id, status, AT_ONCE),
      outbox,
      audit: deps.audit,
      workplace: () => deps.staff.requireWorkplace(),
      staffName: () => deps.staff.requireSession().displayName,
      journal: deps.journal,
      callsLocally: () => this.journalMode || this.callMissing,
      queue: () => this.queue.current(),
      desks: () => this.presence.current().desks,
      callNotOffered: () => {
        if (this.callMissing) return;
        this.callMissing = true;
        if (this.feed) deps.events.emit('board/live', this.liveOf(this.feed.current()));
      },
    });
  }

  static async open(deps: BoardDeps, options: BoardServiceOptions = {}): Promise<BoardService> {
    let service: BoardService | null = null;
    const outbox = await Outbox.open({
      dataDir: deps.dataDir,
      deliver: (entry) => service!.deliver(entry),
      settled: (entry) => service?.settled(entry),
      retryMaxMs: options.outboxRetryMaxMs,
    });
    const queue = await DeskQueueStore.open(deps.dataDir);
    service = new BoardService(deps, outbox, await BoardSettingsStore.open(deps.dataDir), options, queue);
    service.state.setQueue(queue.current());
    const now = Date.now();
    for (const entry of outbox.pending()) {
      // A held move whose countdown ended while the desk was down is on its way now, like any waiting change.
      const waiting = entry.kind === 'publisherStatus' || (entry.kind === 'held' && entry.sendAt <= now);
      if (waiting) service.state.setLocal(entry.ticketId, localMove(entry.appointmentId, entry.status, true));
    }
    outbox.kick();
    deps.events.subscribe((event, payload) => {
      if (event === 'staff/sessionChanged' && payload === null) {
        // The next person at the counter never inherits a countdown: what was held is sent.
        void service?.held.sendNow();
        service?.stopFeed();
        // The next person signs in with their own password: the previous one's lock is theirs no more.
        if (service) service.lockState = null;
      }
    });
    deps.journal.subscribe((ticket) => service?.journalChanged(ticket));
    return service;
  }

  // ── what the renderer asks ──────────────────────────────────────────────────
  async snapshot(): Promise<BoardSnapshot> {
    const { workplace, settings } = await this.deskView();
    return {
      rows: this.locked ? [] : this.state.rows(),
      live: this.liveOf(this.feed?.current() ?? { state: 'connecting', reason: null }),
      workplace,
      settings,
      locked: this.locked,
      lock: this.lockState,
      held: this.held.current(),
    };
  }

  /**
   * The desk's workplace and board settings, its live feed open: the snapshot without its rows, for the
   * statistics' live figures, asked after every burst of pushes (rows of a whole day cost tens of ms).
   */
  async deskView(): Promise<Pick<BoardSnapshot, 'workplace' | 'settings'>> {
    // The office rule (src-shared/ipc/access.ts) has checked this place is one the staff member was granted.
    const workplace = this.deps.staff.requireWorkplace();
    this.state.setDesk(workplace.deskId);
    await this.ensureFeed(workplace.officePlaceId);
    return { workplace, settings: this.settings.current() };
  }

  /**
   * Today's list of the office place as the board keeps it live (its day list, then every event), or null
   * when the feed is not live there: the live figures, asked after every burst of pushes, read it instead
   * of the platform's whole day again (a day list of 2,000 tickets read and checked twice per burst).
   */
  liveDayList(officePlaceId: number): DayList | null {
    const day = this.feed?.listDay() ?? null;
    if (!this.feed || day === null || this.feedPlace !== officePlaceId || this.journalMode || this.feed.current().state !== 'live') return null;
    return { day, tickets: this.state.platformTickets(), lastEventId: null };
  }

  /**
   * Done or close, held for its Undo in main and on disk (src-main/board/held.ts): sent when the
   * countdown ends whatever the windows do. Null when the ticket is already there or past.
   */
  async hold(ticketId: string, status: HeldStatus): Promise<HeldMove | null> {
    const ticket = this.state.ticket(ticketId);
    if (!ticket) throw new DeskError('BOARD_TICKET_GONE', 'This ticket is no longer on the board.');
    // The exam of this desk's queue for a journey, every exam for its close (actions.ts examsFor).
    const appointmentIds = this.actions.examsFor(ticket, status);
    if (!appointmentIds) throw new DeskError('BOARD_TICKET_GONE', 'This ticket has no appointment in the medical system.');
    const [appointmentId, ...linkedAppointmentIds] = appointmentIds;
    if (!appointmentId) return null;
    const staff = this.deps.staff.requireSession().displayName;
    const linked = linkedAppointmentIds.length > 0 ? { linkedAppointmentIds } : {};
    return this.held.hold({ ticketId, appointmentId, ...linked, formattedNumber: ticket.formattedNumber, status, staff });
  }

  /** Undo from any window of the desk: false when the move already left. */
  async undoHeld(id: string): Promise<{ undone: boolean }> {
    return { undone: await this.held.undo(id) };
  }

  async workplaceOptions(): Promise<WorkplaceOptions> {
    const officePlaces = await this.deps.grants.places();
    const current = this.deps.staff.workplace();
    const granted = current && officePlaces.some((place) => place.officePlaceId === current.officePlaceId);
    return { officePlaces, current: granted ? current : null };
  }

  async chooseWorkplace(workplace: Workplace): Promise<Workplace> {
    const chosen = await this.deps.staff.chooseWorkplace(workplace);
    await this.deps.audit.record({ staff: this.staffName(), action: 'chooseWorkplace', outcome: `place ${chosen.officePlaceId}, ${chosen.deskLabel}` });
    if (this.feedPlace !== null && this.feedPlace !== chosen.officePlaceId) this.stopFeed();
    return chosen;
  }

  /** Call and status changes (the dispatcher refuses them at a locked desk: src-shared/ipc/access.ts). */
  act<T>(action: (actions: BoardActions) => Promise<T>): Promise<T> {
    return action(this.actions);
  }

  saveSettings = (settings: Parameters<BoardSettingsStore['save']>[0]) => this.settings.save(settings);
  /** The settings as saved now (check-in measures punctuality against the same margins as the board). */
  currentSettings = () => this.settings.current();

  /** The calls and transfers the platform did not take, still offered to staff. */
  unsentMoves(): UnsentMove[] {
    return this.unsent.list();
  }

  /** Staff chose not to make an unsent move after all: it leaves the list, audited. */
  async dropUnsent(ticketId: string): Promise<UnsentMove[]> {
    const move = this.unsent.list().find((candidate) => candidate.ticketId === ticketId);
    if (move && this.unsent.take(ticketId)) await this.deps.audit.record({ staff: this.staffName(), action: move.move, ticket: move.formattedNumber, outcome: 'notSentDropped' });
    return this.unsent.list();
  }

  /** The ticket as the platform's day list holds it now, or null without an answer in time. */
  private async readBack(ticketId: string): Promise<DeskTicket | null> {
    const officePlaceId = this.feedPlace;
    if (officePlaceId === null || this.journalMode) return null;
    const list = await within(this.deps.board.listForDay({ officePlaceId }).catch(() => null), READ_BACK_MS, null);
    return list?.tickets.find((ticket) => ticket.ticketId === ticketId) ?? null;
  }

  // ── several desks, one office ───────────────────────────────────────────────
  /** This desk, the office's other desks and the absent patients, as the board shows them beside the rows. */
  async office(): Promise<BoardOffice> {
    this.deps.staff.requireWorkplace();
    return this.officeNow();
  }

  async setDeskState(state: DeskState): Promise<BoardOffice> {
    await this.presence.setState(state);
    await this.deps.audit.record({ staff: this.staffName(), action: 'deskState', outcome: state });
    return this.officeNow();
  }

  /** What this desk serves: remembered on this workstation, announced to the other desks at once. */
  async setQueue(queue: DeskQueue): Promise<BoardOffice> {
    const saved = await this.queue.save(queue);
    this.state.setQueue(saved);
    await this.presence.announceNow();
    const size = saved.examTypeIds.length + saved.rooms.length + saved.practitioners.length;
    await this.deps.audit.record({ staff: this.staffName(), action: 'queue', outcome: size === 0 ? 'everything' : `${size} choices` });
    return this.officeNow();
  }

  /** The exam types, rooms and practitioners of today's board (and those already chosen), to build a queue from. */
  queueOptions(): QueueOptions {
    const chosen = this.queue.current();
    const collect = (values: (string | null)[], kept: readonly string[]) =>
      [...new Set([...values.filter((value): value is string => value !== null), ...kept])].sort((a, b) => a.localeCompare(b));
    // A journey's other exams count too: the scanner team can choose the scanner though its patient's ticket is an MRI's.
    const exams = (this.locked ? [] : this.state.rows()).flatMap((row) => [row, ...(row.linkedExams ?? [])]);
    return {
      examTypeIds: collect(exams.map((exam) => exam.examTypeId), chosen.examTypeIds),
      rooms: collect(exams.map((exam) => exam.room), chosen.rooms),
      practitioners: collect(exams.map((exam) => exam.practitioner), chosen.practitioners),
    };
  }

  private officeNow(): BoardOffice {
    const { desks, presence, state } = this.presence.current();
    return { me: { state, queue: this.queue.current() }, desks, absent: this.locked ? [] : this.absentRows(), presence };
  }

  /** Called, did not come, not dismissed: oldest first. */
  private absentRows(): AbsentRow[] {
    const rows: AbsentRow[] = [];
    for (const ticket of this.state.allTickets()) {
      const absent = ticket.absent;
      if (!absent || absent.dismissed || !this.state.setAside(ticket)) continue;
      const { ticketId, formattedNumber, patientDisplayName } = ticket;
      rows.push({ ticketId, formattedNumber, patientDisplayName, calls: absent.calls, deskLabel: absent.deskLabel, at: absent.at });
    }
    return rows.sort(byAbsentSince);
  }

  /** One push per turn of the event loop, whatever changed (desks, absences); of the absent list, what changed in it. */
  private officeChanged(): void {
    if (this.officeScheduled || this.locked) return;
    this.officeScheduled = true;
    setImmediate(() => {
      this.officeScheduled = false;
      if (this.feedPlace === null) return;
      const { absent, ...office } = this.officeNow();
      const whole = this.absentPushed === null;
      const { changes, pushed } = absentChanges(this.absentPushed ?? new Map(), absent);
      this.absentPushed = pushed;
      const event: BoardOfficeEvent = whole ? { ...office, absent } : changes ? { ...office, absentChanges: changes } : office;
      this.deps.events.emit('board/office', event);
    });
  }

  private get locked(): boolean {
    return this.lockState !== null;
  }

  /** The lock screen is up: the dispatcher asks it before every channel the access table refuses locked. */
  isLocked(): boolean {
    return this.locked;
  }

  async lock(reason: BoardLock['reason'] = 'manual'): Promise<null> {
    // Staff did not undo before the desk locked: the move is sent, never silently lost.
    await this.held.sendNow();
    if (!this.locked) {
      this.lockState = { reason, idleMinutes: reason === 'idle' ? this.settings.current().idleLockMinutes : null };
      this.deps.events.emit('board/locked', this.lockState);
      await this.deps.audit.record({ staff: this.staffName(), action: 'lock', outcome: 'done' });
    }
    return null;
  }

  async unlock(password: string): Promise<null> {
    await this.deps.staff.confirmPassword(password);
    // Only a real unlock is audited: confirming the password at an open desk changes nothing.
    if (!this.locked) return null;
    this.lockState = null;
    this.absentPushed = null;
    this.deps.events.emit('board/locked', null);
    // The absent list (patient names) was held back while locked: the renderer gets it again.
    this.officeChanged();
    await this.deps.audit.record({ staff: this.staffName(), action: 'unlock', outcome: 'done' });
    return null;
  }

  async close(): Promise<void> {
    await this.presence.close().catch(() => undefined);
    this.stopFeed();
    await this.outbox.close();
  }

  /** Test seam: the outbox delivers what it holds now. */
  outboxIdle(): Promise<void> {
    return this.outbox.idle();
  }

  // ── feed and re-verification ───────────────────────────────────────────────
  private ensureFeed(officePlaceId: number): Promise<void> {
    if (this.feed && this.feedPlace === officePlaceId) return this.starting ?? Promise.resolve();
    this.stopFeed();
    this.feedPlace = officePlaceId;
    this.feed = new LiveDay({
      platform: this.deps.board,
      officePlaceId,
      openStream: this.deps.ticketStream,
      streamTuning: { heartbeatTimeoutMs: this.options.heartbeatTimeoutMs },
      loaded: (list) => {
        this.journalMode = false;
        // Calls this desk recorded itself (no call route) stay on the rows the list brings back.
        const tickets = withLocalCalls(list, this.deps.journal.tickets(officePlaceId));
        this.uncoordinated = list.some((ticket) => ticket.version === undefined);
        this.state.replaceAll(tickets);
        this.rechecking.reloaded();
      },
      changed: (ticket) => this.changed(ticket),
      // Another desk changed (state, queue, gone): told at once, not at the next heartbeat.
      desks: (office) => this.presence.received(office.desks),
      live: (live: BoardLive) => {
        if (live.missing?.includes('dayList') && !this.journalMode) this.useJournal(officePlaceId);
        this.deps.events.emit('board/live', this.liveOf(live));
      },
    });
    this.starting = this.feed.start();
    this.presence.start(officePlaceId);
    this.rechecking.start();
    return this.starting;
  }

  /**
   * The platform offers no day list: the board shows the desk's own tickets and the patients
   * it identified or scanned, each re-verified with the publisher now and within the budget.
   */
  private useJournal(officePlaceId: number): void {
    this.journalMode = true;
    this.state.replaceAll(this.deps.journal.tickets(officePlaceId));
    this.rechecking.reloaded();
  }

  /** The journal records what the medical system answered this desk (its check-ins, its searches). */
  private journalChanged(ticket: DeskTicket): void {
    if (ticket.officePlaceId !== this.feedPlace) return;
    if (this.journalMode) this.changed(ticket);
    // On the platform's day list, an arrival confirmed here shows at once, whatever the publisher pushes.
    else this.rechecking.arrived(ticket);
  }

  /** A row staff selected: read from the medical system now, budget or not. */
  focus(ticketId: string): null {
    this.rechecking.focus(ticketId);
    return null;
  }

  /** The feed's state with what the board itself found missing, for the banner. */
  private liveOf(live: BoardLive): BoardLive {
    const missing = new Set(live.missing ?? []);
    if (this.callMissing) missing.add('callTicket');
    if (this.uncoordinated && !missing.has('dayList')) missing.add('callCoordination');
    return missing.size === (live.missing?.length ?? 0) ? live : { ...live, missing: [...missing] };
  }

  /**
   * The desk's presence outlives the feed: a sign-out (another person about to sign in) must not
   * make the desk look gone and hand its called patients to the others. It stops when the app closes.
   */
  private stopFeed(): void {
    // Offered to the staff member who asked, at the place they asked: not to the next one, nor elsewhere.
    this.unsent.clear();
    this.journalMode = false;
    this.feed?.stop();
    this.feed = null;
    this.feedPlace = null;
    this.starting = null;
    this.rechecking.stop();
    this.state.replaceAll([]);
  }

  private changed(ticket: DeskTicket): void {
    const before = this.state.ticket(ticket.ticketId);
    this.state.upsert(ticket);
    if (ticket.absent || before?.absent) this.officeChanged();
    this.rechecking.changed(before, ticket);
  }

  // ── outbox ─────────────────────────────────────────────────────────────────
  private async deliver(entry: OutboxEntry): Promise<Delivery> {
    try {
      if (entry.kind === 'held') {
        this.held.settled(entry);
        const result = await this.actions.deliverHeld(entry);
        this.deps.events.emit('board/heldSent', { id: entry.id, status: entry.status, result });
        return 'done';
      }
      if (entry.kind === 'publisherStatus') {
        const answer = await this.deps.publisher.setAppointmentStatus(entry.appointmentId, entry.status);
        const truth = await this.actions.confirmedStatus(entry.appointmentId, entry.status, answer.status);
        await this.actions.reportMove(entry.ticketId, entry.appointmentId, truth);
      } else if (entry.kind === 'platformStatus') {
        await this.deps.board.appointmentStatusChanged(entry.appointmentId, entry.status);
      } else {
        // A call left by an older version of the desk: never sent on its own, the waiting room has moved on.
        void this.deps.audit.record({ ...this.auditOf(entry), outcome: 'notSentExpired' });
        return 'done';
      }
      // The status mirror is best effort and was never shown as pending: only staff actions are audited.
      if (entry.kind !== 'platformStatus') void this.deps.audit.record({ ...this.auditOf(entry), outcome: 'deliveredAfterWaiting' });
      return 'done';
    } catch (error) {
      if (isTransient(error) || isTransientPlatformError(error)) {
        // The window that held it says the change waits for the medical system, as for any move.
        if (entry.kind === 'held') {
          const result = { outcome: 'pending' as const, ticketId: entry.ticketId, formattedNumber: entry.formattedNumber ?? entry.ticketId };
          this.deps.events.emit('board/heldSent', { id: entry.id, status: entry.status, result });
        }
        return 'retry';
      }
      const code = error instanceof DeskError ? error.code : 'INTERNAL';
      log.warn('outbox entry refused, dropped', { kind: entry.kind, code });
      await this.refused(entry, code);
      return 'impossible';
    }
  }

  /** A desk action refused after it waited is told to staff and kept in the audit trail, never lost silently. */
  private async refused(entry: OutboxEntry, code: DeskErrorCode): Promise<void> {
    // The platform's own status mirror is best effort: its refusal is only logged.
    if (entry.kind === 'platformStatus') return;
    const audited = this.auditOf(entry);
    // Written before staff are told, so the trail already holds what the alert says.
    await this.deps.audit.record({ ...audited, outcome: 'refusedAfterWaiting' });
    this.deps.events.emit('board/refused', { ticket: audited.ticket ?? null, action: audited.action, code });
  }

  /** A waiting staff action as the audit trail names it: who asked, what, on which ticket number. */
  private auditOf(entry: Exclude<OutboxEntry, { kind: 'platformStatus' }>) {
    const action: 'call' | 'recall' | ForwardStatus = entry.kind === 'call' ? (entry.recall ? 'recall' : 'call') : entry.status;
    const ticket = entry.formattedNumber ?? this.state.ticket(entry.ticketId)?.formattedNumber;
    return { staff: entry.staff ?? this.staffName(), action, ...(ticket ? { ticket } : {}) };
  }

  private settled(entry: OutboxEntry): void {
    this.held.settled(entry);
    if (this.outbox.hasPending(entry.ticketId)) return;
    const local = this.state.localOf(entry.ticketId);
    if (local?.pending) this.state.setLocal(entry.ticketId, entry.kind === 'call' ? null : { ...local, pending: false });
    const ticket = this.state.ticket(entry.ticketId);
    if (ticket?.contractAppointmentId) void this.rechecking.verify(ticket);
  }

  private staffName(): string {
    return this.deps.staff.current()?.displayName ?? 'unknown';
  }
}
