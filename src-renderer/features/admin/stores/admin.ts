import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { DeskError } from '../../../../src-shared/errors';
import type { AdminSession } from '../../../../src-shared/ipc/features/admin.contract';
import type { CredentialsRequest } from '../../../../src-shared/platform/admin';
import { desk, unwrap } from '../../../bridge/desk';

/**
 * The administrator's platform session as main reports it (never the token). When
 * the platform stops honouring the token the last known session stays on screen with
 * `expired` set: the views, and any form being filled in, remain mounted under the
 * "sign in again" dialog, so nothing typed is lost.
 */
export const useAdminStore = defineStore('admin', () => {
  const session = ref<AdminSession | null>(null);
  const expired = ref(false);
  /** Bumped when the licence changes: the whole admin view is rebuilt for the new licence. */
  const generation = ref(0);
  let listening: (() => void) | null = null;
  let signingOut = false;

  const role = computed(() => session.value?.user.role ?? null);
  const isSuperadmin = computed(() => role.value === 'superadmin');
  const canManage = computed(() => role.value === 'admin' || role.value === 'superadmin');

  async function restore(): Promise<void> {
    listening ??= desk.on.admin.sessionChanged((next) => {
      if (next) {
        session.value = next;
        expired.value = false;
      } else if (session.value && !signingOut) {
        expired.value = true;
      } else {
        session.value = null;
      }
    });
    const current = await unwrap(desk.admin.session());
    if (current) session.value = current;
  }

  async function signIn(credentials: CredentialsRequest): Promise<void> {
    const previousLicence = session.value?.currentLicence?.id ?? null;
    const wasExpired = expired.value;
    session.value = await unwrap(desk.admin.signIn(credentials));
    expired.value = false;
    // Signing in again after an expiry keeps the screen as it was; another licence rebuilds it.
    if (!wasExpired || session.value.currentLicence?.id !== previousLicence) generation.value += 1;
  }

  async function signOut(): Promise<void> {
    signingOut = true;
    try {
      await unwrap(desk.admin.signOut());
    } finally {
      signingOut = false;
      session.value = null;
      expired.value = false;
    }
  }

  async function switchLicence(licenceId: number): Promise<void> {
    session.value = await guard(unwrap(desk.admin.switchLicence({ licenceId })));
    generation.value += 1;
  }

  /** Any admin call: a SESSION_EXPIRED answer opens the "sign in again" dialog. */
  async function guard<T>(pending: Promise<T>): Promise<T> {
    try {
      return await pending;
    } catch (error) {
      if (error instanceof DeskError && error.code === 'SESSION_EXPIRED' && session.value) expired.value = true;
      throw error;
    }
  }

  return { session, expired, generation, role, isSuperadmin, canManage, restore, signIn, signOut, switchLicence, guard };
});
