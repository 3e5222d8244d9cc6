import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_DRIFT_WARNING_MS, platformNow } from '../../../../src-shared/clock';
import type { ConnectionState } from '../../../../src-shared/ipc/contract';
import { clockDiagnostics, PlatformClockWatch } from '../../../../src-main/connection/platform-clock';
import { createInfrastructure } from '../../../../src-main/infrastructure';
import { DeskJournal } from '../../../../src-main/journal/desk-journal';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';
import { startScriptedServer } from '../../../helpers/scripted-server';

const DESK = Date.parse('2026-11-27T09:00:00Z');
const MINUTES = 60_000;
/** The platform's `Date` header when its clock is `aheadMs` in front of the desk's at DESK + atMs. */
const dateHeader = (aheadMs: number, atMs = 0) => new Date(DESK + atMs + aheadMs).toUTCString();

describe('the platform clock against the desk clock', () => {
  it('is the median of recent Date headers: one odd answer (a proxy, a cache) does not move it', () => {
    const watch = new PlatformClockWatch();
    for (let index = 0; index < 4; index += 1) watch.observeDate(dateHeader(3 * MINUTES, index * 1_000), DESK + index * 1_000, DESK + index * 1_000 + 40);
    watch.observeDate(dateHeader(-2 * 60 * MINUTES, 5_000), DESK + 5_000, DESK + 5_040);
    expect(Math.abs(watch.offsetMs() - 3 * MINUTES)).toBeLessThanOrEqual(1_000);
    expect(watch.reading()).toMatchObject({ samples: 5, drifting: true });
    // Waits count on that time: a patient who arrived 16 platform minutes ago waited 16 minutes, not 19.
    const arrived = DESK + 3 * MINUTES - 16 * MINUTES;
    expect(Math.round((platformNow(watch.reading(), DESK) - arrived) / MINUTES)).toBe(16);
  });

  it('reads a live event later than the platform now it knew as the desk being behind, and ignores older (replayed) events', () => {
    const watch = new PlatformClockWatch();
    watch.observeEvent(new Date(DESK - 30 * MINUTES).toISOString(), DESK);
    expect(watch.reading().samples).toBe(0);
    watch.observeEvent(new Date(DESK + 2 * MINUTES).toISOString(), DESK);
    expect(watch.offsetMs()).toBe(2 * MINUTES);
    watch.observeEvent(new Date(DESK + MINUTES).toISOString(), DESK + 1_000);
    expect(watch.reading().samples).toBe(1);
  });

  it('says a drift over one minute to the diagnostics, in plain words; within a minute it agrees', () => {
    const close = new PlatformClockWatch();
    close.observeDate(dateHeader(20_000), DESK, DESK);
    expect(clockDiagnostics(close)).toMatchObject({ drifting: false, summary: expect.stringContaining('agrees') });
    const far = new PlatformClockWatch();
    far.observeDate(dateHeader(-(CLOCK_DRIFT_WARNING_MS + 5_000)), DESK, DESK);
    const told = clockDiagnostics(far);
    expect(told.drifting).toBe(true);
    expect(told.summary).toContain('1 min 05 s ahead of the platform');
    expect(clockDiagnostics(new PlatformClockWatch())).toMatchObject({ samples: 0, offsetMs: 0, drifting: false });
  });
});

describe('the desk measures the platform clock from its answers', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('a platform 3 minutes ahead: its Date headers give the offset, and the renderer is told it drifts', async () => {
    const ahead = new Date(Date.now() + 3 * MINUTES).toUTCString();
    const platform = await startScriptedServer([{ status: 200, body: '{"day":"2026-11-27","tickets":[]}', headers: { Date: ahead } }]);
    try {
      const infrastructure = createInfrastructure({
        runtime: 'web',
        dataDir: tmpdir(),
        profile: { ...sandbox.profile, platformUrl: platform.url },
        accountKey: sandbox.accountKey,
        training: null,
        journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'clock-'))),
      });
      const told: ConnectionState[] = [];
      infrastructure.events.subscribe((event, payload) => {
        if (event === 'connection/changed') told.push(payload as ConnectionState);
      });
      await infrastructure.board.listForDay({ officePlaceId: 1 }).catch(() => undefined);
      const offset = infrastructure.clock.reading().offsetMs;
      // The header is to the second, and the test's own second passes meanwhile.
      expect(offset).toBeGreaterThan(3 * MINUTES - 2_500);
      expect(offset).toBeLessThan(3 * MINUTES + 1_500);
      expect(infrastructure.connection.current().clock).toMatchObject({ drifting: true, samples: 1 });
      expect(told.at(-1)?.clock?.drifting).toBe(true);
    } finally {
      await platform.close();
    }
  });
});
