import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { localDay } from '../../src-shared/day';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { BoardPage } from './pages/board-page';

/**
 * The board when the platform or the medical system fails it: outages are said within
 * seconds, a call pressed meanwhile is never sent behind the receptionist's back, and a
 * slow medical system shows on the row it slows rather than greying the board.
 */
let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

const placeId = () => sandbox.profile.officePlaceId!;
const todayHere = () => {
  const today = localDay(new Date());
  return sandbox.world.platform.tickets.filter((ticket) => ticket.day === today && ticket.officePlaceId === placeId());
};
const ticketByNumber = (formattedNumber: string) => todayHere().find((ticket) => ticket.formattedNumber === formattedNumber)!;
/** Simulated kiosk arrivals until one lands at the desk's office place: a waiting patient with an appointment. */
async function kioskArrivalHere(): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    const arrival = await sandbox.kiosk.arrive();
    const ticket = sandbox.world.platform.tickets.findLast(
      (candidate) => candidate.contractAppointmentId !== null && arrival?.appointmentIds.includes(candidate.contractAppointmentId),
    );
    if (ticket?.officePlaceId === placeId()) return;
  }
  throw new Error('no kiosk arrival at the office place');
}
const callsOf = (formattedNumber: string) => (ticketByNumber(formattedNumber).history ?? []).filter((entry) => entry.event === 'called').length;

process.env.DESK_LOG_LEVEL = 'warn';

test.describe('outages and slowness', () => {
  test.beforeAll(async ({ sandboxArgs }) => {
    sandbox = await startSandbox({ publisherFlags: sandboxArgs });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-outage-'));
    desk = await launchAttachedDesk(sandbox, { dataDir });
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

  test('a call pressed while the platform is down is not sent on its own when it is back: the desk asks first', async ({ page }) => {
    test.setTimeout(60_000);
    await kioskArrivalHere();
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    sandbox.faults.platform.down = true;
    await expect(board.live).not.toHaveAttribute('data-state', 'live', { timeout: 5_000 });
    await page.keyboard.press('n');
    await expect(board.message).toContainText('non envoyé, la plateforme ne répond pas');
    const number = (await board.message.textContent())!.split('\u00a0')[0]!.trim();
    const before = callsOf(number);

    sandbox.faults.platform.down = false;
    await expect(board.live).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
    const offer = page.getByTestId('unsent-move');
    await expect(offer).toHaveAttribute('data-ticket', number);
    await expect(offer).toContainText(`Appeler ${number} maintenant\u00a0?`);
    // Back and live, and still nothing sent behind the receptionist's back while the question waits.
    await expect(board.live).toHaveText('En direct');
    expect(callsOf(number)).toBe(before);

    await offer.getByRole('button', { name: 'Appeler maintenant' }).click();
    await expect(board.message).toHaveText(`${number}\u00a0: appelé — Accueil 1`);
    await expect(offer).toHaveCount(0);
    expect(callsOf(number)).toBe(before + 1);
  });

  test('a slow medical system: the row says its call is on its way, the board stays usable, and no false « injoignable »', async ({ page }) => {
    test.setTimeout(60_000);
    await kioskArrivalHere();
    await kioskArrivalHere();
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    await expect(page.locator('[data-testid="board-row"][data-group="waiting"][data-verification="verified"]').first()).toBeVisible();
    sandbox.faults.publisher.latencyMs = 6_000;
    await page.keyboard.press('n');
    const working = page.locator('[data-testid="board-row"][data-working="call"]');
    await expect(working.getByTestId('row-working')).toHaveText('appel en cours…');
    const number = await working.getAttribute('data-ticket');
    // The rest of the board answers meanwhile: another row's buttons are there to press.
    const other = page.locator('[data-testid="board-row"][data-group="waiting"]:not([data-working])').first();
    await expect(board.button(other, 'Appeler')).toBeEnabled();
    await expect(board.message).toHaveText(`${number}\u00a0: appelé — Accueil 1`, { timeout: 20_000 });
    await expect(board.row(number!)).not.toHaveAttribute('data-working');
    await expect(page.getByText('Logiciel médical injoignable')).toHaveCount(0);
  });
});
