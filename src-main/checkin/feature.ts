import type { CHECKIN_CHANNELS } from '../../src-shared/ipc/features/checkin.names';
import type { DeskContext, DeskFeature, TicketPrinter } from '../features';

export interface CheckinFeatureOptions {
  /** The desk printer (printing feature). */
  printer: TicketPrinter;
}

/** Composes the checkin feature's services behind its IPC channels. */
export async function createCheckinFeature(
  context: DeskContext,
  options: CheckinFeatureOptions,
): Promise<DeskFeature<typeof CHECKIN_CHANNELS>> {
  void context;
  void options;
  return { handlers: {} };
}
