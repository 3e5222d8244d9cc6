import { randomUUID } from 'node:crypto';
import { DEFAULT_PUNCTUALITY, type PunctualitySettings } from '../../src-shared/board/punctuality';
import { localDay } from '../../src-shared/day';
import { DeskError, isDeskError } from '../../src-shared/errors';
import type {
  CheckinPatient,
  CheckinReadiness,
  CheckinResult,
  CheckinSearchRequest,
  CheckinSearchResponse,
} from '../../src-shared/ipc/features/checkin.contract';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import type { Appointment, AppointmentPair, CheckInRequest } from '../../src-shared/publisher/schemas';
import type { DeskJournalPort, JournalEntry, TicketPrinter, TrainingPort } from '../features';
import { NO_TICKET_NUMBER } from '../journal/desk-journal';
import { logger } from '../log';
import { within } from '../net/within';
import type { PlatformBoardClient } from '../platform/tickets/board';
import { bestEffort, isNotOffered } from '../platform/tickets/http';
import { notifySettingFor, type IssuedDeskTicket, type ReceptionClient } from '../platform/tickets/reception';
import type { PublisherClient } from '../publisher/client';
import { isContractError } from '../publisher/errors';
import type { StaffSessionService } from '../staff/session';
import { TicketPrefixes } from './ticket-prefixes';
import { appointmentDay, arrivalTimes, displayName, isEligible, patientView } from './view';

const log = logger('checkin');

/** The anomaly a negative notification readiness adds at check-in (contract: it never blocks the patient). */
export const INCOMPLETE_FILE_ANOMALY = 'INCOMPLETE_FILE';

/** How long a search waits for the platform's day list before showing what the medical system said. */
export const DAY_LIST_WAIT_MS = 1_500;

export interface CheckinServiceDeps {
  publisher: PublisherClient;
  reception: ReceptionClient;
  staff: StaffSessionService;
  printer: TicketPrinter;
  /** The desk's own day: what the board shows when the platform offers no day list. */
  journal: Pick<DeskJournalPort, 'recordTicket' | 'recordCancelled' | 'tickets'>;
  /**
   * The platform's day list (desk extension): another desk's undone reception shows there.
   * Absent where the desk has none to ask; a platform without it answers "not offered".
   */
  board?: Pick<PlatformBoardClient, 'listForDay'>;
  /** The training sandbox's trainer actions; null on a real medical system. */
  training?: Pick<TrainingPort, 'revertArrival'> | null;
  now?: () => Date;
  /** The board's punctuality margins, sent with each patient found so the picker marks early and late arrivals. */
  punctuality?: () => PunctualitySettings;
}

/** A patient already received (what the board would show), so the journal keeps them; null otherwise. */
function receivedStatus(status: Appointment['status']): JournalEntry['status'] | null {
  return status === 'checkedIn' || status === 'inCare' || status === 'done' ? status : null;
}

/** A refusal of the publisher, in the check-in's own words. */
function refusal(error: unknown): unknown {
  if (isContractError(error) && error.status === 409) {
    return new DeskError('CHECKIN_NOT_ELIGIBLE', 'The medical system refuses the check-in: the appointment is cancelled or done.');
  }
  return error;
}

/**
 * Desk check-in for a patient who skips the kiosk (DESIGN.md §4.5): find the
 * patient, re-read the chosen appointments, take a number in the kiosks' sequence,
 * check each appointment in on the publisher with that number, then print. The
 * platform is best effort throughout: without it the publisher numbers the ticket.
 */
export class CheckinService {
  private readonly now: () => Date;
  /**
   * The requestUid of a ticket issued for a check-in that could not reach the publisher:
   * trying again reuses it, so the patient keeps the number instead of consuming another.
   */
  private readonly pendingGenerations = new Map<string, string>();
  /** The appointments of each check-in made here, by main appointment: an undo covers the whole journey. */
  private readonly journeys = new Map<string, readonly string[]>();
  /**
   * Appointments whose desk reception was undone while the medical system still records
   * the arrival (the contract has no way back): shown as such until it reverts them.
   */
  private readonly undone = new Set<string>();
  /** The platform said it has no day list: not asked again until the desk starts again. */
  private dayListOffered = true;
  private readonly prefixes: TicketPrefixes;

  constructor(private readonly deps: CheckinServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.prefixes = new TicketPrefixes({ publisher: deps.publisher });
  }

  private punctuality(): PunctualitySettings {
    const { earlyMinutes, lateMinutes } = this.deps.punctuality?.() ?? DEFAULT_PUNCTUALITY;
    return { earlyMinutes, lateMinutes };
  }

  async search(criteria: CheckinSearchRequest): Promise<CheckinSearchResponse> {
    const answer = await this.deps.publisher.identifyPatients({
      criteria: {
        ...(criteria.socialSecurityId ? { socialSecurityId: criteria.socialSecurityId } : {}),
        ...(criteria.lastName ? { lastName: criteria.lastName } : {}),
        ...(criteria.firstName ? { firstName: criteria.firstName } : {}),
        ...(criteria.birthDate ? { birthDate: criteria.birthDate } : {}),
      },
    });
    const today = localDay(this.now());
    const all = answer.patients.flatMap(({ appointments }) => appointments);
    const journal = this.journalTickets();
    for (const { patient, appointments } of answer.patients) this.rememberReceived(patient, appointments, today);
    const arrivals = arrivalTimes(all, (await this.recallUndoneElsewhere(all)) ?? journal);
    return { patients: answer.patients.map(({ patient, appointments }) => this.view(patient, appointments, today, arrivals)), punctuality: this.punctuality() };
  }

  /** A convocation QR read by the scanner: the appointment, with the patient's other appointments of today. */
  async byCode(code: string): Promise<CheckinSearchResponse> {
    let pair: AppointmentPair;
    try {
      pair = await this.deps.publisher.getAppointmentByCode(code);
    } catch (error) {
      if (isDeskError(error) && error.code === 'UNKNOWN_APPOINTMENT') {
        throw new DeskError('CHECKIN_UNKNOWN_CODE', 'The medical system does not know this convocation code.');
      }
      throw error;
    }
    return this.pairResponse(pair);
  }

  /** The patient of an appointment read again at the medical system: what the desk can do now (after an undo, say). */
  async reverify(appointmentId: string): Promise<CheckinSearchResponse> {
    return this.pairResponse(await this.deps.publisher.getAppointmentById(appointmentId));
  }

  /**
   * Training only: the trainer reverts an arrival on the medical system's side, as its
   * agenda would: the whole visit, so the other appointments undone with it come back too.
   */
  async trainerRevertArrival(appointmentId: string): Promise<CheckinSearchResponse> {
    const training = this.deps.training;
    if (!training) throw new DeskError('ADMIN_TRAINING_ONLY', 'Only the training medical system can be driven from the desk.');
    const pair = await this.deps.publisher.getAppointmentById(appointmentId);
    const visit = [pair.appointment, ...pair.otherAppointments].filter((appointment) => appointment.id === appointmentId || this.undone.has(appointment.id));
    for (const appointment of visit) await training.revertArrival(appointment.id);
    return this.reverify(appointmentId);
  }

  private async pairResponse(pair: AppointmentPair): Promise<CheckinSearchResponse> {
    const today = localDay(this.now());
    const others = pair.otherAppointments.filter((appointment) => appointmentDay(appointment) === today && appointment.id !== pair.appointment.id);
    const all = [pair.appointment, ...others];
    const journal = this.journalTickets();
    this.rememberReceived(pair.patient, all, today);
    const arrivals = arrivalTimes(all, (await this.recallUndoneElsewhere(all)) ?? journal);
    return { patients: [this.view(pair.patient, all, today, arrivals)], punctuality: this.punctuality() };
  }

  /**
   * Another desk of the office undid this reception: it is in that desk's journal, not in
   * this one's, but the platform's day list shows it — the number the medical system still
   * holds is a cancelled ticket, and the appointment has no live one. Asked only when a
   * received appointment is shown, bounded in time, best effort: without an answer the
   * desk shows what the medical system says. Answers the day's tickets it read (null without them).
   */
  private async recallUndoneElsewhere(appointments: readonly Appointment[]): Promise<DeskTicket[] | null> {
    const board = this.deps.board;
    const officePlaceId = this.deps.staff.workplace()?.officePlaceId;
    const received = appointments.filter((appointment) => receivedStatus(appointment.status) && appointment.ticketNumberFormatted && !this.undone.has(appointment.id));
    if (!board || !this.dayListOffered || officePlaceId === undefined || received.length === 0) return null;
    const ask = async () => {
      try {
        return await board.listForDay({ officePlaceId });
      } catch (error) {
        if (isNotOffered(error)) this.dayListOffered = false;
        throw error;
      }
    };
    const day = await within(bestEffort('listForDay', ask, null), DAY_LIST_WAIT_MS, null);
    if (!day) return null;
    const ids = new Set(appointments.map((appointment) => appointment.id));
    const mine = day.tickets.filter((ticket) => ticket.contractAppointmentId !== null && ids.has(ticket.contractAppointmentId));
    const live = new Set(mine.filter((ticket) => ticket.status !== 'cancelled').map((ticket) => ticket.formattedNumber));
    const cancelled = new Set(mine.filter((ticket) => ticket.status === 'cancelled').map((ticket) => ticket.formattedNumber));
    for (const appointment of received) {
      const number = appointment.ticketNumberFormatted!;
      if (cancelled.has(number) && !live.has(number)) this.undone.add(appointment.id);
    }
    return day.tickets;
  }

  /**
   * The desk's own tickets of today, read before this answer records anything: where the platform
   * gives no day list, the board shows these, so an arrival is said at the time the board shows.
   */
  private journalTickets(): DeskTicket[] {
    const officePlaceId = this.deps.staff.workplace()?.officePlaceId;
    return officePlaceId === undefined ? [] : this.deps.journal.tickets(officePlaceId);
  }

  /**
   * The patient as the desk shows them. An undone reception the medical system has since
   * reverted (back to scheduled) is forgotten: the appointment can be checked in again.
   */
  private view(patient: AppointmentPair['patient'], appointments: readonly Appointment[], today: string, arrivals: ReadonlyMap<string, string> = new Map()): CheckinPatient {
    for (const appointment of appointments) if (appointment.status === 'scheduled') this.undone.delete(appointment.id);
    this.recallUndone(appointments);
    return patientView(patient, appointments, today, this.undone, arrivals);
  }

  /**
   * After a restart, the desk's journal still holds today's cancelled tickets: an arrival
   * the medical system keeps under a number this desk cancelled is an undone reception
   * (the journey's other appointments share that number).
   */
  private recallUndone(appointments: readonly Appointment[]): void {
    const officePlaceId = this.deps.staff.workplace()?.officePlaceId;
    if (officePlaceId === undefined) return;
    const ids = new Set(appointments.map((appointment) => appointment.id));
    const cancelled = new Set(
      this.deps.journal
        .tickets(officePlaceId)
        .filter((ticket) => ticket.status === 'cancelled' && ticket.contractAppointmentId !== null && ids.has(ticket.contractAppointmentId))
        .map((ticket) => ticket.formattedNumber),
    );
    for (const appointment of appointments) {
      if (receivedStatus(appointment.status) && appointment.ticketNumberFormatted && cancelled.has(appointment.ticketNumberFormatted)) this.undone.add(appointment.id);
    }
  }

  async readiness(appointmentIds: readonly string[]): Promise<CheckinReadiness> {
    const pairs = await Promise.all(appointmentIds.map((id) => this.deps.publisher.getAppointmentById(id)));
    const journey = pairs.map((pair) => pair.appointment).toSorted(byStart);
    return this.readinessOf(journey);
  }

  async checkIn(appointmentIds: readonly string[]): Promise<CheckinResult> {
    const workplace = this.deps.staff.requireWorkplace();
    const journey = await this.verifiedJourney(appointmentIds);
    const main = journey[0]!;
    const patient = journey.patient;

    const [readiness, issued] = await Promise.all([
      this.readinessOf(journey),
      bestEffort<IssuedDeskTicket | null>(
        'issueForAppointment',
        async () =>
          this.deps.reception.issueForAppointment({
            officePlaceId: workplace.officePlaceId,
            contractAppointmentId: main.id,
            examTypeId: main.examTypeId ?? null,
            // The exam type's series, shared with the kiosks and the medical system's own arrivals.
            prefix: await this.prefixes.prefixOf(main.examTypeId),
            examLabel: main.examLabel ?? null,
            patientDisplayName: displayName(patient),
            requestUid: this.pendingGenerations.get(main.id),
          }),
        null,
      ),
    ]);
    if (issued) this.pendingGenerations.set(main.id, issued.requestUid);

    const anomalyCodes = readiness.publisher && !readiness.publisher.ready ? [INCOMPLETE_FILE_ANOMALY] : [];
    const checkedIn: string[] = [];
    const notCheckedIn: CheckinResult['notCheckedIn'] = [];
    let publisherTicket: string | null = null;
    // Every appointment of the journey carries the one number (contract: printed ticket, agenda and desk agree):
    // the platform's, else the one the medical system gave the main appointment.
    let proposed: CheckInRequest['proposedTicket'] = issued ? { number: issued.number, formattedNumber: issued.formattedNumber } : null;
    for (const [index, appointment] of journey.entries()) {
      const others = journey.filter((other) => other !== appointment);
      const request: CheckInRequest = {
        identifiedWithHealthCard: false,
        anomalyCodes,
        sequence: { number: index + 1, count: journey.length },
        mainAppointmentId: index === 0 ? null : main.id,
        linkedAppointmentIds: others.map((other) => other.id),
        examId: appointment.examId ?? null,
        otherExamIds: others.flatMap((other) => (other.examId ? [other.examId] : [])),
        otherAppointmentsReadyForCheckIn: journey.length > 1,
        proposedTicket: proposed,
      };
      try {
        const answer = await this.deps.publisher.checkInAppointment(appointment.id, request);
        if (index === 0) publisherTicket = answer.ticketNumberFormatted ?? null;
        if (index === 0 && !proposed && answer.ticketNumber !== undefined && answer.ticketNumberFormatted) {
          proposed = { number: answer.ticketNumber, formattedNumber: answer.ticketNumberFormatted };
        }
        checkedIn.push(appointment.id);
      } catch (error) {
        if (index > 0) {
          notCheckedIn.push({ id: appointment.id, code: isDeskError(error) ? refusalCode(error) : 'INTERNAL' });
          continue;
        }
        await this.abandon(main.id, issued, error);
        throw refusal(error);
      }
    }
    this.pendingGenerations.delete(main.id);
    this.journeys.set(main.id, checkedIn);
    for (const id of checkedIn) this.undone.delete(id);

    const formattedNumber = publisherTicket ?? issued?.formattedNumber ?? null;
    if (formattedNumber) {
      const place = workplace.officePlaceId;
      const entry = { contractAppointmentId: main.id, formattedNumber, officePlaceId: place, patientDisplayName: displayName(patient), examLabel: main.examLabel ?? null };
      await this.remember(() => this.deps.journal.recordTicket({ ...entry, status: 'checkedIn' }));
    }
    if (issued && publisherTicket && publisherTicket !== issued.formattedNumber) {
      // The publisher kept its own number: the agenda is the truth the patient will be called by.
      log.warn('publisher did not adopt the proposed ticket');
    }
    const print = formattedNumber
      ? await this.print({
          contractAppointmentId: main.id,
          formattedNumber,
          officePlaceId: workplace.officePlaceId,
          requestUid: issued?.requestUid ?? `desk-${randomUUID()}`,
          appointment: main,
          // Only what the medical system took: a linked appointment it refused is not on the patient's ticket.
          linked: journey.filter((appointment) => appointment !== main && checkedIn.includes(appointment.id)),
        })
      : ({ printed: false, code: 'PRINTER_UNAVAILABLE' } as const);
    log.info('desk check-in', { appointments: checkedIn.length, refused: notCheckedIn.length, numberedBy: issued ? 'platform' : 'publisher', printed: print.printed });
    return {
      formattedNumber,
      numberedBy: issued && (publisherTicket === null || publisherTicket === issued.formattedNumber) ? 'platform' : publisherTicket ? 'publisher' : null,
      mainAppointmentId: main.id,
      checkedIn,
      notCheckedIn,
      print,
      readiness,
    };
  }

  /**
   * Undo reception: the platform cancels the appointment's tickets (a redo takes a new
   * number). The medical system keeps the arrival (the contract cannot revert it): the
   * desk remembers the journey as undone so search and scan say so, never "already
   * checked in" with a cancelled ticket.
   */
  async undo(mainAppointmentId: string): Promise<{ cancelled: number }> {
    this.pendingGenerations.delete(mainAppointmentId);
    const answer = await this.deps.reception.cancelForAppointment(mainAppointmentId);
    for (const id of this.journeys.get(mainAppointmentId) ?? [mainAppointmentId]) this.undone.add(id);
    this.journeys.delete(mainAppointmentId);
    await this.remember(() => this.deps.journal.recordCancelled(mainAppointmentId));
    log.info('desk reception undone', { cancelled: answer.cancelled });
    return answer;
  }

  // ── the desk journal ───────────────────────────────────────────────────────
  /**
   * A patient identified or scanned here who is already received today goes on the desk's
   * own day, so a board without the platform's day list shows them. Never delays the search.
   */
  private rememberReceived(patient: AppointmentPair['patient'], appointments: readonly Appointment[], today: string): void {
    const officePlaceId = this.deps.staff.workplace()?.officePlaceId;
    if (officePlaceId === undefined) return;
    // Earliest first: the main appointment of a journey stands for its shared ticket, as at check-in.
    for (const appointment of appointments.toSorted(byStart)) {
      const status = receivedStatus(appointment.status);
      // An undone reception stays off the board, whatever the medical system still records.
      if (!status || appointmentDay(appointment) !== today || this.undone.has(appointment.id)) continue;
      void this.remember(() => this.deps.journal.recordTicket({
        contractAppointmentId: appointment.id,
        // The board needs some number to show; the publisher's is the one the patient holds.
        formattedNumber: appointment.ticketNumberFormatted ?? NO_TICKET_NUMBER,
        officePlaceId,
        patientDisplayName: displayName(patient),
        examLabel: appointment.examLabel ?? null,
        status,
      }));
    }
  }

  /** The journal is the fallback of a fallback: failing to write it never fails a check-in. */
  private async remember(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      log.warn('desk journal not written', { code: isDeskError(error) ? error.code : 'INTERNAL' });
    }
  }

  // ── steps ──────────────────────────────────────────────────────────────────
  /** Re-reads every chosen appointment: the publisher's status of now decides, not the search's. */
  private async verifiedJourney(appointmentIds: readonly string[]): Promise<Appointment[] & { patient: AppointmentPair['patient'] }> {
    const unique = [...new Set(appointmentIds)];
    const pairs = await Promise.all(unique.map((id) => this.deps.publisher.getAppointmentById(id)));
    const patient = pairs[0]!.patient;
    if (pairs.some((pair) => pair.patient.id !== patient.id)) {
      throw new DeskError('CHECKIN_MIXED_PATIENTS', 'The chosen appointments belong to different patients.');
    }
    const today = localDay(this.now());
    const appointments = pairs.map((pair) => pair.appointment);
    // An undone reception is no "already checked in": its ticket is cancelled, only the arrival stays.
    this.recallUndone(appointments);
    await this.recallUndoneElsewhere(appointments);
    for (const { appointment } of pairs) {
      if ((appointment.status === 'checkedIn' || appointment.status === 'inCare') && this.undone.has(appointment.id)) {
        throw new DeskError('CHECKIN_RECEPTION_UNDONE', 'The desk cancelled this ticket; the medical system still records the arrival.');
      }
      if (appointment.status === 'checkedIn' || appointment.status === 'inCare') {
        throw new DeskError('CHECKIN_ALREADY_RECEIVED', 'An appointment chosen is already checked in.');
      }
      if (!isEligible(appointment, today)) throw new DeskError('CHECKIN_NOT_ELIGIBLE', 'An appointment chosen cannot be checked in today.');
    }
    return Object.assign(appointments.toSorted(byStart), { patient });
  }

  private async readinessOf(journey: readonly Appointment[]): Promise<CheckinReadiness> {
    const main = journey[0]!;
    const workplace = this.deps.staff.workplace();
    const [publisher, settings] = await Promise.all([
      this.deps.publisher
        .getNotificationReadiness(main.id, {
          identifiedWithHealthCard: false,
          sequenceNumber: 1,
          ...(main.examId ? { examId: main.examId } : {}),
          otherExamIds: journey.slice(1).flatMap((other) => (other.examId ? [other.examId] : [])),
        })
        .then(
          (answer) => ({ ready: answer.ready, reason: answer.reason ?? null }),
          () => null,
        ),
      bestEffort('getCheckinNotifySettings', () => this.deps.reception.getCheckinNotifySettings(), null),
    ]);
    return { publisher, platform: settings && workplace ? notifySettingFor(settings.settings, workplace.officePlaceId) : null };
  }

  /**
   * The main appointment could not be checked in. A refusal frees the number at once;
   * an unreachable publisher keeps it for the retry (same requestUid, same number).
   */
  private async abandon(mainId: string, issued: IssuedDeskTicket | null, error: unknown): Promise<void> {
    if (!issued || (isContractError(error) && error.retryable)) return;
    this.pendingGenerations.delete(mainId);
    await bestEffort('cancelForAppointment', () => this.deps.reception.cancelForAppointment(mainId), null);
  }

  private async print(ticket: Parameters<TicketPrinter['printIssuedTicket']>[0]): Promise<CheckinResult['print']> {
    try {
      return { printed: true, outcome: await this.deps.printer.printIssuedTicket(ticket) };
    } catch (error) {
      // The patient is checked in whatever the printer does: the number is shown on screen.
      return { printed: false, code: isDeskError(error) ? error.code : 'INTERNAL' };
    }
  }
}

function byStart(left: Appointment, right: Appointment): number {
  return Date.parse(left.startDate) - Date.parse(right.startDate);
}

function refusalCode(error: DeskError): DeskError['code'] {
  const mapped = refusal(error);
  return isDeskError(mapped) ? mapped.code : error.code;
}
