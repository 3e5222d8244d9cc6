import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { expect, launchPreviewHost, test, type PreviewHost } from './fixtures';
import { BoardPage } from './pages/board-page';

/**
 * The board when the platform or the medical system fails it: outages are said within
 * seconds, a call pressed meanwhile is never sent behind the receptionist's back, and a
 * slow medical system shows on the row it slows rather than greying the board.
 */
let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

process.env.DESK_LOG_LEVEL = 'warn';

test.describe('outages and slowness', () => {
  test.beforeAll(async ({ sandboxArgs }) => {
    sandbox = await startSandbox({ publisherFlags: sandboxArgs, waitingTickets: 6 });
    const attachFile = path.join(mkdtempSync(path.join(tmpdir(), 'desk-attach-')), 'sandbox.json');
    writeFileSync(attachFile, JSON.stringify({ profile: sandbox.profile, accountKey: sandbox.accountKey }));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-outage-'));
    desk = await launchPreviewHost(['--kiosk-every', '0'], dataDir, { DESK_ATTACH_SANDBOX: attachFile });
  });
  test.afterAll(async () => {
    desk.child.kill('SIGTERM');
    await sandbox.close();
  });
  test.afterEach(() => {
    sandbox.faults.platform.down = false;
    sandbox.faults.publisher.latencyMs = 0;
  });

  test('platform down: the badge leaves "En direct" within 5 s and says since when; live again only with the platform', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    sandbox.faults.platform.down = true;
    const downAt = Date.now();
    await expect(board.live).not.toHaveAttribute('data-state', 'live', { timeout: 5_000 });
    expect(Date.now() - downAt).toBeLessThan(5_000);
    await expect(board.live).toHaveText(/^Reconnexion… · dernier signal il y a \d+ s$/);
    sandbox.faults.platform.down = false;
    await expect(board.live).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
    await expect(board.live).toHaveText('En direct');
  });
});
