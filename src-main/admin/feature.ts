import { DeskError } from '../../src-shared/errors';
import type { ADMIN_CHANNELS } from '../../src-shared/ipc/features/admin.names';
import type { ConnectionProfile } from '../../src-shared/profile';
import type { DeskEvents } from '../events/bus';
import type { DeskFeature, TrainingPort } from '../features';
import type { AdminClient } from '../platform/admin/client';
import { IntegrationAdmin } from './integrations';
import { LicenceAdmin } from './licences';
import { AdminSessionService } from './session';
import { UserAdmin } from './users';

export interface AdminDeps {
  admin: AdminClient;
  events: DeskEvents;
  /** The running profile: the integration probe borrows its device id. */
  profile: ConnectionProfile;
  training: TrainingPort | null;
}

/** Composes the admin feature's services behind its IPC channels. */
export function createAdminFeature(deps: AdminDeps): DeskFeature<typeof ADMIN_CHANNELS> {
  const client = deps.admin;
  const session = new AdminSessionService(client, deps.events);
  const licences = new LicenceAdmin(session);
  const users = new UserAdmin(session);
  const integrations = new IntegrationAdmin(session, deps.profile);
  return {
    handlers: {
      'admin/signIn': (request) => session.signIn(request),
      'admin/session': () => session.view(),
      'admin/signOut': () => session.signOut(),
      'admin/forgotPassword': async (request) => {
        await client.forgotPassword(request.email);
        return null;
      },
      'admin/setPassword': async (request) => {
        await client.setPassword(request);
        return null;
      },
      'admin/switchLicence': (request) => session.switchLicence(request.licenceId),
      'admin/listLicences': (query) => licences.list(query),
      'admin/createLicence': (request) => licences.create(request),
      'admin/updateLicence': (request) => licences.update(request.id, request.changes),
      'admin/removeLicence': (request) => licences.remove(request.id),
      'admin/listUsers': (query) => users.list(query),
      'admin/createUser': (request) => users.create(request),
      'admin/updateUser': (request) => users.update(request.id, request.changes),
      'admin/removeUser': (request) => users.remove(request.id),
      'admin/inviteUser': (request) => users.invite(request),
      'admin/resendInvitation': (request) => users.resend(request.id),
      'admin/integrations': (request) => integrations.get(request.licenceId),
      'admin/savePublisherIntegration': (request) => integrations.savePublisher(request.licenceId, request.integration),
      'admin/saveTestServerIntegration': (request) => integrations.saveTestServer(request.licenceId, request.integration),
      'admin/removeIntegration': (request) => integrations.remove(request.licenceId, request.kind),
      'admin/probeIntegration': (request) => integrations.probe(request.licenceId),
      'admin/uploadReferential': (request) => integrations.uploadReferential(request.licenceId, request.json),
      // The sandbox's mail catcher, so a trainee (and the e2e test) can follow an invitation link.
      'admin/trainingOutbox': (request) => {
        if (!deps.training) throw new DeskError('ADMIN_TRAINING_ONLY', 'The e-mail outbox exists only in training.');
        return client.outbox(request.to);
      },
    },
  };
}
