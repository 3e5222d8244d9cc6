import { startSandbox } from '../../src-main/sandbox/start';

/**
 * A training sandbox in its own process, for benchmarks that must not share an
 * event loop with the client they measure. `BENCH_APPOINTMENTS` pads the day with
 * copies of seeded appointments under new ids. Prints one JSON line, stops on SIGTERM.
 */
const sandbox = await startSandbox();
const { appointments } = sandbox.world.publisher;
const wanted = Number(process.env.BENCH_APPOINTMENTS ?? 0);
for (let i = appointments.length; i < wanted; i += 1) {
  appointments.push({ ...appointments[i % 40]!, id: `bench-${i}` });
}
sandbox.faults.publisher.latencyMs = Number(process.env.BENCH_PUBLISHER_LATENCY_MS ?? 0);
process.stdout.write(
  `${JSON.stringify({
    profile: sandbox.profile,
    accountKey: sandbox.accountKey,
    appointmentIds: appointments.map((appointment) => appointment.id),
  })}\n`,
);
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
