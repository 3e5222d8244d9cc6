import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import { createBoardFeature } from '../../../../src-main/board/feature';
import type { BoardServiceOptions } from '../../../../src-main/board/service';
import type { RunningSandbox } from '../../../../src-main/sandbox/start';
import { sandboxDeskParts } from '../../../helpers/desk-context';

export const fastBoard: BoardServiceOptions = { cacheMs: 200, recheckTickMs: 0, outboxRetryMaxMs: 100, deskHeartbeatMs: 100 };

/** One desk (as startDesk composes it, minus IPC) on a running sandbox, signed in; actions go through the feature's handlers. */
export async function openDesk(sandbox: RunningSandbox, dataDir = mkdtempSync(path.join(tmpdir(), 'board-')), options = fastBoard, login = 'accueil') {
  const parts = await sandboxDeskParts(sandbox, dataDir);
  const { events, staff } = parts;
  const pushes: BoardRowsEvent[] = [];
  events.subscribe((event, payload) => {
    if (event === 'board/rows') pushes.push(payload as BoardRowsEvent);
  });
  const feature = await createBoardFeature(parts, options);
  const { handlers } = feature;
  await staff.signIn({ login, password: 'formation' });
  return {
    board: feature.service,
    handlers,
    callNext: async () => handlers['board/callNext'](undefined),
    call: async (ticketId: string, recall: boolean) => handlers['board/call']({ ticketId, recall }),
    setStatus: async (ticketId: string, status: 'inCare' | 'done' | 'closed') => handlers['board/setStatus']({ ticketId, status }),
    staff,
    events,
    pushes,
    dataDir,
    publisher: parts.publisher,
    platform: parts.board,
    parts,
    close: () => feature.service.close(),
  };
}
