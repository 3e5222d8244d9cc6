// What `npm start` runs (scripts/start.ts): Electron when its binary is there or can be
// installed the way Electron itself installs it, the browser preview otherwise. Kept apart
// from the entry point so the decision is tested without an Electron binary or a network.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type StartPlan = { runtime: 'electron'; executable: string } | { runtime: 'preview'; reason: string };

export interface StartDeps {
  /** The Electron executable if it is installed and runnable, else null. */
  findElectron(): string | null;
  /** Installs the binary as `require('electron')` would (node_modules/electron/install.js); a reason when it cannot. */
  installElectron(): { ok: true } | { ok: false; reason: string };
}

/** Electron when it is there or once installed; otherwise the preview, with the reason in one line. */
export function planStart(deps: StartDeps): StartPlan {
  const found = deps.findElectron();
  if (found) return { runtime: 'electron', executable: found };
  const installed = deps.installElectron();
  const executable = installed.ok ? deps.findElectron() : null;
  if (executable) return { runtime: 'electron', executable };
  return { runtime: 'preview', reason: installed.ok ? 'the Electron binary was installed but cannot be run' : installed.reason };
}

/**
 * The executable the way `require('electron')` locates it (path.txt, ELECTRON_OVERRIDE_DIST_PATH),
 * without calling it: from Electron 42 on that call downloads the binary when it is missing.
 */
export function electronExecutable(electronDir: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | null {
  const pathFile = path.join(electronDir, 'path.txt');
  const executablePath = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  let candidate: string | null = null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) candidate = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, executablePath || 'electron');
  else if (executablePath) candidate = path.join(electronDir, 'dist', executablePath);
  if (!candidate) return null;
  try {
    if (!statSync(candidate).isFile()) return null;
    if (platform !== 'win32') accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

/** The first line of the installer's failure worth showing (its stack trace is not). */
export function installFailureReason(stderr: string): string {
  const line = stderr
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.length > 0 && !text.startsWith('at '));
  return line ? `the Electron binary could not be downloaded (${line.slice(0, 160)})` : 'the Electron binary could not be downloaded';
}

/** The address the preview host prints for staff to open. */
export function previewAddress(line: string): string | null {
  return /https?:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(line)?.[0] ?? null;
}

/**
 * The browser that opens the preview, as a window of its own: Chromium or Chrome where
 * one is installed (and a screen to show it on), nothing otherwise.
 */
export function browserFor(address: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, installed: (command: string) => boolean): { command: string; args: string[] } | null {
  if (env.DESK_NO_BROWSER) return null;
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  const candidates = platform === 'win32' ? [] : ['chromium', 'chromium-browser', 'google-chrome'];
  const command = candidates.find(installed);
  if (command) return { command, args: [`--app=${address}`, '--no-first-run'] };
  // Elsewhere, the system's own opener: the default browser.
  if (platform === 'darwin') return { command: 'open', args: [address] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', address] };
  return null;
}
