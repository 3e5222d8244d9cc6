import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardLock } from '../../../../src-shared/ipc/features/board.contract';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { until } from '../../../helpers/until';
import { openDesk } from './harness';

describe('board state behind the lock', () => {
  let sandbox: RunningSandbox;
  let desk: Awaited<ReturnType<typeof openDesk>>;
  beforeEach(async () => {
    sandbox = await startSandbox();
    desk = await openDesk(sandbox);
  });
  afterEach(async () => {
    await desk.close();
    await sandbox.close();
  });

  it('says why the desk locked, pushes no row while locked, and a sign-out leaves no lock to the next person', async () => {
    const locks: (BoardLock | null)[] = [];
    desk.events.subscribe((event, payload) => {
      if (event === 'board/locked') locks.push(payload as BoardLock | null);
    });
    await until(async () => (await desk.board.snapshot()).rows.every((row) => row.verification === 'verified'));
    const { rows } = await desk.board.snapshot();
    expect(rows.length).toBeGreaterThan(1);
    await desk.handlers['board/lock']({ reason: 'idle' });
    expect(locks).toEqual([{ reason: 'idle', idleMinutes: 10 }]);
    expect((await desk.board.snapshot()).lock).toEqual({ reason: 'idle', idleMinutes: 10 });

    // A row that changes behind the lock reaches the renderer only with the snapshot of the unlock.
    const [hidden, shown] = rows;
    const before = desk.pushes.length;
    desk.board.state.setWorking(hidden!.ticketId, 'call');
    await desk.board.unlock('formation');
    desk.board.state.setWorking(shown!.ticketId, 'call');
    await until(() => desk.pushes.slice(before).some((push) => push.upserts.some((row) => row.ticketId === shown!.ticketId)));
    expect(desk.pushes.slice(before).flatMap((push) => push.upserts.map((row) => row.ticketId))).not.toContain(hidden!.ticketId);

    await desk.handlers['board/lock']({ reason: 'manual' });
    expect(locks.slice(1)).toEqual([null, { reason: 'manual', idleMinutes: null }]);
    desk.staff.signOut();
    await desk.staff.signIn({ login: 'accueil', password: 'formation' });
    const after = await desk.board.snapshot();
    expect(after.locked).toBe(false);
    expect(after.lock).toBeNull();
  });
});
