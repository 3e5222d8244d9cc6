import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  CheckinPatient,
  CheckinReadiness,
  CheckinResult,
  CheckinSearchRequest,
} from '../../../../src-shared/ipc/features/checkin.contract';
import { desk, unwrap } from '../../../bridge/desk';

/**
 * One desk check-in at a time: the search, the patient and appointments chosen, the
 * readiness shown before confirming, and the ticket issued. Main does the work and
 * re-verifies everything; this store keeps what the screen shows.
 */
export const useCheckinStore = defineStore('checkin', () => {
  const patients = ref<CheckinPatient[] | null>(null);
  const patientId = ref<string | null>(null);
  const chosen = ref<string[]>([]);
  const readiness = ref<CheckinReadiness | null>(null);
  const result = ref<CheckinResult | null>(null);
  const undone = ref(false);
  const busy = ref<'search' | 'checkIn' | 'undo' | null>(null);
  const error = ref<unknown>(null);

  const patient = computed(() => patients.value?.find((candidate) => candidate.id === patientId.value) ?? null);

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
    patientId.value = null;
    chosen.value = [];
    readiness.value = null;
  }

  async function show(found: Promise<{ patients: CheckinPatient[] }>): Promise<void> {
    const answer = await found;
    result.value = null;
    undone.value = false;
    patients.value = answer.patients;
    clearChoice();
    if (answer.patients.length === 1) choosePatient(answer.patients[0]!.id);
  }

  const search = (criteria: CheckinSearchRequest) => run('search', () => show(unwrap(desk.checkin.search(criteria))));
  const scan = (code: string) => run('search', () => show(unwrap(desk.checkin.byCode({ code }))));

  /** A patient chosen: every appointment that can be checked in today is proposed together. */
  function choosePatient(id: string): void {
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
    try {
      const answer = await unwrap(desk.checkin.readiness({ appointmentIds: ids }));
      if (ids.join() === chosen.value.join()) readiness.value = answer;
    } catch {
      readiness.value = null;
    }
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
    });

  /** Back to an empty search for the next patient. */
  function reset(): void {
    patients.value = null;
    result.value = null;
    undone.value = false;
    error.value = null;
    clearChoice();
  }

  return { patients, patient, patientId, chosen, readiness, result, undone, busy, error, search, scan, choosePatient, toggle, checkIn, undo, reset };
});
