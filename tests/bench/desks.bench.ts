import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../src-main/sandbox/start';
import { until } from '../helpers/until';
import { openDesk } from '../unit/main/board/harness';
import { percentile, type Benchmark } from './harness';

const DESKS = 4;
const ROUNDS = 50;

/**
 * Four desks of one office place pressing "call next" at the same moment, round after
 * round, through the platform on loopback: how often a patient is called at two desks
 * (the compare-and-set call must keep it at 0), and how long one call next takes.
 */
async function concurrentCallNext(): Promise<{ collisionsPer1000: number; p95Ms: number }> {
  const sandbox = await startSandbox({ waitingTickets: DESKS * ROUNDS + 20 });
  const desks = [];
  try {
    for (let n = 1; n <= DESKS; n += 1) {
      const desk = await openDesk(sandbox);
      desks.push(desk);
      await desk.board.chooseWorkplace({ officePlaceId: sandbox.profile.officePlaceId!, deskId: n, deskLabel: `Accueil ${n}` });
      await until(async () => (await desk.board.snapshot()).live.state === 'live');
    }
    const calledTimes = () =>
      new Map(sandbox.world.platform.tickets.map((ticket) => [ticket.ticketId, ticket.history?.filter((entry) => entry.event === 'called').length ?? 0]));
    const before = calledTimes();
    const durations: number[] = [];
    const timed = async (call: () => Promise<unknown>) => {
      const started = performance.now();
      await call();
      durations.push(performance.now() - started);
    };
    for (let round = 0; round < ROUNDS; round += 1) await Promise.all(desks.map((desk) => timed(() => desk.callNext())));
    // Calls made during the rounds, per ticket: more than one is a patient called at two desks.
    const extra = [...calledTimes()].reduce((sum, [ticketId, count]) => sum + Math.max(0, count - (before.get(ticketId) ?? 0) - 1), 0);
    return { collisionsPer1000: (extra / durations.length) * 1000, p95Ms: percentile(durations, 95) };
  } finally {
    for (const desk of desks) await desk.close();
    await sandbox.close();
  }
}

let measured: ReturnType<typeof concurrentCallNext> | null = null;
const measure = () => (measured ??= concurrentCallNext());

export const benchmarks: Benchmark[] = [
  {
    metric: 'board.call_next_collisions_per_1000',
    unit: 'per 1000 calls',
    target: { op: '<=', value: 0 },
    run: async () => (await measure()).collisionsPer1000,
  },
  {
    metric: 'board.call_next_p95_ms',
    unit: 'ms',
    target: { op: '<=', value: 50 },
    run: async () => (await measure()).p95Ms,
  },
];
