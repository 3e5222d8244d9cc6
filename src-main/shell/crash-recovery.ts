import type { BrowserWindow, RenderProcessGoneDetails } from 'electron';
import { logger } from '../log';
import type { AuditRecord } from '../store/audit-trail';

const log = logger('crash-recovery');

/** Crashes of one window within CRASH_WINDOW_MS that stop the reloading: a page that crashes on load would loop for ever. */
export const CRASH_LIMIT = 3;
export const CRASH_WINDOW_MS = 2 * 60_000;
/** A page that does not answer for this long is stopped and reloaded like a crashed one. */
export const UNRESPONSIVE_GRACE_MS = 10_000;

export interface RendererRecoveryOptions {
  audit: { record(entry: AuditRecord): Promise<void> };
  now?: () => number;
  graceMs?: number;
}

/** Which window, in the log and the audit trail. */
export type WindowRole = 'main window' | 'public display';

/**
 * Brings a window's page back after its renderer crashed or hung: reloaded onto the
 * screen it showed (its URL, hash route included; the staff session, the lock and the
 * workplace live in main, so the desk comes back signed in or locked as it was). The
 * event goes to the log and the audit trail. A window that keeps crashing stops on a
 * plain local page instead of reloading for ever.
 */
export class RendererRecovery {
  private readonly now: () => number;
  private readonly graceMs: number;

  constructor(private readonly options: RendererRecoveryOptions) {
    this.now = options.now ?? Date.now;
    this.graceMs = options.graceMs ?? UNRESPONSIVE_GRACE_MS;
  }

  watch(window: BrowserWindow, role: WindowRole): void {
    const contents = window.webContents;
    const crashes: number[] = [];
    let hung: NodeJS.Timeout | null = null;
    const calm = () => {
      if (hung) clearTimeout(hung);
      hung = null;
    };
    contents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
      calm();
      if (details.reason === 'clean-exit' || window.isDestroyed()) return;
      const at = this.now();
      crashes.push(at);
      while (crashes.length > 0 && at - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
      const screen = screenOf(contents.getURL());
      if (crashes.length >= CRASH_LIMIT) {
        log.error('renderer keeps crashing, reloading stopped', { role, reason: details.reason, crashes: crashes.length });
        void this.record(`${role}: ${details.reason} ${crashes.length} times in 2 minutes, reloading stopped`);
        void window.loadURL(CRASH_LOOP_PAGE);
        return;
      }
      log.error('renderer gone, reloading', { role, reason: details.reason, exitCode: details.exitCode, screen });
      void this.record(`${role}: ${details.reason} (exit ${details.exitCode}), reloaded on ${screen}`);
      void window.loadURL(contents.getURL());
    });
    contents.on('unresponsive', () => {
      if (hung) return;
      log.warn('renderer not answering', { role });
      hung = setTimeout(() => {
        hung = null;
        void this.record(`${role}: not answering for ${Math.round(this.graceMs / 1000)} s, stopped`);
        // Stopped, it is gone like a crashed one: render-process-gone reloads it and counts it.
        if (!window.isDestroyed()) contents.forcefullyCrashRenderer();
      }, this.graceMs);
      hung.unref();
    });
    contents.on('responsive', calm);
    window.on('closed', calm);
  }

  private record(outcome: string): Promise<void> {
    return this.options.audit.record({ staff: 'desk', action: 'rendererGone', outcome });
  }
}

/** The screen as a route (`#/board`), never its query: a check-in's address may carry a convocation code. */
export function screenOf(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? '/' : url.slice(hash).split('?')[0]!;
}

/** Plain, local, in both languages, with no script: whatever made the app's page crash is not on it. */
const CRASH_LOOP_PAGE = `data:text/html;charset=utf-8,${encodeURIComponent(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Desk Console</title>
<style>body{font:18px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1b1b1f;max-width:44em;margin:4em auto;padding:0 1em}h1{font-size:1.6em}</style></head>
<body>
<h1>Le poste s'est arrêté</h1>
<p>Sa page s'est fermée plusieurs fois de suite\u00a0: elle n'est plus rechargée. Les patients et les tickets ne sont pas perdus. Fermez Desk Console et rouvrez-la\u00a0; si cela recommence, appelez le support.</p>
<h1 lang="en">The desk has stopped</h1>
<p lang="en">Its page closed several times in a row: it is no longer reloaded. No patient or ticket is lost. Close Desk Console and open it again; if it happens again, call support.</p>
</body></html>`)}`;
