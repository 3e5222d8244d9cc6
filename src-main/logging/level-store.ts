import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '../../src-shared/log-level';
import { AtomicJsonFile } from '../store/atomic-file';

const loggingSettingsSchema = z.object({ level: z.enum(LOG_LEVELS) });

/** `logging.json`: the level a technician chose, kept across restarts. */
function file(dataDir: string) {
  return new AtomicJsonFile(path.join(dataDir, 'logging.json'), loggingSettingsSchema);
}

/** The chosen level; the default when none was chosen or the file cannot be read (a log level is not worth a notice). */
export async function readLogLevel(dataDir: string): Promise<LogLevel> {
  try {
    const outcome = await file(dataDir).read();
    return outcome.status === 'ok' ? outcome.value.level : DEFAULT_LOG_LEVEL;
  } catch {
    return DEFAULT_LOG_LEVEL;
  }
}

export function saveLogLevel(dataDir: string, level: LogLevel): Promise<void> {
  return file(dataDir).write({ level });
}
