/** What the two command-line entries (`npm run start:web`, `npm run sandbox`) share. */

/** A whole-number flag (`--port 8080`); anything else stops the program with a one-line reason. */
export function wholeNumberFlag(argv: readonly string[], name: string, fallback: number, max: number): number {
  const index = argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(argv[index + 1]);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    process.stderr.write(`${name} takes a whole number from 0 to ${max}\n`);
    process.exit(2);
  }
  return value;
}

/** Ctrl+C or a service manager's SIGTERM stops the servers cleanly before the process ends. */
export function stopOnSignals(stop: () => Promise<void>): void {
  const exit = () => void stop().then(() => process.exit(0));
  process.once('SIGINT', exit);
  process.once('SIGTERM', exit);
}
