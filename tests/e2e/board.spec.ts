import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { localDay } from '../../src-shared/day';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import type { Page } from '@playwright/test';
import { expect, launchPreviewHost, sandboxAttachFile, test, type PreviewHost } from './fixtures';
import { PACE } from './pace';
import { expectAccessible } from './pages/accessibility';
import { BoardPage } from './pages/board-page';
import { SignInPage } from './pages/sign-in-page';

/**
 * The board through the preview host, on a training sandbox started by the test
 * itself: the test reads the publisher and the platform back, switches faults, and
 * can restart the desk while the sandbox lives on.
 */
let sandbox: RunningSandbox;
let attachFile: string;

async function startDesk(dataDir = mkdtempSync(path.join(tmpdir(), 'desk-board-'))) {
  const { host, child } = await launchPreviewHost(['--kiosk-every', '0'], dataDir, { DESK_ATTACH_SANDBOX: attachFile });
  return { host, child, dataDir };
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const placeId = () => sandbox.profile.officePlaceId!;
/** Today's tickets of the desk's office place: the training platform keeps a week, and numbers restart each day. */
const todayHere = () => {
  const today = localDay(new Date());
  return sandbox.world.platform.tickets.filter((ticket) => ticket.day === today && ticket.officePlaceId === placeId());
};
const ticketByNumber = (formattedNumber: string): DeskTicket => todayHere().find((ticket) => ticket.formattedNumber === formattedNumber)!;
const appointmentOf = (formattedNumber: string) =>
  sandbox.world.publisher.appointments.find((appointment) => appointment.id === ticketByNumber(formattedNumber).contractAppointmentId)!;
const waitingTickets = () =>
  todayHere().filter((ticket) => ticket.status === 'checkedIn' && !ticket.lastCall);

/** Simulated kiosk arrivals until one lands at the desk's office place; its ticket number. */
/** A kiosk arrival at the desk's office place of a patient with one exam (a journey's moves go exam by exam: journey.spec.ts). */
async function kioskArrivalHere(): Promise<string> {
  for (let i = 0; i < 60; i += 1) {
    const arrival = await sandbox.kiosk.arrive();
    if (arrival && arrival.appointmentIds.length !== 1) continue;
    // Numbers restart per office place: find the arrival by its appointments, not by its number.
    const ticket = sandbox.world.platform.tickets.findLast(
      (candidate) => candidate.contractAppointmentId !== null && arrival?.appointmentIds.includes(candidate.contractAppointmentId),
    );
    if (ticket?.officePlaceId === placeId()) return ticket.formattedNumber;
  }
  throw new Error('no kiosk arrival at the office place');
}

process.env.DESK_LOG_LEVEL = 'warn';

test.describe('live call board', () => {
  let desk: { host: PreviewHost; child: ChildProcess; dataDir: string };

  test.beforeAll(async ({ sandboxArgs }) => {
    // A larger world than the default: this file brings more kiosk arrivals to one office place than a training day holds.
    sandbox = await startSandbox({ publisherFlags: sandboxArgs, patients: 150 });
    attachFile = sandboxAttachFile(sandbox);
    desk = await startDesk();
  });
  test.afterAll(async () => {
    await stop(desk.child);
    await sandbox.close();
  });
  test.afterEach(() => {
    sandbox.faults.publisher.down = false;
  });

  test('a kiosk arrival appears by itself; call, in care, done, close reach the publisher and the platform', async ({ page }) => {
    // Done and close each wait out their Undo countdown.
    test.setTimeout(90_000 * PACE);
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    const number = await kioskArrivalHere();
    const row = board.row(number);
    await board.search.fill(number);
    await expect(row).toHaveAttribute('data-group', 'waiting');
    await expect(row).toHaveAttribute('data-verification', 'verified');
    await board.search.fill('');
    await page.screenshot({ path: 'test-results/board.png' });
    await expectAccessible(page);
    await board.search.fill(number);

    await board.button(row, 'Appeler').click();
    await expect(row).toHaveAttribute('data-group', 'called');
    expect(ticketByNumber(number).lastCall?.deskLabel).toBe('Accueil 1');
    // Only the wait is coloured: a called row tells since when, and how many calls.
    await expect(row.getByTestId('row-wait')).toHaveText(/^appel il y a \d+ min \(1 appel\)$/);
    await expect(row.getByTestId('row-wait')).not.toHaveAttribute('data-level');
    await expect(board.myPatient).toHaveAttribute('data-my-ticket', number);
    await expect(board.myPatient.getByTestId('my-patient-next')).toHaveText('En examen');
    await expect(board.message).toHaveText(`${number}\u00a0: appelé — Accueil 1`);
    // Axe measures contrast as drawn: a snackbar still fading in would count as pale text.
    await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation.effect as KeyframeEffect | null)?.target?.closest('.v-snackbar')));
    await expectAccessible(page);
    await board.button(row, 'En examen').click();
    await board.expectSettled(row, 'inCare');
    await expect(board.message).toHaveText(`${number}\u00a0: en examen`);
    await expect(row.getByTestId('row-wait')).toHaveText(/^en examen depuis \d+ min$/);
    await expect(board.myPatient.getByTestId('my-patient-next')).toHaveText('Terminé');
    await board.myPatient.getByTestId('my-patient-next').click();
    // Done waits for an Undo first, then goes by itself.
    await expect(board.undo).toHaveAttribute('data-ticket', number);
    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(board.message).toHaveText(`${number}\u00a0: terminé`);
    // Done, the patient is no longer this desk's to serve.
    await expect(board.myPatient.and(page.locator(`[data-my-ticket="${number}"]`))).toHaveCount(0);
    expect(appointmentOf(number).status).toBe('done');
    await board.button(row, 'Clôturer').click();
    await expect(board.undo).toHaveAttribute('data-status', 'closed');
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    expect(appointmentOf(number).status).toBe('closed');
    await expect.poll(() => ticketByNumber(number).status).toBe('closed');
  });

  test('an arrival is highlighted a moment, alone, and says when it came; the exam filter offers the names the rows show', async ({ page }) => {
    // Tall enough that the new row is drawn whatever the day holds (the list is virtualised).
    await page.setViewportSize({ width: 1920, height: 1080 });
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    // The cue lasts seconds: every highlighted row is recorded as the page draws it, not sampled later.
    // With its tint as drawn then: a green layer behind the row, fading (the compositor's opacity animation, in steps).
    await page.evaluate(() => {
      const seen = new Map<string, { tint: string; fading: boolean }>();
      (window as unknown as { arrivedSeen: typeof seen }).arrivedSeen = seen;
      const record = () =>
        document.querySelectorAll('[data-testid="board-row"][data-arrived]').forEach((row) => {
          const layer = getComputedStyle(row, '::before');
          seen.set(row.getAttribute('data-ticket')!, { tint: layer.backgroundColor, fading: layer.animationName.startsWith('board-arrival') });
        });
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-arrived'] });
    });
    const number = await kioskArrivalHere();
    const arrivedSeen = () => page.evaluate(() => Object.fromEntries((window as unknown as { arrivedSeen: Map<string, { tint: string; fading: boolean }> }).arrivedSeen));
    const seen = async () => Object.keys(await arrivedSeen());
    await expect.poll(seen).toContain(number);
    expect(await seen()).toEqual([number]);
    expect((await arrivedSeen())[number]).toEqual({ tint: 'rgba(46, 125, 50, 0.28)', fading: true });
    const row = await board.find(number);
    // Gender-neutral French: « arrivée : 09:34 », whoever the patient.
    await expect(row.locator('.board-row__time')).toContainText(/arrivée\s:\s\d{2}:\d{2}/);
    // The highlight is a cue, not a state: it goes by itself.
    await expect(row).not.toHaveAttribute('data-arrived', /.*/, { timeout: 15_000 });
    const exam = (await row.locator('.board-row__who .text-caption').innerText()).split(' · ')[0]!.trim();
    await page.getByTestId('board-filter-exam').click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options.map((option) => option.trim())).toContain(exam);
    // Names, never the exam type codes behind them.
    expect(options.map((option) => option.trim())).not.toContain('SCAN');
  });

  test('keyboard first: help overlay, N calls the oldest waiting, I and D move the selection, reprint says what became of it', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcut-help');
    await expect(help).toContainText('Appeler le patient suivant');
    await help.getByRole('button', { name: 'Fermer' }).click();
    await expect(help).toBeHidden();
    const oldest = [...waitingTickets()].sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number - b.number)[0]!;
    await page.keyboard.press('n');
    await expect(board.message).toHaveText(`${oldest.formattedNumber}\u00a0: appelé — Accueil 1`);
    await expect.poll(() => ticketByNumber(oldest.formattedNumber).lastCall?.deskLabel).toBe('Accueil 1');
    const row = await board.find(oldest.formattedNumber);
    await row.click();
    await page.keyboard.press('i');
    await board.expectSettled(row, 'inCare');
    await page.keyboard.press('d');
    // The oldest may be checked in for several exams: D finishes the exam in care (the first), the visit may go on.
    await expect.poll(() => appointmentOf(oldest.formattedNumber).status, { timeout: 20_000 }).toBe('done');
    await expect(row).not.toHaveAttribute('data-status', 'inCare');
    await board.button(row, 'Réimprimer').click();
    await expect(board.message).toContainText(/réimprimé|file d'attente|imprimante/);
    await expect(board.message).not.toContainText('PRINTER_UNAVAILABLE');
    // The training desk prints to the preview, which may open after the message: shortcuts wait while its dialog has the keyboard.
    const preview = page.getByTestId('print-preview-dialog');
    await expect(preview).toBeVisible();
    await page.keyboard.press('/');
    await expect(board.search).not.toBeFocused();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await page.keyboard.press('/');
    await expect(board.search).toBeFocused();
  });

  test('an appointment the publisher no longer knows is flagged when the desk acts on it', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    const ticket = ticketByNumber(await kioskArrivalHere());
    const row = await board.find(ticket.formattedNumber);
    await expect(row).toHaveAttribute('data-verification', 'verified');
    const appointments = sandbox.world.publisher.appointments;
    appointments.splice(appointments.indexOf(appointmentOf(ticket.formattedNumber)), 1);
    await board.button(row, 'Appeler').click();
    await expect(board.message).toContainText("Ce rendez-vous n'existe plus");
    await expect(row).toHaveAttribute('data-verification', 'gone');
    await expect(row).toContainText("Ce rendez-vous n'existe plus");
  });

  test('a cut of the live feed loses no event', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    sandbox.platform.app.server.closeAllConnections();
    const number = await kioskArrivalHere();
    await expect(board.row(number).or(board.live.and(page.locator('[data-state="live"]')))).not.toHaveCount(0);
    await board.search.fill(number);
    await expect(board.row(number)).toHaveAttribute('data-group', 'waiting');
    await expect(board.live).toHaveAttribute('data-state', 'live');
  });

  test('publisher down during "done": pending, desk killed and restarted, delivered once when it returns', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    const ticket = ticketByNumber(await kioskArrivalHere());
    const row = await board.find(ticket.formattedNumber);
    await expect(row).toHaveAttribute('data-verification', 'verified');
    // Done is a move of a patient in care only (a waiting row offers no Terminé).
    await board.button(row, 'En examen').click();
    await board.expectSettled(row, 'inCare');
    sandbox.faults.publisher.down = true;
    await row.click();
    await page.keyboard.press('d');
    await expect(row).toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
    await expect(row.getByTestId('row-pending')).toHaveText('En attente d’envoi');
    await expect(board.message).toContainText('sera envoyé');

    await stop(desk.child, 'SIGKILL');
    sandbox.faults.publisher.down = false;
    desk = await startDesk(desk.dataDir);
    await board.open(desk.host.openUrl);
    const again = await board.find(ticket.formattedNumber);
    await expect(again).toHaveAttribute('data-pending', 'false');
    await expect(again).toHaveAttribute('data-status', 'done');
    const appointment = appointmentOf(ticket.formattedNumber);
    expect(appointment.status).toBe('done');
    expect(appointment.statusHistory.filter((entry) => entry.status === 'done')).toHaveLength(1);
    await expect.poll(() => ticketByNumber(ticket.formattedNumber).status).toBe('done');
  });

  /** What main holds for an Undo, as the desk wrote it down (board-outbox.json): an undone move is not there. */
  const heldOnDisk = () => {
    const file = path.join(desk.dataDir, 'board-outbox.json');
    const entries: { kind: string }[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).entries : [];
    return entries.filter((entry) => entry.kind === 'held');
  };

  /** A board window of the desk with a fresh kiosk arrival taken into care and selected, ready for D or C. */
  async function inCareSelected(page: Page) {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    const number = await kioskArrivalHere();
    const row = await board.find(number);
    await board.button(row, 'En examen').click();
    await board.expectSettled(row, 'inCare');
    await row.click();
    return { board, number, row };
  }

  test('mistakes are cheap: D then Undo leaves the row and the publisher untouched; D alone is sent after the countdown', async ({ page }) => {
    test.setTimeout(60_000 * PACE);
    const { board, number, row } = await inCareSelected(page);
    const history = () => appointmentOf(number).statusHistory.map((entry) => entry.status);
    const before = history();

    await page.keyboard.press('d');
    await expect(board.undo).toContainText(`${number}\u00a0: terminé dans`);
    await expect(row).toHaveAttribute('data-held', 'done');
    // At once: main's countdown runs on the real clock (8 s), which a whole-page axe pass may outlast on a busy machine.
    await board.undo.getByRole('button', { name: /Annuler/ }).click();
    await expect(board.undo).toHaveCount(0);
    await expect(row).not.toHaveAttribute('data-held');
    await expect(board.message).toHaveText(`${number}\u00a0: «\u00a0Terminé\u00a0» annulé, rien n’a été envoyé.`);
    await expectAccessible(page);
    // Nothing is held any more, anywhere: nothing will leave for the medical system.
    await expect.poll(heldOnDisk).toEqual([]);
    await board.expectSettled(row, 'inCare');
    expect(appointmentOf(number).status).toBe('inCare');
    expect(history()).toEqual(before);

    // C is no move of a patient in care (its row offers no Clôturer): the key says why and holds nothing.
    await page.keyboard.press('c');
    await expect(board.message).toContainText(`«\u00a0Clôturer\u00a0» n’est pas possible pour ${number} (en examen)`);
    await expect(board.undo).toHaveCount(0);
    // Ctrl+Z takes a held move back too.
    await page.keyboard.press('d');
    await expect(board.undo).toHaveAttribute('data-status', 'done');
    await page.keyboard.press('Control+z');
    await expect(board.undo).toHaveCount(0);
    // The snackbar goes at the key; main takes the move back from disk a moment later (CI, under load: not yet).
    await expect.poll(heldOnDisk).toEqual([]);
    await board.expectSettled(row, 'inCare');

    await page.keyboard.press('d');
    await expect(board.undo).toBeVisible();
    // Its bar moves in steps: a transition on it redrew the page sixty times a second for the whole countdown.
    await expect(board.undo.locator('.v-progress-linear__determinate')).toHaveCSS('transition-duration', '0s');
    // The countdown on screen, for as long as it lasts (it may end during the pass: nothing then waits for it).
    await expectAccessible(page);
    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(board.message).toHaveText(`${number}\u00a0: terminé`);
    expect(appointmentOf(number).status).toBe('done');
    expect(history().filter((status) => status === 'done')).toHaveLength(1);
  });

  test('a held done survives its window: the page crashes mid-countdown (no unload), the change reaches the medical system after it', async ({ page }) => {
    test.setTimeout(60_000 * PACE);
    const { board, number } = await inCareSelected(page);
    await page.keyboard.press('d');
    await expect(board.undo).toHaveAttribute('data-ticket', number);
    // The renderer dies as in a crash: no pagehide, no beforeunload, nothing leaves the page any more.
    const cdp = await page.context().newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    // The crashed page never answers the command itself.
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    expect(appointmentOf(number).status).toBe('inCare');
    // Main sends it when the countdown ends, with no window to ask.
    await expect.poll(() => appointmentOf(number).status, { timeout: 20_000 }).toBe('done');
    await expect.poll(() => ticketByNumber(number).status, { timeout: 10_000 }).toBe('done');
    expect(appointmentOf(number).statusHistory.filter((entry) => entry.status === 'done')).toHaveLength(1);

    // Another window of the desk opened during a countdown shows it, and its Undo takes the move back.
    const second = await page.context().newPage();
    const { board: other, number: next } = await inCareSelected(second);
    await second.keyboard.press('d');
    await expect(other.undo).toHaveAttribute('data-ticket', next);
    const third = await page.context().newPage();
    const another = new BoardPage(third);
    await another.open(desk.host.openUrl);
    await expect(another.undo).toHaveAttribute('data-ticket', next);
    await another.undo.getByRole('button', { name: /Annuler/ }).click();
    await expect(other.undo).toHaveCount(0);
    expect(heldOnDisk()).toEqual([]);
    expect(appointmentOf(next).status).toBe('inCare');
    await second.close();
    await third.close();
  });

  test('locked by hand: no patient name behind the lock, and another person takes the desk with its workplace kept', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(desk.host.openUrl);
    const number = await kioskArrivalHere();
    await expect(await board.find(number)).toHaveAttribute('data-group', 'waiting');
    const name = ticketByNumber(number).patientDisplayName!;
    await expect(page.getByText(name).first()).toBeVisible();
    await board.lockNow();
    await expect(board.lock).toHaveAttribute('data-reason', 'manual');
    await expect(board.lock).toContainText('Vous avez verrouillé ce poste.');
    await expect(page.getByTestId('board-row')).toHaveCount(0);
    await expect(page.getByText(name)).toHaveCount(0);
    await expectAccessible(page);

    await board.lock.getByRole('button', { name: 'Une autre personne' }).click();
    await page.waitForURL(/#\/sign-in/);
    await expect(page.getByTestId('sign-in-desk')).toHaveText('Poste conservé\u00a0: Accueil 1');
    const signIn = new SignInPage(page);
    await signIn.signIn('accueil', 'formation');
    await page.waitForURL(/#\/board$/);
    await expect(board.lock).toHaveCount(0);
    await expect(page.getByTestId('board-workplace')).toContainText('Accueil 1');
    await expect(await board.find(number)).toHaveAttribute('data-group', 'waiting');
  });
});
