import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { localDay } from '../../src-shared/day';
import type { DeskTicket } from '../../src-shared/platform/tickets';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { BoardPage } from './pages/board-page';

/**
 * The board by keyboard only, as a receptionist drives it: each key acts on the patient meant
 * (the one this desk just called, unless another row is chosen) and moves nobody else; `/` and
 * a name typed at a person's pace, or fast, keeps every letter and fires no shortcut.
 * A sandbox and a desk of its own: the test reads the platform back to see who moved.
 */
let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

const today = () => localDay(new Date());
const here = (): DeskTicket[] =>
  sandbox.world.platform.tickets.filter((ticket) => ticket.day === today() && ticket.officePlaceId === sandbox.profile.officePlaceId);
const waitingHere = () => here().filter((ticket) => ticket.status === 'checkedIn' && !ticket.lastCall);
/** What a receptionist would see change on a ticket: its status, its calls, who called. */
const stateOf = (ticket: DeskTicket) => `${ticket.status}|${ticket.lastCall?.deskLabel ?? ''}|${ticket.history?.filter((entry) => entry.event === 'called').length ?? 0}`;
const snapshot = () => new Map(here().map((ticket) => [ticket.ticketId, stateOf(ticket)]));
const byNumber = (formattedNumber: string) => here().find((ticket) => ticket.formattedNumber === formattedNumber)!;

/** The tickets whose state differs from `before`, by number. */
function moved(before: Map<string, string>): string[] {
  return here()
    .filter((ticket) => before.get(ticket.ticketId) !== stateOf(ticket))
    .map((ticket) => ticket.formattedNumber)
    .sort();
}

test.beforeAll(async ({ sandboxArgs }) => {
  test.setTimeout(90_000);
  sandbox = await startSandbox({ publisherFlags: sandboxArgs });
  // Several patients waiting at the desk's office place: a key acting on the wrong one would show.
  for (let i = 0; i < 60 && waitingHere().length < 5; i += 1) await sandbox.kiosk.arrive();
  desk = await launchAttachedDesk(sandbox);
});
test.afterAll(async () => {
  desk.child.kill('SIGTERM');
  await sandbox.close();
});

async function openBoard(page: Page): Promise<BoardPage> {
  const board = new BoardPage(page);
  await board.open(desk.host.openUrl);
  await expect(page.getByTestId('board-row').first()).toBeVisible();
  return board;
}

test('N I N R D, keyboard only: each key acts on the patient just called, and nobody else moves', async ({ page }) => {
  expect(waitingHere().length).toBeGreaterThanOrEqual(3);
  const board = await openBoard(page);
  const before = snapshot();
  const target = page.getByTestId('my-patient');

  await page.keyboard.press('n');
  await expect(board.message).toContainText('appelé — Accueil 1');
  const first = (await board.message.innerText()).split('\u00a0:')[0]!.trim();
  await expect.poll(() => byNumber(first).lastCall?.deskLabel).toBe('Accueil 1');
  // The selection follows the patient called: the panel and the list say so.
  await expect(target).toHaveAttribute('data-target-ticket', first);
  await expect(board.row(first)).toHaveAttribute('data-selected', 'true');

  await page.keyboard.press('i');
  await expect.poll(() => byNumber(first).status).toBe('inCare');
  await expect(board.message).toHaveText(`${first}\u00a0: en examen`);
  expect(moved(before)).toEqual([first]);

  await page.keyboard.press('n');
  await expect(board.message).not.toContainText(first);
  await expect(board.message).toContainText('appelé — Accueil 1');
  const second = (await board.message.innerText()).split('\u00a0:')[0]!.trim();
  expect(second).not.toBe(first);
  await expect(target).toHaveAttribute('data-target-ticket', second);
  await expect.poll(() => moved(before)).toEqual([first, second].sort());

  await page.keyboard.press('r');
  await expect(board.message).toHaveText(`${second}\u00a0: rappelé — Accueil 1`);
  await expect.poll(() => stateOf(byNumber(second))).toBe('checkedIn|Accueil 1|2');

  // Done is not a move of a called patient: the key says why, and moves nobody (not the one in care either).
  await page.keyboard.press('d');
  await expect(board.message).toContainText(`«\u00a0Terminé\u00a0» n’est pas possible pour ${second} (appelé)`);
  await expect(board.undo).toHaveCount(0);
  expect(byNumber(first).status).toBe('inCare');
  expect(byNumber(second).status).toBe('checkedIn');
  expect(moved(before)).toEqual([first, second].sort());
  // Nobody waiting was called or moved along the way.
  for (const ticket of here().filter((candidate) => ![first, second].includes(candidate.formattedNumber))) expect(stateOf(ticket)).toBe(before.get(ticket.ticketId));

  // The header counts what the list shows: its waiting heading, and the platform's waiting patients.
  const header = page.getByTestId('board-waitingNow').getByTestId('value');
  const heading = page.locator('.board-group[data-group="waiting"]');
  await expect(header).toHaveText(String(waitingHere().length));
  await expect(heading).toHaveAttribute('data-count', String(waitingHere().length));
  // Narrowed by a search, both say the same smaller number.
  const someone = waitingHere()[0]!.formattedNumber;
  await board.search.fill(someone);
  await expect(header).toHaveText('1');
  await expect(heading).toHaveAttribute('data-count', '1');
});

for (const delay of [120, 30]) {
  test(`"/" and a name typed at ${delay} ms a key keeps every letter and fires no shortcut`, async ({ page }) => {
    const board = await openBoard(page);
    const before = snapshot();
    // Letters that are all board keys (D done, C close, A check-in, N call next, R, I, T, X…).
    for (const name of ['dupont', 'barth', 'cardinaux']) {
      await page.keyboard.press('Escape');
      await expect(board.search).not.toBeFocused();
      await page.keyboard.type(`/${name}`, { delay });
      await expect(board.search).toHaveValue(name);
    }
    await expect(page).toHaveURL(/#\/board$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(board.undo).toHaveCount(0);
    expect(moved(before)).toEqual([]);
  });
}

test('« Filtres et tri » by keyboard: Enter, like Space, picks the sort the focus is on, and the list follows', async ({ page }) => {
  await openBoard(page);
  await page.getByTestId('board-filters').focus();
  await page.keyboard.press('Enter');
  const filters = page.getByTestId('board-filters-menu');
  const byTicket = filters.getByRole('button', { name: 'Numéro de ticket' });
  const byWait = filters.getByRole('button', { name: "Temps d'attente" });
  await expect(byWait).toHaveAttribute('aria-pressed', 'true');
  await byTicket.focus();
  await page.keyboard.press('Enter');
  await expect(byTicket).toHaveAttribute('aria-pressed', 'true');
  await expect(byWait).toHaveAttribute('aria-pressed', 'false');
  await expect(filters).toBeVisible();
  // The waiting patients now read in ticket order.
  const waiting = page.locator('[data-testid="board-row"][data-group="waiting"]');
  const inTicketOrder = async () => {
    const shown = await waiting.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-ticket') ?? ''));
    return shown.length > 1 && shown.join() === shown.toSorted((a, b) => a.localeCompare(b, undefined, { numeric: true })).join();
  };
  await expect.poll(inTicketOrder).toBe(true);
  await byWait.focus();
  await page.keyboard.press('Enter');
  await expect(byWait).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();
});
