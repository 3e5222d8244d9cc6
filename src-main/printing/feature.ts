import type { PRINTING_CHANNELS } from '../../src-shared/ipc/features/printing.names';
import type { DeskContext, DeskFeature } from '../features';

/** Composes the printing feature's services behind its IPC channels. */
export async function createPrintingFeature(context: DeskContext): Promise<DeskFeature<typeof PRINTING_CHANNELS>> {
  void context;
  return { handlers: {} };
}
