import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  CheckinPatient,
  CheckinReadiness,
  CheckinResult,
  CheckinSearchRequest,
  CheckinSearchResponse,
} from '../../../../src-shared/ipc/features/checkin.contract';
import type { PrintOutcome } from '../../../../src-shared/ipc/features/printing.contract';
import { DEFAULT_PUNCTUALITY, type PunctualitySettings } from '../../../../src-shared/board/punctuality';
import { desk, unwrap } from '../../../bridge/desk';

/** How often an undone reception is read again at the medical system, waiting for it to revert the arrival. */
export const REVERIFY_EVERY_MS = 3_000;
/** Past this, the desk stops reading by itself (the medical system's staff may take a while): "Check now" stays. */
export const REVERIFY_FOR_MS = 10 * 60_000;

/**
 * One desk check-in at a time: the search, the patient and appointments chosen, the
 * readiness shown before confirming, and the ticket issued. Main does the work and
 * re-verifies everything; this store keeps what the screen shows.
 */
export const useCheckinStore = defineStore('checkin', () => {
  const patients = ref<CheckinPatient[] | null>(null);
  /** The board's early and late margins, as main sent them with the patients found. */
  const punctuality = ref<PunctualitySettings>(DEFAULT_PUNCTUALITY);
  const patientId = ref<string | null>(null);
  const chosen = ref<string[]>([]);
  const readiness = ref<CheckinReadiness | null>(null);
  const result = ref<CheckinResult | null>(null);
  const undone = ref(false);
  const busy = ref<'search' | 'checkIn' | 'undo' | 'reverify' | 'trainer' | null>(null);
  const error = ref<unknown>(null);
  /** How the shown answer was asked: "nobody found" says what to check (the number, or the name and birth date). */
  const searchedBy = ref<'name' | 'socialSecurityId' | 'code' | null>(null);
  /** An arrival already recorded whose ticket is being given again (its appointment), and the last one given. */
  const reprinting = ref<string | null>(null);
  const reprinted = ref<{ appointmentId: string; outcome: PrintOutcome['outcome'] } | null>(null);
  /**
   * After an undo: the patient as the medical system shows them now. The arrival stays
   * recorded there until its staff revert it; then the desk may check the patient in again.
   */
  const reverified = ref<CheckinPatient | null>(null);
  let reverifyTimer: ReturnType<typeof setTimeout> | null = null;
  let reverifyUntil = 0;
  /** Only while the check-in screen is shown: nobody reads the answer elsewhere. */
  let screenShown = false;

  const patient = computed(() => patients.value?.find((candidate) => candidate.id === patientId.value) ?? null);
  /** The undone reception's main appointment is back to scheduled at the medical system. */
  const canCheckInAgain = computed(() => {
    const main = result.value?.mainAppointmentId;
    return undone.value && reverified.value?.appointments.some((appointment) => appointment.id === main && appointment.eligible) === true;
  });

  async function run<T>(kind: NonNullable<typeof busy.value>, work: () => Promise<T>): Promise<T | undefined> {
    busy.value = kind;
    error.value = null;
    try {
      return await work();
    } catch (failure) {
      error.value = failure;
      return undefined;
    } finally {
      busy.value = null;
    }
  }

  function clearChoice(): void {
    reprinted.value = null;
    patientId.value = null;
    chosen.value = [];
    readiness.value = null;
  }

  async function show(found: Promise<CheckinSearchResponse>, by: NonNullable<typeof searchedBy.value>): Promise<void> {
    const answer = await found;
    punctuality.value = answer.punctuality ?? DEFAULT_PUNCTUALITY;
    searchedBy.value = by;
    stopReverifying();
    result.value = null;
    undone.value = false;
    patients.value = answer.patients;
    clearChoice();
    if (answer.patients.length === 1) choosePatient(answer.patients[0]!.id);
  }

  const search = (criteria: CheckinSearchRequest) =>
    run('search', () => show(unwrap(desk.checkin.search(criteria)), criteria.socialSecurityId ? 'socialSecurityId' : 'name'));
  const scan = (code: string) => run('search', () => show(unwrap(desk.checkin.byCode({ code })), 'code'));

  /** The search fields changed: an answer of nobody found was about the criteria before. */
  function criteriaEdited(): void {
    if (patients.value?.length === 0) patients.value = null;
  }

  /** A patient chosen: every appointment that can be checked in today is proposed together. */
  function choosePatient(id: string): void {
    // An error about the patient before (a refused check-in) is not about this one.
    if (id !== patientId.value) error.value = null;
    patientId.value = id;
    chosen.value = patient.value?.appointments.filter((appointment) => appointment.eligible).map((appointment) => appointment.id) ?? [];
    void refreshReadiness();
  }

  function toggle(appointmentId: string): void {
    chosen.value = chosen.value.includes(appointmentId) ? chosen.value.filter((id) => id !== appointmentId) : [...chosen.value, appointmentId];
    void refreshReadiness();
  }

  /** Readiness is information, never a gate: its failure only leaves it unknown. */
  async function refreshReadiness(): Promise<void> {
    readiness.value = null;
    const ids = [...chosen.value];
    if (ids.length === 0) return;
    let answer: CheckinReadiness;
    try {
      answer = await unwrap(desk.checkin.readiness({ appointmentIds: ids }));
    } catch {
      // Not known: said in words, in the place the answer would take.
      answer = { publisher: null, platform: null };
    }
    if (ids.join() === chosen.value.join()) readiness.value = answer;
  }

  const checkIn = () =>
    run('checkIn', async () => {
      result.value = await unwrap(desk.checkin.checkIn({ appointmentIds: chosen.value }));
      undone.value = false;
    });

  const undo = () =>
    run('undo', async () => {
      if (!result.value) return;
      await unwrap(desk.checkin.undo({ mainAppointmentId: result.value.mainAppointmentId }));
      undone.value = true;
      reverified.value = null;
      reverifyUntil = Date.now() + REVERIFY_FOR_MS;
      scheduleReverify();
    });

  // ── after an undo: waiting for the medical system ──────────────────────────
  function clearReverifyTimer(): void {
    if (reverifyTimer !== null) clearTimeout(reverifyTimer);
    reverifyTimer = null;
  }

  function stopReverifying(): void {
    clearReverifyTimer();
    reverified.value = null;
  }

  function scheduleReverify(): void {
    clearReverifyTimer();
    if (!screenShown || Date.now() >= reverifyUntil) return;
    reverifyTimer = setTimeout(() => void reverifyQuietly(), REVERIFY_EVERY_MS);
  }

  /** The check-in screen is shown again, or left: the waiting reading resumes (for a while) or pauses. */
  function screenVisible(visible: boolean): void {
    screenShown = visible;
    if (!visible) clearReverifyTimer();
    else if (undone.value && !canCheckInAgain.value) {
      reverifyUntil = Math.max(reverifyUntil, Date.now() + REVERIFY_FOR_MS);
      scheduleReverify();
    }
  }

  /** Polling never shows an error: a missed reading is simply taken again. */
  async function reverifyQuietly(): Promise<void> {
    reverifyTimer = null;
    const main = result.value?.mainAppointmentId;
    if (!undone.value || !main) return;
    try {
      adopt(await unwrap(desk.checkin.reverify({ appointmentId: main })));
    } catch {
      // Kept as it was; the next reading may answer.
    }
    if (undone.value && !canCheckInAgain.value) scheduleReverify();
  }

  function adopt(answer: { patients: CheckinPatient[] }): void {
    if (undone.value) reverified.value = answer.patients[0] ?? null;
    else replacePatient(answer.patients[0]);
  }

  /** A patient read again while being chosen: the picker shows the medical system's state of now. */
  function replacePatient(fresh: CheckinPatient | undefined): void {
    if (!fresh || !patients.value) return;
    patients.value = patients.value.map((candidate) => (candidate.id === fresh.id ? fresh : candidate));
    if (patientId.value === fresh.id) choosePatient(fresh.id);
  }

  /** The ticket of an arrival already recorded, printed again (main re-verifies it first). */
  async function reprint(appointmentId: string): Promise<void> {
    if (reprinting.value) return;
    reprinting.value = appointmentId;
    error.value = null;
    reprinted.value = null;
    try {
      const printed = await unwrap(desk.printing.reprint({ contractAppointmentId: appointmentId }));
      reprinted.value = { appointmentId, outcome: printed.outcome };
    } catch (failure) {
      error.value = failure;
    } finally {
      reprinting.value = null;
    }
  }

  /** Reads an appointment again at the medical system, on demand. */
  const reverify = (appointmentId: string) => run('reverify', async () => adopt(await unwrap(desk.checkin.reverify({ appointmentId }))));

  /** Training: the trainer reverts the arrival on the medical system's side, as its agenda would. */
  const trainerRevertArrival = (appointmentId: string) =>
    run('trainer', async () => adopt(await unwrap(desk.checkin.trainerRevertArrival({ appointmentId }))));

  /** The medical system reverted the arrival: the same patient, ready to be checked in again (a fresh number). */
  function checkInAgain(): void {
    const fresh = reverified.value;
    if (!fresh) return;
    stopReverifying();
    result.value = null;
    undone.value = false;
    patients.value = [fresh];
    choosePatient(fresh.id);
  }

  /** Back to an empty search for the next patient. */
  function reset(): void {
    stopReverifying();
    patients.value = null;
    searchedBy.value = null;
    result.value = null;
    undone.value = false;
    error.value = null;
    clearChoice();
  }

  return {
    patients,
    punctuality,
    patient,
    patientId,
    chosen,
    readiness,
    result,
    undone,
    reverified,
    canCheckInAgain,
    busy,
    error,
    searchedBy,
    reprinting,
    reprinted,
    reprint,
    search,
    criteriaEdited,
    scan,
    choosePatient,
    toggle,
    checkIn,
    undo,
    reverify,
    screenVisible,
    trainerRevertArrival,
    checkInAgain,
    reset,
  };
});
