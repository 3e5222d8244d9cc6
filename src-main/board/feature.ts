import type { BOARD_CHANNELS } from '../../src-shared/ipc/features/board.names';
import type { DeskContext, DeskFeature } from '../features';

/** Composes the board feature's services behind its IPC channels. */
export async function createBoardFeature(context: DeskContext): Promise<DeskFeature<typeof BOARD_CHANNELS>> {
  void context;
  return { handlers: {} };
}
