import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import type { TableQueryInput } from '../../../../src-shared/admin/table';
import type { RequestOf } from '../../../../src-shared/ipc/contract';
import type { AdminSession } from '../../../../src-shared/ipc/features/admin.contract';
import type { CredentialsRequest, UpdateLicenceRequest, UpdateUserRequest } from '../../../../src-shared/platform/admin';
import type { ConfigProbeResult } from '../../../../src-shared/publisher/probe';
import { desk, unwrap } from '../../../bridge/desk';

/** A config probe this desk ran, when, and on which configuration of the licence's integration. */
export interface RememberedProbe {
  result: ConfigProbeResult;
  at: string;
  configuration: string;
}

/**
 * The administrator's platform session as main reports it (never the token), and
 * every admin call. When the platform stops honouring the token, main ends its
 * session and says so (`admin/sessionChanged` with null): the last known session
 * stays on screen with `expired` set, so the views, and any form being filled in,
 * remain mounted under the "sign in again" dialog and nothing typed is lost.
 */
export const useAdminStore = defineStore('admin', () => {
  const session = ref<AdminSession | null>(null);
  const expired = ref(false);
  /** Bumped when the licence changes: the whole admin view is rebuilt for the new licence. */
  const generation = ref(0);
  /**
   * The last probe per licence. The platform keeps no probe result, and the kiosk lock
   * must not read "locked, run the check" each time the integrations are shown again
   * after a probe that passed.
   */
  const probes = reactive(new Map<number, RememberedProbe>());
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
    session.value = await unwrap(desk.admin.switchLicence({ licenceId }));
    generation.value += 1;
  }

  // Without a session: the way back in.
  const forgotPassword = (request: RequestOf<'admin/forgotPassword'>) => unwrap(desk.admin.forgotPassword(request));
  const setPassword = (request: RequestOf<'admin/setPassword'>) => unwrap(desk.admin.setPassword(request));
  const trainingOutbox = (request: RequestOf<'admin/trainingOutbox'>) => unwrap(desk.admin.trainingOutbox(request));

  const listLicences = (query: TableQueryInput) => unwrap(desk.admin.listLicences(query));
  const createLicence = (request: RequestOf<'admin/createLicence'>) => unwrap(desk.admin.createLicence(request));
  const updateLicence = (id: number, changes: UpdateLicenceRequest) => unwrap(desk.admin.updateLicence({ id, changes }));
  const removeLicence = (id: number) => unwrap(desk.admin.removeLicence({ id }));

  const listUsers = (query: TableQueryInput) => unwrap(desk.admin.listUsers(query));
  const createUser = (request: RequestOf<'admin/createUser'>) => unwrap(desk.admin.createUser(request));
  const updateUser = (id: number, changes: UpdateUserRequest) => unwrap(desk.admin.updateUser({ id, changes }));
  const removeUser = (id: number) => unwrap(desk.admin.removeUser({ id }));
  const inviteUser = (request: RequestOf<'admin/inviteUser'>) => unwrap(desk.admin.inviteUser(request));
  const resendInvitation = (id: number) => unwrap(desk.admin.resendInvitation({ id }));

  const integrations = (licenceId: number) => unwrap(desk.admin.integrations({ licenceId }));
  const savePublisherIntegration = (request: RequestOf<'admin/savePublisherIntegration'>) => unwrap(desk.admin.savePublisherIntegration(request));
  const saveTestServerIntegration = (request: RequestOf<'admin/saveTestServerIntegration'>) => unwrap(desk.admin.saveTestServerIntegration(request));
  const removeIntegration = (request: RequestOf<'admin/removeIntegration'>) => unwrap(desk.admin.removeIntegration(request));
  const probeIntegration = (licenceId: number) => unwrap(desk.admin.probeIntegration({ licenceId }));
  const uploadReferential = (request: RequestOf<'admin/uploadReferential'>) => unwrap(desk.admin.uploadReferential(request));

  function rememberProbe(licenceId: number, configuration: string, result: ConfigProbeResult): void {
    probes.set(licenceId, { result, at: new Date().toISOString(), configuration });
  }

  return {
    session,
    expired,
    generation,
    role,
    isSuperadmin,
    canManage,
    restore,
    signIn,
    signOut,
    switchLicence,
    forgotPassword,
    setPassword,
    trainingOutbox,
    listLicences,
    createLicence,
    updateLicence,
    removeLicence,
    listUsers,
    createUser,
    updateUser,
    removeUser,
    inviteUser,
    resendInvitation,
    integrations,
    savePublisherIntegration,
    saveTestServerIntegration,
    removeIntegration,
    probeIntegration,
    uploadReferential,
    probes,
    rememberProbe,
  };
});
