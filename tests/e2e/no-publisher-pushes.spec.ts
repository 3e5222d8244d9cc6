import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { DESK_TRAINING_PATIENTS } from '../../src-main/sandbox/world/desk-patients';
import { localDay } from '../../src-shared/day';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { BoardPage } from './pages/board-page';
import { CheckinPage } from './pages/checkin-page';

/**
 * The reception flows on a medical system that never calls the platform's ticket services
 * (the `no-publisher-pushes` project: `--no-publisher-pushes`, like the contract's reference
 * implementation): every ticket stays `issued` on the platform, and the board learns arrivals
 * and statuses only from its own reads (docs/board.md, "Without pushes from the medical system").
 */
let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

const placeId = () => sandbox.profile.officePlaceId!;
const todayHere = () => sandbox.world.platform.tickets.filter((ticket) => ticket.day === localDay(new Date()) && ticket.officePlaceId === placeId());

/** Simulated kiosk arrivals until one with a single exam lands at the desk's office place: its ticket and appointment. */
async function kioskArrivalHere(): Promise<{ number: string; appointmentId: string }> {
  for (let i = 0; i < 60; i += 1) {
    const arrival = await sandbox.kiosk.arrive();
    // A journey's row follows each of its exams (docs/desk-checkin.md): one exam moved by the medical system is not the visit.
    if (arrival && arrival.appointmentIds.length !== 1) continue;
    const ticket = sandbox.world.platform.tickets.findLast((candidate) => candidate.contractAppointmentId !== null && arrival?.appointmentIds.includes(candidate.contractAppointmentId));
    if (ticket?.officePlaceId === placeId()) return { number: ticket.formattedNumber, appointmentId: ticket.contractAppointmentId! };
  }
  throw new Error('no kiosk arrival at the office place');
}

/** What a technician does in the medical system's own console: a status change the platform is never told. */
async function medicalSystemMoves(appointmentId: string, status: 'inCare' | 'done'): Promise<void> {
  const response = await fetch(`${sandbox.contractBaseUrl}/appointments/${encodeURIComponent(appointmentId)}/status`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Kiosk-Auth-Key': sandbox.accountKey, 'X-Kiosk-Office-Id': sandbox.profile.officeIdHeader },
    body: JSON.stringify({ status }),
  });
  expect(await response.json()).toEqual({ status });
}

test.describe('without pushes from the medical system', () => {
  test.beforeAll(async ({ sandboxArgs }) => {
    sandbox = await startSandbox({ publisherFlags: sandboxArgs });
    desk = await launchAttachedDesk(sandbox);
  });
  test.afterAll(async () => {
    desk.child.kill('SIGTERM');
    await sandbox.close();
  });

  test('a kiosk arrival shows on the board by itself; call and status forward; a status the medical system changes shows within 10 s', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    expect(sandbox.behaviour.pushes).toBe(false);
    const arrival = await kioskArrivalHere();
    const row = await board.find(arrival.number);
    await expect(row).toHaveAttribute('data-group', 'waiting');
    await expect(row).toHaveAttribute('data-verification', 'verified');
    // Nobody but the desk told the platform: its ticket moved on the desk's report of what it read.
    await expect.poll(() => todayHere().find((ticket) => ticket.formattedNumber === arrival.number)?.verified?.deskLabel).toBe('Accueil 1');

    await board.button(row, 'Appeler').click();
    await expect(row).toHaveAttribute('data-group', 'called');
    await board.button(row, 'En examen').click();
    await expect(row).toHaveAttribute('data-status', 'inCare');

    // The exam ends in the medical system; nothing is pushed, the desk reads it again.
    await medicalSystemMoves(arrival.appointmentId, 'done');
    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
    await expect(row).toHaveAttribute('data-group', 'done');
  });

  test("a desk check-in shows on the desk's board at once, and the platform learns it from the desk", async ({ page }) => {
    const checkin = new CheckinPage(page);
    await checkin.open(desk.host);
    await checkin.searchByName('garnier-vidal', DESK_TRAINING_PATIENTS.journey.birthDate);
    await expect(checkin.confirm).toHaveText(/Enregistrer l'arrivée \(2 rendez-vous\)/);
    await checkin.confirm.click();
    await expect(checkin.ticketNumber).toHaveText(/^[A-Z]?\d{3}$/);
    const number = (await checkin.ticketNumber.textContent())!.trim();
    await checkin.closePrintPreview();

    await page.getByTestId('nav-board').click();
    const board = new BoardPage(page);
    const row = await board.find(number);
    await expect(row).toHaveAttribute('data-group', 'waiting');
    await expect(row).toContainText('Léa Garnier-Vidal');
    await expect.poll(() => todayHere().find((ticket) => ticket.formattedNumber === number)?.status).toBe('checkedIn');

    // A technician takes the patient into care in the medical system: the board follows.
    const appointmentId = todayHere().find((ticket) => ticket.formattedNumber === number)!.contractAppointmentId!;
    await medicalSystemMoves(appointmentId, 'inCare');
    await expect(row).toHaveAttribute('data-status', 'inCare', { timeout: 10_000 });
  });
});
