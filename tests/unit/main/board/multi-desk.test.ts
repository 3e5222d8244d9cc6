import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { localDay } from '../../../../src-shared/day';
import { failureOf } from '../../../helpers/failure-of';
import { until } from '../../../helpers/until';
import { openDesk } from './harness';

const DESKS = 4;
const ROUNDS = 25;

describe('several desks on one office place', () => {
  let sandbox: RunningSandbox;
  const desks: Awaited<ReturnType<typeof openDesk>>[] = [];
  afterEach(async () => {
    for (const desk of desks.splice(0)) await desk.close();
    await sandbox.close();
  });

  async function openDesks(count: number) {
    const place = sandbox.profile.officePlaceId!;
    for (let n = 1; n <= count; n += 1) {
      const desk = await openDesk(sandbox);
      desks.push(desk);
      await desk.board.chooseWorkplace({ officePlaceId: place, deskId: n, deskLabel: `Accueil ${n}` });
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
    }
    return desks;
  }

  /** Today's tickets waiting at the desks' office place: the seeded day's and the extra `W` ones. */
  const waiting = () => {
    const place = sandbox.profile.officePlaceId!;
    const today = localDay(new Date());
    return sandbox.world.platform.tickets.filter((ticket) => ticket.day === today && ticket.officePlaceId === place && ticket.status === 'checkedIn' && !ticket.lastCall);
  };
  const callsOf = (ticketId: string) =>
    sandbox.world.platform.tickets.find((ticket) => ticket.ticketId === ticketId)!.history?.filter((entry) => entry.event === 'called') ?? [];

  it(`${DESKS} desks pressing call next at once for ${ROUNDS} rounds: no patient called at two desks, no waiting patient skipped`, async () => {
    sandbox = await startSandbox({ waitingTickets: DESKS * ROUNDS + 10 });
    await openDesks(DESKS);
    const pool = waiting();
    for (let round = 0; round < ROUNDS; round += 1) {
      const results = await Promise.all(desks.map((desk) => desk.callNext()));
      expect(results.map((result) => result.outcome)).toEqual(Array(DESKS).fill('done'));
    }
    const called = pool.filter((ticket) => callsOf(ticket.ticketId).length > 0);
    expect(called).toHaveLength(DESKS * ROUNDS);
    expect(called.filter((ticket) => callsOf(ticket.ticketId).length > 1).map((ticket) => ticket.formattedNumber)).toEqual([]);
    // The oldest waiting were called, none passed over.
    const byAge = [...pool].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number - b.number);
    expect(new Set(called.map((ticket) => ticket.ticketId))).toEqual(new Set(byAge.slice(0, DESKS * ROUNDS).map((ticket) => ticket.ticketId)));
  });

  it('a manual call of a patient another desk has called asks first; "call here anyway" is audited', async () => {
    sandbox = await startSandbox({ waitingTickets: 3 });
    const [first, second] = await openDesks(2);
    const taken = await first!.callNext();
    await until(async () => (await second!.board.snapshot()).rows.find((row) => row.ticketId === taken.ticketId)?.group === 'called');
    expect((await failureOf(second!.call(taken.ticketId, false))).code).toBe('BOARD_CALLED_ELSEWHERE');
    expect(callsOf(taken.ticketId)).toHaveLength(1);
    const forced = await second!.handlers['board/call']({ ticketId: taken.ticketId, recall: false, force: true });
    expect(forced.outcome).toBe('done');
    expect(callsOf(taken.ticketId).map((entry) => entry.deskLabel)).toEqual(['Accueil 1', 'Accueil 2']);
    const audit = readFileSync(path.join(second!.dataDir, 'board-audit.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(audit.at(-1)).toMatchObject({ action: 'call', ticket: taken.formattedNumber, outcome: 'calledOverOtherDesk' });
  });

  it('a call that lost the race to another desk (the desk had not seen it yet) is refused with the ticket shown as it is', async () => {
    sandbox = await startSandbox({ waitingTickets: 2 });
    const [first, second] = await openDesks(2);
    const target = waiting()[0]!;
    // Desk 2's view is older than the call desk 1 makes now: the platform refuses its compare-and-set.
    const stale = { ...second!.board.state.ticket(target.ticketId)! };
    await first!.call(target.ticketId, false);
    await until(() => second!.board.state.ticket(target.ticketId)?.lastCall !== undefined);
    second!.board.state.upsert(stale);
    expect((await failureOf(second!.call(target.ticketId, false))).code).toBe('BOARD_CALLED_ELSEWHERE');
    expect(callsOf(target.ticketId)).toHaveLength(1);
    expect(second!.board.state.ticket(target.ticketId)?.lastCall?.deskLabel).toBe('Accueil 1');
  });

  it('says on the board when calls cannot be coordinated (a platform whose tickets carry no version), and not otherwise', async () => {
    sandbox = await startSandbox();
    const [versioned] = await openDesks(1);
    expect((await versioned!.board.snapshot()).live.missing ?? []).not.toContain('callCoordination');
    await versioned!.close();
    desks.splice(0);
    for (const ticket of sandbox.world.platform.tickets) delete ticket.version;
    const [plain] = await openDesks(1);
    expect((await plain!.board.snapshot()).live.missing).toContain('callCoordination');
  });
});

