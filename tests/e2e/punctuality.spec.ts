import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { DESK_TRAINING_PATIENTS } from '../../src-main/sandbox/world/desk-patients';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { PACE } from './pace';
import { expectAccessible } from './pages/accessibility';
import { ipc } from './pages/admin-page';
import { CheckinPage } from './pages/checkin-page';

const lea = DESK_TRAINING_PATIENTS.journey;

/**
 * Léa's first appointment is booked 75 min after the training day's anchor (now, kept between
 * 04:30 and 19:30), so a patient at the desk now is early by 75 min or more, whatever the hour the
 * suite runs: the day stands at most at 19:00 (never ahead of the desk's clock, which would read
 * as clock drift). A sandbox and desk of their own, so other specs' check-ins of Léa never show.
 */
const STARTED = Date.now();
const DAY_AT = Math.min(STARTED, new Date(STARTED).setHours(19, 0, 0, 0));
const dayClock = () => new Date(DAY_AT + (Date.now() - STARTED));

let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

test.beforeAll(async () => {
  test.setTimeout(60_000 * PACE);
  sandbox = await startSandbox({ clock: dayClock });
  desk = await launchAttachedDesk(sandbox);
});
test.afterAll(async () => {
  desk.child.kill('SIGTERM');
  await sandbox.close();
});

test('an early arrival at the desk is warned with its appointment time, still checked in, and its board row shows the appointment and the mark', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  // The page counts on the training day's clock, as the desk would on the platform's.
  await context.clock.install({ time: dayClock() });
  const page = await context.newPage();
  const checkin = new CheckinPage(page);
  await checkin.open(desk.host);
  await checkin.searchByName('garnier-vidal', lea.birthDate);
  await expect(checkin.appointments.getByRole('checkbox')).toHaveCount(2);

  // Warned before confirming: how early, against which appointment time; never her name.
  const first = sandbox.world.publisher.appointments.filter((appointment) => appointment.patientId === lea.id).map((appointment) => appointment.startDate).sort()[0]!;
  const firstAt = new Date(first).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
  const warning = page.getByTestId('checkin-punctuality');
  await expect(warning).toHaveAttribute('data-punctuality', 'early');
  await expect(warning).toHaveText(new RegExp(`^Arrivée \\d+ h( \\d\\d)? avant le rendez-vous de ${firstAt}\\. L'enregistrement reste possible\\.$`));
  await expect(warning).not.toContainText('Léa');
  // Each appointment is marked in words beside its time.
  await expect(checkin.appointments.getByTestId('punctuality-mark').first()).toHaveText(/^En avance/);
  await expectAccessible(page);

  // A warning, never a gate: the arrival is recorded and a ticket issued.
  await expect(checkin.confirm).toBeEnabled();
  await checkin.confirm.click();
  await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
  const ticket = (await checkin.ticketNumber.textContent())!.trim();
  await checkin.closePrintPreview();

  await page.getByTestId('nav-board').click();
  const row = page.locator(`[data-testid="board-row"][data-ticket="${ticket}"]`);
  const arrival = row.getByTestId('row-arrival');
  await expect(arrival).toContainText(`rdv ${firstAt}`);
  const mark = arrival.getByTestId('punctuality-mark');
  await expect(mark).toHaveAttribute('data-punctuality', 'early');
  // The word is the signal (the colour only repeats it), and its sentence is the accessible text.
  await expect(mark).toHaveText(new RegExp(`^En avance\\. Arrivée \\d+ h( \\d\\d)? avant le rendez-vous de ${firstAt}$`));

  // The margins are the board settings': 12 h early is still on time once the desk says so.
  await ipc(desk.host, 'board/saveSettings', { amberMinutes: 15, redMinutes: 30, idleLockMinutes: 0, arrivalChime: false, earlyMinutes: 720, lateMinutes: 10 });
  await page.reload();
  await expect(page.locator(`[data-testid="board-row"][data-ticket="${ticket}"]`).getByTestId('punctuality-mark')).toHaveAttribute('data-punctuality', 'onTime');
  await context.close();
});
