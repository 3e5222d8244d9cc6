import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CRASH_WINDOW_MS, RendererRecovery, screenOf, UNRESPONSIVE_GRACE_MS } from '../../../../src-main/shell/crash-recovery';
import type { AuditRecord } from '../../../../src-main/store/audit-trail';
import { BrowserWindow } from '../../../mocks/electron';

vi.mock('electron', () => import('../../../mocks/electron'));

describe('a window whose page crashes or hangs', () => {
  let clock = 0;
  let audit: AuditRecord[];
  let window: BrowserWindow;

  beforeEach(async () => {
    clock = 1_000_000;
    audit = [];
    window = new BrowserWindow({});
    new RendererRecovery({ audit: { record: async (entry) => void audit.push(entry) }, now: () => clock }).watch(window as never, 'main window');
    await window.loadURL('app://desk/index.html');
    // The renderer moved to the board by its hash route, as vue-router does.
    window.webContents.url = 'app://desk/index.html#/board';
  });

  const crash = (reason = 'crashed') => window.webContents.emit('render-process-gone', {}, { reason, exitCode: 139 });

  it('is reloaded onto the screen it showed, and the crash is in the audit trail', () => {
    crash();
    expect(window.loads.at(-1)).toBe('app://desk/index.html#/board');
    expect(audit).toEqual([{ staff: 'desk', action: 'rendererGone', outcome: 'main window: crashed (exit 139), reloaded on #/board' }]);
  });

  it('is not reloaded when it closed normally', () => {
    crash('clean-exit');
    expect(window.loads).toEqual(['app://desk/index.html']);
    expect(audit).toEqual([]);
  });

  it('never writes a screen address query into the trail (a convocation code may be in it)', () => {
    expect(screenOf('app://desk/index.html#/check-in?code=CV-SCAN-0001')).toBe('#/check-in');
  });

  it('stops on a plain local page at the third crash within two minutes, instead of reloading for ever', () => {
    crash();
    clock += 30_000;
    crash();
    clock += 30_000;
    crash();
    const last = window.loads.at(-1)!;
    expect(last).toMatch(/^data:text\/html/);
    const page = decodeURIComponent(last);
    expect(page).toContain("Le poste s'est arrêté");
    expect(page).toContain('The desk has stopped');
    expect(page).not.toContain('<script');
    expect(audit.at(-1)!.outcome).toBe('main window: crashed 3 times in 2 minutes, reloading stopped');
    // Nothing reloads it afterwards.
    expect(window.loads.filter((url) => url.startsWith('app://'))).toHaveLength(3);
  });

  it('keeps reloading crashes spread wider than two minutes', () => {
    for (let crashNumber = 0; crashNumber < 5; crashNumber += 1) {
      crash();
      clock += CRASH_WINDOW_MS / 2 + 1;
    }
    expect(window.loads.at(-1)).toBe('app://desk/index.html#/board');
  });

  it('is stopped and reloaded when it stays unresponsive, left alone when it answers again', () => {
    vi.useFakeTimers();
    try {
      window.webContents.emit('unresponsive');
      vi.advanceTimersByTime(UNRESPONSIVE_GRACE_MS / 2);
      window.webContents.emit('responsive');
      vi.advanceTimersByTime(UNRESPONSIVE_GRACE_MS);
      expect(window.webContents.forcefullyCrashRenderer).not.toHaveBeenCalled();

      window.webContents.emit('unresponsive');
      vi.advanceTimersByTime(UNRESPONSIVE_GRACE_MS);
      expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalledOnce();
      expect(window.loads.at(-1)).toBe('app://desk/index.html#/board');
      expect(audit.map((entry) => entry.outcome)).toEqual(['main window: not answering for 10 s, stopped', 'main window: killed (exit 9), reloaded on #/board']);
    } finally {
      vi.useRealTimers();
    }
  });
});
