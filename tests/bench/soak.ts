import { FULL_DAY, SHORT_DAY } from './soak/plan';
import { soak } from './soak/report';

/**
 * `npm run soak`: the compressed reception day (`--short`: the miniature one of `npm run bench`).
 * Prints the hour-by-hour table and the soak metrics as bench JSON lines; exits 1 when memory,
 * handles or the event→screen time grow without flattening.
 */
// The in-process sandbox's info lines would drown the table.
process.env.DESK_LOG_LEVEL ??= 'warn';
const short = process.argv.includes('--short');
const log = (text: string) => process.stderr.write(`soak: ${text}\n`);
try {
  const report = await soak(short ? SHORT_DAY : FULL_DAY, (short ? 10 : 60) * 60_000, log);
  process.stdout.write(`${report.table}\n\n`);
  for (const line of report.lines) process.stdout.write(`${JSON.stringify(line)}\n`);
  log(`${report.refused} actions refused (outages, empty queues)`);
  for (const failure of report.failed) log(`FAILED: ${failure}`);
  process.exit(report.failed.length > 0 ? 1 : 0);
} catch (error) {
  log(`could not finish: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(2);
}
