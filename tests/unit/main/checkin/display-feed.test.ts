import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisplayFeed, FEED_FRESH_MS } from '../../../../src-main/display/feed';
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
    const feed = new DisplayFeed(new PlatformBoardClient(http), () => 1, () => now);
    const waiting = sandbox.world.platform.tickets.find((ticket) => ticket.officePlaceId === 1 && ticket.status === 'checkedIn')!;
    await new PlatformBoardClient(http).callTicket({ ticketId: waiting.ticketId, kioskDeskId: 2, deskLabel: 'Accueil 2' });
    const shown = await feed.calls();
    expect(shown.live).toBe(true);
    expect(shown.calls[0]).toEqual({ ticketId: waiting.ticketId, formattedNumber: waiting.formattedNumber, deskLabel: 'Accueil 2', at: expect.any(String) });
    expect(shown.calls.length).toBeLessThanOrEqual(6);
    expect(JSON.stringify(shown)).not.toContain(waiting.patientDisplayName!);
    // Another office place's calls are not this screen's.
    const elsewhere = await new DisplayFeed(new PlatformBoardClient(http), () => 3, () => now).calls();
    expect(elsewhere.calls.map((call) => call.ticketId)).not.toContain(waiting.ticketId);

    // Platform down: the last calls stay on screen, marked as not live.
    sandbox.faults.platform.down = true;
    try {
      now += FEED_FRESH_MS;
      const stale = await feed.calls();
      expect(stale).toEqual({ calls: shown.calls, live: false });
    } finally {
      sandbox.faults.platform.down = false;
    }
  });
});
