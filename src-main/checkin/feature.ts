import type { CHECKIN_CHANNELS } from '../../src-shared/ipc/features/checkin.names';
import type { DeskContext, DeskFeature } from '../features';

/** Composes the checkin feature's services behind its IPC channels. */
export async function createCheckinFeature(context: DeskContext): Promise<DeskFeature<typeof CHECKIN_CHANNELS>> {
  void context;
  return { handlers: {} };
}
