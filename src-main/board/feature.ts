import type { BOARD_CHANNELS } from '../../src-shared/ipc/features/board.names';
import type { DeskContext, DeskFeature, TicketPrinter } from '../features';

export interface BoardFeatureOptions {
  /** The desk printer (printing feature). */
  printer: TicketPrinter;
}

/** Composes the board feature's services behind its IPC channels. */
export async function createBoardFeature(
  context: DeskContext,
  options: BoardFeatureOptions,
): Promise<DeskFeature<typeof BOARD_CHANNELS>> {
  void context;
  void options;
  return { handlers: {} };
}
