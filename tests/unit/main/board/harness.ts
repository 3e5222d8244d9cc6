import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BoardRowsEvent } from '../../../../src-shared/ipc/features/board.contract';
import { BoardService, type BoardServiceOptions } from '../../../../src-main/board/service';
import { ConnectionMonitor } from '../../../../src-main/connection/monitor';
import { DeskEvents } from '../../../../src-main/events/bus';
import type { DeskContext } from '../../../../src-main/features';
import { PublisherClient } from '../../../../src-main/publisher/client';
import type { RunningSandbox } from '../../../../src-main/sandbox/start';
import { StaffSessionService } from '../../../../src-main/staff/session';
import { WorkplaceMemory } from '../../../../src-main/staff/workplace-store';

export const fastBoard: BoardServiceOptions = { cacheMs: 200, sweepMs: 60_000, outboxRetryMaxMs: 100 };

/** One desk (as startDesk composes it, minus IPC) on a running sandbox, signed in. */
export async function openDesk(sandbox: RunningSandbox, dataDir = mkdtempSync(path.join(tmpdir(), 'board-')), options = fastBoard) {
  const events = new DeskEvents();
  const connection = new ConnectionMonitor(events);
  const publisher = new PublisherClient({ profile: sandbox.profile, accountKey: sandbox.accountKey });
  const staff = new StaffSessionService(publisher, events, sandbox.profile, await WorkplaceMemory.open(dataDir));
  const context: DeskContext = {
    runtime: 'web',
    dataDir,
    profile: sandbox.profile,
    accountKey: sandbox.accountKey,
    publisher,
    events,
    connection,
    staff,
    sandbox,
  };
  const pushes: BoardRowsEvent[] = [];
  events.subscribe((event, payload) => {
    if (event === 'board/rows') pushes.push(payload as BoardRowsEvent);
  });
  const board = await BoardService.open(context, options);
  await staff.signIn({ login: 'accueil', password: 'formation' });
  return { board, staff, events, pushes, dataDir, close: () => board.close() };
}

export function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (await predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(() => void poll(), 20);
    };
    void poll();
  });
}
