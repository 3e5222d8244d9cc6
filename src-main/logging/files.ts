// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the e2e typecheck reaches this file by import only, and pino-roll ships no types
/// <reference path="./pino-roll.d.ts" />
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pino, { type Logger as Pino } from 'pino';
import pinoRoll, { type RollingStream } from 'pino-roll';
import { localDay } from '../../src-shared/day';
import type { LogLevel } from '../../src-shared/log-level';

/** `logs/desk.2026-11-27.1.log`: the day in the name, so a technician picks the day a desk misbehaved. */
export const LOG_FILE_BASE = 'desk';
export const LOG_FILE_PATTERN = /^desk\.(\d{4}-\d{2}-\d{2})\.(\d+)\.log$/;
/** A week: a fault reported on Monday about last Tuesday is still in the files. */
export const LOG_DAYS_KEPT = 7;
/** Per file; a busy day rolls to the next number. */
export const LOG_FILE_SIZE = '5m';
/** A bound on the folder whatever happens (a fault logging in a loop): 40 × 5 MB. */
const LOG_FILES_MAX = 40;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface LogFilesOptions {
  folder: string;
  level: LogLevel;
  /** Tests roll small files. */
  size?: string;
  daysKept?: number;
  now?: () => Date;
}

/**
 * The desk's log files: pino's JSON lines through pino-roll, which rolls the file each day
 * and at a size; files older than a week are removed at start and every hour. Lines are
 * redacted before they get here (src-main/logging/redact.ts).
 */
export class LogFiles {
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly stream: RollingStream,
    private readonly pino: Pino,
    private readonly prune: () => Promise<void>,
  ) {
    this.timer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.timer.unref();
  }

  static async open(options: LogFilesOptions): Promise<LogFiles> {
    const now = options.now ?? (() => new Date());
    const prune = () => pruneOldLogs(options.folder, options.daysKept ?? LOG_DAYS_KEPT, now()).catch(() => undefined);
    const stream = await pinoRoll({
      file: path.join(options.folder, LOG_FILE_BASE),
      extension: '.log',
      frequency: 'daily',
      dateFormat: 'yyyy-MM-dd',
      size: options.size ?? LOG_FILE_SIZE,
      mkdir: true,
      limit: { count: LOG_FILES_MAX },
      // Each line on disk before the call returns: the lines before a crash are the ones a technician needs.
      sync: true,
    });
    // A full disk or a removed folder must never stop the desk: the line is lost, not the app.
    stream.on('error', () => undefined);
    await prune();
    const logger = pino(
      {
        level: options.level,
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      stream,
    );
    return new LogFiles(stream, logger, prune);
  }

  write(level: LogLevel, scope: string, message: string, extra: Record<string, unknown> | undefined): void {
    this.pino[level]({ scope, ...extra }, message);
  }

  setLevel(level: LogLevel): void {
    this.pino.level = level;
  }

  /** Everything written so far is on disk. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.stream.flush(() => resolve()));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await new Promise<void>((resolve) => {
      this.stream.once('close', resolve);
      this.stream.end();
    });
  }
}

/** Removes the log files of days more than `daysKept` days before `now` (local days, as in the names). */
export async function pruneOldLogs(folder: string, daysKept: number, now: Date): Promise<void> {
  const oldest = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (daysKept - 1));
  const oldestDay = localDay(oldest);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((name) => (LOG_FILE_PATTERN.exec(name)?.[1] ?? oldestDay) < oldestDay).map((name) => rm(path.join(folder, name), { force: true })),
  );
}

