import type { BOARD_CHANNELS } from '../../src-shared/ipc/features/board.names';
import type { DeskFeature } from '../features';
import { BoardService, type BoardDeps, type BoardServiceOptions } from './service';

export interface BoardFeature extends DeskFeature<typeof BOARD_CHANNELS> {
  service: BoardService;
}

/**
 * Composes the board feature's services behind its IPC channels. Reprint is the
 * printing feature's own channel, which re-verifies before printing.
 */
export async function createBoardFeature(deps: BoardDeps, options?: BoardServiceOptions): Promise<BoardFeature> {
  const service = await BoardService.open(deps, options);
  return {
    service,
    handlers: {
      'board/workplaceOptions': () => service.workplaceOptions(),
      'board/chooseWorkplace': (request) => service.chooseWorkplace(request),
      'board/snapshot': () => service.snapshot(),
      'board/callNext': () => service.act((actions) => actions.callNext()),
      'board/call': (request) => service.act((actions) => actions.call(request.ticketId, request.recall, request.force)),
      'board/setStatus': (request) => service.act((actions) => actions.setStatus(request.ticketId, request.status)),
      'board/hold': (request) => service.hold(request.ticketId, request.status),
      'board/undoHeld': (request) => service.undoHeld(request.id),
      'board/saveSettings': (request) => service.saveSettings(request),
      'board/lock': (request) => service.lock(request.reason),
      'board/unlock': (request) => service.unlock(request.password),
      'board/office': () => service.office(),
      'board/setDeskState': (request) => service.setDeskState(request.state),
      'board/setQueue': (request) => service.setQueue(request),
      'board/queueOptions': async () => service.queueOptions(),
      'board/transfer': (request) => service.act((actions) => actions.transfer(request)),
      'board/absent': (request) => service.act((actions) => actions.markAbsent(request.ticketId)),
      'board/dismissAbsent': (request) => service.act((actions) => actions.dismissAbsent(request.ticketId)),
      'board/unsent': async () => service.unsentMoves(),
      'board/dropUnsent': (request) => service.dropUnsent(request.ticketId),
      'board/focus': async (request) => service.focus(request.ticketId),
    },
    close: () => service.close(),
  };
}
