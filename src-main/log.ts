/**
 * Main-process log. Callers pass codes and counts, never request bodies: a log line
 * must be safe to attach to a support ticket (no patient data, no secrets), and every
 * line goes through the redaction of src-main/logging/redact.ts on its way out.
 * Lines go to the data folder's `logs/` once `startLogFiles` has run (both runtimes),
 * and to stdout/stderr where there is a console to read them (development, the preview).
 */
import path from 'node:path';
import type { LogLevel } from '../src-shared/log-level';
import { LogFiles } from './logging/files';
import { readLogLevel } from './logging/level-store';
import { redactExtra, redactText } from './logging/redact';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let files: LogFiles | null = null;
let toConsole = true;

function consoleThreshold(): number {
  const wanted = process.env.DESK_LOG_LEVEL ?? 'info';
  if (wanted === 'silent') return Number.POSITIVE_INFINITY;
  return order[wanted as LogLevel] ?? order.info;
}

function write(level: LogLevel, scope: string, message: string, extra?: Record<string, unknown>): void {
  const wantedOnConsole = toConsole && order[level] >= consoleThreshold();
  if (!wantedOnConsole && files === null) return;
  const safeMessage = redactText(message);
  const safeExtra = extra ? redactExtra(extra) : undefined;
  files?.write(level, scope, safeMessage, safeExtra);
  if (!wantedOnConsole) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase()} [${scope}] ${safeMessage}${safeExtra ? ` ${JSON.stringify(safeExtra)}` : ''}`;
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

/** The data folder's `logs/`, where the files go and where the diagnostics export reads them. */
export function logFolder(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

export interface LogFilesStart {
  dataDir: string;
  /** Also on stdout/stderr: in development and the preview; a packaged app has no console. */
  console: boolean;
  /** Tests roll small files. */
  size?: string;
}

/** Writes the log to the data folder from now on, at the level a technician chose (logging.json). */
export async function startLogFiles(options: LogFilesStart): Promise<void> {
  await stopLogFiles();
  toConsole = options.console;
  files = await LogFiles.open({ folder: logFolder(options.dataDir), level: await readLogLevel(options.dataDir), size: options.size });
}

export function setLogFileLevel(level: LogLevel): void {
  files?.setLevel(level);
}

/** Every line written so far is on disk (before a diagnostics export reads the files). */
export async function flushLogFiles(): Promise<void> {
  await files?.flush();
}

export async function stopLogFiles(): Promise<void> {
  const open = files;
  files = null;
  toConsole = true;
  await open?.close();
}
