/**
 * Main-process log. Callers pass codes and counts, never request bodies: a log line
 * must be safe to attach to a support ticket (no patient data, no secrets).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const wanted = process.env.DESK_LOG_LEVEL ?? 'info';
  if (wanted === 'silent') return Number.POSITIVE_INFINITY;
  return order[wanted as Level] ?? order.info;
}

function write(level: Level, scope: string, message: string, extra?: Record<string, unknown>): void {
  if (order[level] < threshold()) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase()} [${scope}] ${message}${extra ? ` ${JSON.stringify(extra)}` : ''}`;
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export function logger(scope: string) {
  return {
    debug: (m: string, e?: Record<string, unknown>) => write('debug', scope, m, e),
    info: (m: string, e?: Record<string, unknown>) => write('info', scope, m, e),
    warn: (m: string, e?: Record<string, unknown>) => write('warn', scope, m, e),
    error: (m: string, e?: Record<string, unknown>) => write('error', scope, m, e),
  };
}
export type Logger = ReturnType<typeof logger>;
