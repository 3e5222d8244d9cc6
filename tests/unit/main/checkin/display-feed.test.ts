import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInfrastructure } from '../../../../src-main/infrastructure';
import { DeskJournal } from '../../../../src-main/journal/desk-journal';
import type { DisplayCalls } from '../../../../src-shared/ipc/features/display.contract';
import { until } from '../../../helpers/until';
import { CALLS_KEPT, DisplayFeed, FEED_FRESH_MS } from '../../../../src-main/display/feed';
import { PlatformBoardClient } from '../../../../src-main/platform/tickets/board';
import { PlatformHttp } from '../../../../src-main/platform/tickets/http';
import { startSandbox, type RunningSandbox } from '../../../../src-main/sandbox/start';

describe('public display feed against the training platform', () => {
  let sandbox: RunningSandbox;
  let http: PlatformHttp;
  beforeAll(async () => {
    sandbox = await startSandbox();
    http = new PlatformHttp({ platformUrl: sandbox.platformUrl, licenceUuid: sandbox.licenceUuid, accountKey: sandbox.accountKey, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, totalBudgetMs: 0 } });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('shows the newest call first, with its desk, and never a patient name', async () => {
    let now = 0;
    const feed = new DisplayFeed({ platform: new PlatformBoardClient(http), officePlaceId: () => 1, now: () => now });
    const waiting = sandbox.world.platform.tickets.find((ticket) => ticket.officePlaceId === 1 && ticket.status === 'checkedIn')!;
    await new PlatformBoardClient(http).callTicket({ ticketId: waiting.ticketId, kioskDeskId: 2, deskLabel: 'Accueil 2' });
    const shown = await feed.calls();
    expect(shown.live).toBe(true);
    expect(shown.calls[0]).toEqual({ ticketId: waiting.ticketId, formattedNumber: waiting.formattedNumber, deskLabel: 'Accueil 2', at: expect.any(String) });
    expect(shown.calls.length).toBeLessThanOrEqual(6);
    expect(JSON.stringify(shown)).not.toContain(waiting.patientDisplayName!);
    // Another office place's calls are not this screen's.
    const elsewhere = await new DisplayFeed({ platform: new PlatformBoardClient(http), officePlaceId: () => 3, now: () => now }).calls();
    expect(elsewhere.calls.map((call) => call.ticketId)).not.toContain(waiting.ticketId);

    // Platform down: the last calls stay on screen, marked as not live since the first read that failed.
    sandbox.faults.platform.down = true;
    let staleRevision = 0;
    try {
      now += FEED_FRESH_MS;
      const stale = await feed.calls();
      const since = new Date(now).toISOString();
      expect(stale).toEqual({ revision: expect.any(Number), calls: shown.calls, live: false, offlineSince: since });
      // Each state is newer than the last: a screen can drop an answer that arrives after a newer one.
      expect(stale.revision).toBeGreaterThan(shown.revision);
      staleRevision = stale.revision;
      now += FEED_FRESH_MS * 5;
      expect(await feed.calls()).toMatchObject({ live: false, offlineSince: since });
    } finally {
      sandbox.faults.platform.down = false;
    }
    now += FEED_FRESH_MS;
    const back = await feed.calls();
    expect(back).toEqual({ revision: expect.any(Number), calls: shown.calls, live: true });
    expect(back.revision).toBeGreaterThan(staleRevision);
    // A desk restarted at the same moment starts above the revisions it gave before.
    expect((await new DisplayFeed({ platform: new PlatformBoardClient(http), officePlaceId: () => 1, now: () => now }).calls()).revision).toBeGreaterThanOrEqual(now);
  });

  it('follows the live ticket events where offered: a call reaches the screen without reading the day list again', async () => {
    const infrastructure = createInfrastructure({ runtime: 'web', dataDir: tmpdir(), profile: sandbox.profile, accountKey: sandbox.accountKey, training: null, journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'display-'))) });
    const reads = vi.spyOn(infrastructure.board, 'listForDay');
    const pushed: DisplayCalls[] = [];
    const feed = new DisplayFeed({
      platform: infrastructure.board,
      openStream: infrastructure.ticketStream,
      officePlaceId: () => 1,
      changed: (calls) => pushed.push(calls),
    });
    try {
      const streams = sandbox.platform.tickets.openStreams();
      await feed.calls();
      await until(() => sandbox.platform.tickets.openStreams() > streams);
      await until(async () => (await feed.calls()).live);
      const readsBefore = reads.mock.calls.length;
      const waiting = sandbox.world.platform.tickets.findLast((ticket) => ticket.officePlaceId === 1 && ticket.status === 'checkedIn')!;
      await infrastructure.board.callTicket({ ticketId: waiting.ticketId, kioskDeskId: 3, deskLabel: 'Accueil 3' });
      // Calls carry the second they were made: the first test's call may share it, so the order between them is open.
      const shown = (calls: DisplayCalls | undefined) => calls?.calls.find((call) => call.ticketId === waiting.ticketId && call.deskLabel === 'Accueil 3');
      await until(() => shown(pushed.at(-1)) !== undefined);
      expect(shown(pushed.at(-1))).toMatchObject({ formattedNumber: waiting.formattedNumber });
      expect(shown(await feed.calls())).toBeDefined();
      expect(reads.mock.calls.length).toBe(readsBefore);
    } finally {
      feed.close();
    }
  });

  it('following a whole day of calls (more than it keeps), shows the newest six; a ticket called long ago comes back when recalled', { timeout: 60_000 }, async () => {
    const day = await startSandbox({ waitingTickets: 2 * CALLS_KEPT + 10 });
    const infrastructure = createInfrastructure({ runtime: 'web', dataDir: tmpdir(), profile: day.profile, accountKey: day.accountKey, training: null, journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'display-'))) });
    const pushed: DisplayCalls[] = [];
    const feed = new DisplayFeed({ platform: infrastructure.board, openStream: infrastructure.ticketStream, officePlaceId: () => 1, changed: (calls) => pushed.push(calls) });
    try {
      await feed.calls();
      await until(async () => (await feed.calls()).live);
      const waiting = day.world.platform.tickets.filter((ticket) => ticket.officePlaceId === 1 && ticket.status === 'checkedIn' && !ticket.lastCall);
      const call = (ticketId: string, deskId: number) => infrastructure.board.callTicket({ ticketId, kioskDeskId: deskId, deskLabel: `Accueil ${deskId}` });
      // Calls carry their second: the checks wait for a new one, so the calls they make are the newest.
      const nextSecond = async () => {
        const second = Math.floor(Date.now() / 1000);
        await until(() => Math.floor(Date.now() / 1000) > second);
      };
      const day1 = waiting.slice(0, 2 * CALLS_KEPT + 4);
      for (const [index, ticket] of day1.entries()) await call(ticket.ticketId, 1 + (index % 4));
      await nextSecond();
      const latest = waiting.slice(2 * CALLS_KEPT + 4, 2 * CALLS_KEPT + 10);
      for (const ticket of latest) await call(ticket.ticketId, 3);
      const onScreen = () => (pushed.at(-1)?.calls ?? []).map((shown) => shown.formattedNumber).sort();
      await until(() => JSON.stringify(onScreen()) === JSON.stringify(latest.map((ticket) => ticket.formattedNumber).sort()));
      // The day's first call, long out of the screen's window, recalled: on screen again, first.
      await nextSecond();
      await call(day1[0]!.ticketId, 2);
      await until(() => pushed.at(-1)?.calls[0]?.ticketId === day1[0]!.ticketId);
      expect(pushed.at(-1)!.calls[0]).toMatchObject({ formattedNumber: day1[0]!.formattedNumber, deskLabel: 'Accueil 2' });
      expect(pushed.at(-1)!.calls).toHaveLength(6);
    } finally {
      feed.close();
      await day.close();
    }
  });

  it('following the live events, tells the screen within 5 s that the platform is lost, and since when', async () => {
    const infrastructure = createInfrastructure({ runtime: 'web', dataDir: tmpdir(), profile: sandbox.profile, accountKey: sandbox.accountKey, training: null, journal: await DeskJournal.open(mkdtempSync(path.join(tmpdir(), 'display-'))) });
    const pushed: DisplayCalls[] = [];
    const feed = new DisplayFeed({ platform: infrastructure.board, openStream: infrastructure.ticketStream, officePlaceId: () => 1, changed: (calls) => pushed.push(calls) });
    try {
      await feed.calls();
      await until(async () => (await feed.calls()).live);
      sandbox.faults.platform.down = true;
      const downAt = Date.now();
      await until(() => pushed.at(-1)?.live === false, 6_000);
      expect(Date.now() - downAt).toBeLessThan(5_000);
      expect(Date.parse(pushed.at(-1)!.offlineSince!)).toBeGreaterThanOrEqual(downAt - 1_000);
    } finally {
      sandbox.faults.platform.down = false;
      feed.close();
    }
  }, 15_000);
});
