import pLimit, { type LimitFunction } from 'p-limit';
import { linkedAppointments } from '../../src-shared/checkin/journey';
import type { Appointment, AppointmentPair } from '../../src-shared/publisher/schemas';
import { isContractError } from '../publisher/errors';
import { StringPool } from '../string-pool';

/**
 * What the board reads of an appointment: a read is kept for the day, one per ticket, so only these
 * fields are (not the whole answer's prescriber, links and vendor data).
 */
export type ReadAppointment = Pick<
  Appointment,
  'id' | 'status' | 'startDate' | 'examTypeId' | 'examLabel' | 'roomLabel' | 'practitionerLabel' | 'preparatorySurveyCompleted' | 'awaitingExternalNotification'
>;

/** `strings`: the labels, rooms and slots of the day's reads repeat (string-pool.ts). */
function kept(appointment: Appointment, strings: StringPool): ReadAppointment {
  const { id, status, startDate, examTypeId, examLabel, roomLabel, practitionerLabel, preparatorySurveyCompleted, awaitingExternalNotification } = appointment;
  return {
    id,
    status: strings.take(status),
    startDate: strings.take(startDate),
    examTypeId: strings.take(examTypeId),
    examLabel: strings.take(examLabel),
    roomLabel: strings.take(roomLabel),
    practitionerLabel: strings.take(practitionerLabel),
    preparatorySurveyCompleted,
    awaitingExternalNotification,
  };
}

/** What the publisher said of one appointment, and when. */
export type Check =
  /** `linked`: the patient's other appointments checked in under the same ticket (journey.ts); absent means none. */
  | { kind: 'verified'; appointment: ReadAppointment; linked?: readonly ReadAppointment[]; at: number }
  | { kind: 'gone'; at: number }
  | { kind: 'unreachable'; at: number };

export interface ReverifierOptions {
  getAppointmentById: (id: string) => Promise<AppointmentPair>;
  /** Used for `fresh` checks right before an action: one short attempt, the desk does not wait on retries. */
  getAppointmentByIdNow?: (id: string) => Promise<AppointmentPair>;
  /** Calls in flight at most: a busy day never floods the medical system. */
  concurrency?: number;
  /** A check younger than this is answered from cache (unless fresh is asked). */
  ttlMs?: number;
  now?: () => number;
}

/**
 * Re-verification of appointments with `getAppointmentById`: bounded concurrency,
 * one request per appointment at a time (callers share it), a short cache. A 404
 * means the appointment no longer exists; any other failure means "not verified",
 * never a guess.
 */
export class Reverifier {
  private readonly cache = new Map<string, Check>();
  /**
   * Each appointment as the medical system last gave it, kept through forget() and unanswered reads:
   * a row keeps its exam, room and practitioner while its status is asked again (after a move: of a
   * short day's 5,267 row changes, 709 emptied those columns and some 640 answers filled them back,
   * soak 7 Dec 2026) or goes unanswered (an outage); only its check says it is not vouched for.
   */
  private readonly answers = new Map<string, ReadAppointment>();
  private readonly inFlight = new Map<string, Promise<Check>>();
  /** Bumped by forget(): an answer to a request sent before it is stale and never cached. */
  private readonly epochs = new Map<string, number>();
  /** Bumped by keepOnly(): an answer to a request sent before it is not cached. */
  private generation = 0;
  /** Bounds the calls in flight, not the callers: a shared request holds one slot. */
  private readonly limit: LimitFunction;
  private readonly strings = new StringPool();

  constructor(private readonly options: ReverifierOptions) {
    this.limit = pLimit(options.concurrency ?? 8);
  }

  get concurrency(): number {
    return this.limit.concurrency;
  }

  cached(appointmentId: string): Check | null {
    return this.cache.get(appointmentId) ?? null;
  }

  /** The appointment as the medical system last gave it, whether or not its latest read is answered; null once it said it is gone. */
  lastAnswer(appointmentId: string): ReadAppointment | null {
    return this.answers.get(appointmentId) ?? null;
  }

  /** `fresh`: right before an action, the cache is not good enough. */
  verify(appointmentId: string, fresh = false): Promise<Check> {
    const now = this.now();
    const known = this.cache.get(appointmentId);
    if (!fresh && known && now - known.at < (this.options.ttlMs ?? 15_000)) return Promise.resolve(known);
    const running = this.inFlight.get(appointmentId);
    // A request already under way may predate what the caller knows; an action asks anew.
    if (running && !fresh) return running;
    return this.start(appointmentId, fresh);
  }

  /** A scheduled re-check (recheck.ts): asks again whatever the cache holds, sharing a request under way. */
  refresh(appointmentId: string): Promise<Check> {
    return this.inFlight.get(appointmentId) ?? this.start(appointmentId, true);
  }

  busy(appointmentId: string): boolean {
    return this.inFlight.has(appointmentId);
  }

  /**
   * Another desk of the office read this status from the medical system at `at` (desk extension
   * reportVerifiedStatus): taken as this desk's own read when newer than it, without asking again.
   * Only an appointment already read here is updated (its exam, room… come from that read).
   */
  learn(appointmentId: string, status: Appointment['status'], at: number): boolean {
    const known = this.cache.get(appointmentId);
    if (known?.kind !== 'verified' || known.at >= at || this.inFlight.has(appointmentId)) return false;
    const appointment = { ...known.appointment, status };
    this.cache.set(appointmentId, { ...known, appointment, at });
    this.answers.set(appointmentId, appointment);
    return true;
  }

  private start(appointmentId: string, fresh: boolean): Promise<Check> {
    const pending = this.limit(() => this.ask(appointmentId, fresh)).finally(() => {
      if (this.inFlight.get(appointmentId) === pending) this.inFlight.delete(appointmentId);
    });
    this.inFlight.set(appointmentId, pending);
    return pending;
  }

  /**
   * Lets go of the reads of appointments the board no longer shows (yesterday's, once the new day is
   * loaded): they expire by age but stayed in the map, 2,000 of them the morning after a busy day
   * (soak, 30 Nov 2026), and a desk left open all week would keep every one.
   */
  keepOnly(appointmentIds: ReadonlySet<string>): void {
    for (const id of this.cache.keys()) if (!appointmentIds.has(id)) this.cache.delete(id);
    for (const id of this.answers.keys()) if (!appointmentIds.has(id)) this.answers.delete(id);
    for (const id of this.epochs.keys()) if (!appointmentIds.has(id)) this.epochs.delete(id);
    // Their epochs gone, answers to requests sent before cannot be told stale: none of them is cached.
    this.generation += 1;
  }

  /** After a change (ours or a platform event): the next look asks again, even if a request is under way. */
  forget(appointmentId: string): void {
    this.cache.delete(appointmentId);
    this.inFlight.delete(appointmentId);
    this.epochs.set(appointmentId, (this.epochs.get(appointmentId) ?? 0) + 1);
  }

  private async ask(appointmentId: string, fresh: boolean): Promise<Check> {
    let check: Check;
    const get = (fresh && this.options.getAppointmentByIdNow) || this.options.getAppointmentById;
    const epoch = this.epochs.get(appointmentId) ?? 0;
    const { generation } = this;
    try {
      const pair = await get(appointmentId);
      const linked = linkedAppointments(pair).map((appointment) => kept(appointment, this.strings));
      const appointment = kept(pair.appointment, this.strings);
      // The key the board asked with, not the answer's copy of it: one string per appointment for the day.
      if (appointment.id === appointmentId) appointment.id = appointmentId;
      check = { kind: 'verified', appointment, ...(linked.length > 0 ? { linked } : {}), at: this.now() };
    } catch (error) {
      const gone = isContractError(error) && error.status === 404 && error.code === 'UNKNOWN_APPOINTMENT';
      check = { kind: gone ? 'gone' : 'unreachable', at: this.now() };
    }
    if ((this.epochs.get(appointmentId) ?? 0) === epoch && this.generation === generation) {
      this.cache.set(appointmentId, check);
      if (check.kind === 'verified') this.answers.set(appointmentId, check.appointment);
      else if (check.kind === 'gone') this.answers.delete(appointmentId);
    }
    return check;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
