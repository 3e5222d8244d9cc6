import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { DESK_TRAINING_PATIENTS } from '../../src-main/sandbox/world/desk-patients';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { PACE } from './pace';
import { CheckinPage } from './pages/checkin-page';
import { SignInPage } from './pages/sign-in-page';

const lea = DESK_TRAINING_PATIENTS.journey;
const hugo = DESK_TRAINING_PATIENTS.scanned;
const deskPatientIds: string[] = [lea.id, hugo.id];

/**
 * The README's desk walkthrough, as a trainee follows it, with the simulated kiosk
 * checking a patient in every second. The sandbox is started here (the desk joins
 * it) so that the test can wait until the kiosk has gone past the desk patients'
 * appointment times: from then on, a kiosk that took them would have done so.
 */
let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

process.env.DESK_LOG_LEVEL = 'warn';

test.beforeAll(async ({ sandboxArgs }) => {
  sandbox = await startSandbox({ kioskIntervalMs: 1000, publisherFlags: sandboxArgs });
  desk = await launchAttachedDesk(sandbox, { dataDir: mkdtempSync(path.join(tmpdir(), 'desk-walkthrough-')) });
});

test.afterAll(async () => {
  desk.child.kill('SIGTERM');
  await sandbox.close();
});

/** Other patients still expected no later than the desk patients' last appointment: the kiosk takes them in time order. */
function expectedBeforeDeskPatients(): number {
  const appointments = sandbox.world.publisher.appointments;
  const lastDeskStart = appointments
    .filter((appointment) => deskPatientIds.includes(appointment.patientId))
    .map((appointment) => appointment.startDate)
    .sort()
    .at(-1)!;
  return appointments.filter(
    (appointment) => appointment.status === 'scheduled' && !deskPatientIds.includes(appointment.patientId) && appointment.startDate <= lastDeskStart,
  ).length;
}

test('desk walkthrough of the README: Léa Garnier-Vidal by name and date of birth, Hugo Perrin by his convocation code, with the kiosk running', async ({ page }) => {
  test.setTimeout(120_000 * PACE);
  await expect.poll(expectedBeforeDeskPatients, { timeout: 90_000 * PACE, intervals: [1000] }).toBe(0);

  const signIn = new SignInPage(page);
  await signIn.open(desk.host.openUrl);
  await signIn.signIn('accueil', 'formation');
  await expect(page).toHaveURL(/#\/board$/);
  await page.getByTestId('nav-checkin').click();
  const checkin = new CheckinPage(page);

  await checkin.searchByName(lea.lastName, lea.birthDate);
  await expect(checkin.appointments.getByRole('heading', { name: 'Léa Garnier-Vidal' })).toBeVisible();
  const boxes = checkin.appointments.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).toBeChecked();
  await checkin.confirm.click();
  await expect(checkin.ticketNumber).toHaveText(/^[A-Z]\d{3}$/);
  await checkin.closePrintPreview();
  await checkin.next.click();

  // A scanner's keys must come a few ms apart; on a loaded machine a scan can come too slow
  // and land as typing, so it is scanned again, as at the desk, from an empty field.
  await expect(async () => {
    await checkin.lastName.fill('');
    await checkin.scan(hugo.codes[0]);
    await expect(checkin.appointments.getByRole('heading', { name: 'Hugo Perrin' })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(checkin.confirm).toBeEnabled();
  await checkin.confirm.click();
  await expect(checkin.ticketNumber).toHaveText(/^[A-Z]\d{3}$/);

  // Both arrived through the desk, none through the kiosk.
  const ticketsOf = (patientId: string) =>
    sandbox.world.platform.tickets.filter((ticket) =>
      sandbox.world.publisher.appointments.some((appointment) => appointment.id === ticket.contractAppointmentId && appointment.patientId === patientId),
    );
  expect(ticketsOf(lea.id).map((ticket) => ticket.source)).toEqual(['desk']);
  expect(ticketsOf(hugo.id).map((ticket) => ticket.source)).toEqual(['desk']);
});
