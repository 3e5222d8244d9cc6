import path from 'node:path';
import type { App, CrashReporter } from 'electron';

/** `crashes/` in the data folder, beside `logs/`: what a technician collects from a desk is in one place. */
export function crashDumpFolder(dataDir: string): string {
  return path.join(dataDir, 'crashes');
}

/**
 * Crashpad writes a dump when a process of the app crashes; the desk keeps it on this
 * computer and never uploads it: a dump holds memory, which may hold a patient's name.
 * Called before the app is ready, so every process it starts is watched.
 */
export function keepCrashDumpsLocally(app: Pick<App, 'getPath' | 'setPath'>, reporter: Pick<CrashReporter, 'start'>): string {
  const folder = crashDumpFolder(app.getPath('userData'));
  app.setPath('crashDumps', folder);
  reporter.start({ uploadToServer: false, compress: true, ignoreSystemCrashHandler: false });
  return folder;
}
