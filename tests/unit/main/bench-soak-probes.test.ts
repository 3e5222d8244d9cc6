import { afterEach, describe, expect, it } from 'vitest';
import { folded } from '../../../src-renderer/features/board/model/board-lines';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/start';
import { groupOf } from '../../../src-shared/board/rows';
import { checkInProbeSet, prepareProbeSets, PROBE_SET_SIZE } from '../../bench/soak/probes';

describe("the soak's probe patients, one set an hour", () => {
  let sandbox: RunningSandbox | null = null;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  const boardOf = (running: RunningSandbox) =>
    running.world.platform.tickets.filter((ticket) => groupOf(ticket.status, ticket.lastCall !== undefined) !== null).map((ticket) => ticket.formattedNumber);

  it("puts only the first hour's set on the boards; each later set joins when its hour checks it in", async () => {
    sandbox = await startSandbox({ extraTickets: 3 * PROBE_SET_SIZE });
    const sets = prepareProbeSets(sandbox, 3);
    expect(sets.map((set) => set.numbers.length)).toEqual([PROBE_SET_SIZE, PROBE_SET_SIZE, PROBE_SET_SIZE]);
    expect(new Set(sets.flatMap((set) => set.numbers)).size).toBe(3 * PROBE_SET_SIZE);
    const board = boardOf(sandbox);
    expect(sets[0]!.numbers.every((number) => board.includes(number))).toBe(true);
    expect(sets.slice(1).some((set) => set.numbers.some((number) => board.includes(number)))).toBe(false);
    checkInProbeSet(sandbox, sets[1]!);
    // Checked in, never called: waiting until the probe desk calls it (no lastCall left from the bulk's).
    expect(sandbox.world.platform.tickets.filter((ticket) => sets[1]!.numbers.includes(ticket.formattedNumber)).map((ticket) => groupOf(ticket.status, ticket.lastCall !== undefined))).toEqual(
      Array(PROBE_SET_SIZE).fill('waiting'),
    );
  });

  it("gives each set a search that finds its six patients and no other ticket of the day, as desk 1's board folds it", async () => {
    sandbox = await startSandbox({ extraTickets: 10 * PROBE_SET_SIZE });
    const sets = prepareProbeSets(sandbox, 10);
    const tickets = sandbox.world.platform.tickets;
    for (const set of sets) {
      const needle = folded(set.needle);
      const found = tickets.filter((ticket) => [ticket.formattedNumber, ticket.patientDisplayName ?? ''].some((text) => folded(text).includes(needle)));
      expect(found.map((ticket) => ticket.formattedNumber).sort()).toEqual([...set.numbers].sort());
    }
  });

  it('refuses a day its sandbox has too few probe tickets for', async () => {
    sandbox = await startSandbox({ extraTickets: PROBE_SET_SIZE });
    expect(() => prepareProbeSets(sandbox!, 2)).toThrow(/needs 12/);
  });
});
