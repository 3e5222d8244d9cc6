import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { StaffSession } from '../../../../src-shared/ipc/contract';
import type { StaffSignInRequest } from '../../../../src-shared/publisher/schemas';
import { takeStaffSession } from '../../../boot/first-questions';
import { desk, unwrap } from '../../../bridge/desk';

/** The signed-in staff member; main holds the truth, this store mirrors it. */
export const useSessionStore = defineStore('session', () => {
  const session = ref<StaffSession | null>(null);
  const restored = ref(false);
  let stopListening: (() => void) | null = null;
  /** The read in flight: the start-up's early question and the router's guard share it (one request to main). */
  let restoring: Promise<void> | null = null;

  const signedIn = computed(() => session.value !== null);

  async function restore(): Promise<void> {
    stopListening ??= desk.on.staff.sessionChanged((next) => {
      session.value = next;
    });
    if (restored.value) return;
    restoring ??= unwrap(takeStaffSession())
      .then((current) => {
        session.value = current;
        restored.value = true;
      })
      .finally(() => {
        restoring = null;
      });
    await restoring;
  }

  async function signIn(request: StaffSignInRequest): Promise<StaffSession> {
    session.value = await unwrap(desk.staff.signIn(request));
    return session.value;
  }

  async function signOut(): Promise<void> {
    await unwrap(desk.staff.signOut());
    session.value = null;
  }

  return { session, signedIn, restored, restore, signIn, signOut };
});
