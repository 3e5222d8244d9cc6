import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import { BoardService, type BoardServiceOptions } from '../../../../src-main/board/service';
import type { RunningSandbox } from '../../../../src-main/sandbox/start';
import { sandboxDeskContext } from '../../../helpers/desk-context';

export const fastBoard: BoardServiceOptions = { cacheMs: 200, sweepMs: 60_000, outboxRetryMaxMs: 100 };

/** One desk (as startDesk composes it, minus IPC) on a running sandbox, signed in. */
export async function openDesk(sandbox: RunningSandbox, dataDir = mkdtempSync(path.join(tmpdir(), 'board-')), options = fastBoard) {
  const context = await sandboxDeskContext(sandbox, dataDir);
  const { events, staff } = context;
  const pushes: BoardRowsEvent[] = [];
  events.subscribe((event, payload) => {
    if (event === 'board/rows') pushes.push(payload as BoardRowsEvent);
  });
  const board = await BoardService.open(context, options);
  await staff.signIn({ login: 'accueil', password: 'formation' });
  return { board, staff, events, pushes, dataDir, close: () => board.close() };
}
