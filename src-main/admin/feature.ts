import type { ADMIN_CHANNELS } from '../../src-shared/ipc/features/admin.names';
import type { DeskContext, DeskFeature } from '../features';

/** Composes the admin feature's services behind its IPC channels. */
export async function createAdminFeature(context: DeskContext): Promise<DeskFeature<typeof ADMIN_CHANNELS>> {
  void context;
  return { handlers: {} };
}
