import { mkdirSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { localDay } from '../../src-shared/day';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { PACE } from './pace';
import { expectAccessible } from './pages/accessibility';
import { ipc } from './pages/admin-page';
import { BoardPage } from './pages/board-page';
import { CheckinPage } from './pages/checkin-page';

/**
 * What the desk looks like, compared with committed baselines (tests/e2e/__screenshots__) and,
 * when they are updated, copied to docs/screenshots for the README. A preview host of its own, so what earlier specs did
 * on a shared desk never shows. Live times, clocks and figures are masked; the layout facts a
 * receptionist notices (one toolbar row, twelve rows on a laptop screen) are measured too.
 */
const SIZES = { laptop: { width: 1366, height: 768 }, wide: { width: 1920, height: 1080 } } as const;
/** A small laptop or a window beside another: not photographed, measured. */
const NARROW = { width: 1024, height: 768 } as const;
const LANGUAGES = { fr: 'fr-FR', en: 'en-GB' } as const;
type Language = keyof typeof LANGUAGES;

/**
 * The training day as it stands at 10:30 today, whatever the hour the suite runs: the seeded
 * history (who is called, waiting, done) and the kiosk's arrivals are the same on every run.
 * The sandbox's clock runs on from there; each page's clock starts a little later, after every
 * arrival of the set-up (which has 90 s at most, twice that beside the CPU hog), so waits and
 * their colours are the same too.
 * It runs rather than stands still: Vue drops an event whose time is not after its listener's.
 */
const STARTED = Date.now();
const DAY_AT = new Date(new Date().setHours(10, 30, 0, 0)).getTime();
const dayClock = () => new Date(DAY_AT + (Date.now() - STARTED));
const PAGES_AT = DAY_AT + 4 * 60_000;

let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

/** Today's tickets still on the desk's board (checked in, in care or done) at its office place. */
function onBoard(): number {
  const today = localDay(dayClock());
  return sandbox.world.platform.tickets.filter(
    (ticket) => ticket.day === today && ticket.officePlaceId === sandbox.profile.officePlaceId && ['checkedIn', 'inCare', 'done'].includes(ticket.status),
  ).length;
}

test.beforeAll(async () => {
  test.setTimeout(90_000 * PACE);
  sandbox = await startSandbox({ clock: dayClock });
  // The kiosk takes the day's patients in appointment order: the same arrivals, names and numbers on every run.
  for (let i = 0; i < 40 && onBoard() < 14; i += 1) await sandbox.kiosk.arrive();
  desk = await launchAttachedDesk(sandbox);
  mkdirSync('docs/screenshots', { recursive: true });
});
test.afterAll(async () => {
  desk.child.kill('SIGTERM');
  await sandbox.close();
});

async function openPage(browser: Browser, language: Language, size: keyof typeof SIZES): Promise<Page> {
  const context = await browser.newContext({ locale: LANGUAGES[language], viewport: SIZES[size], reducedMotion: 'reduce' });
  await context.clock.install({ time: PAGES_AT });
  return context.newPage();
}

/** The board, signed in, live, sorted by ticket number: arrivals a second apart sort by that second otherwise. */
async function openBoard(page: Page, language: Language): Promise<BoardPage> {
  const board = new BoardPage(page);
  await ipc(desk.host, 'staff/signIn', { login: 'accueil', password: 'formation' });
  await page.goto(desk.host.openUrl);
  await page.waitForURL(/#\/board$/);
  await expect(board.live).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('board-row').first()).toBeVisible();
  // The estimated wait arrives on its own: in every picture, never in some only.
  await expect(page.getByTestId('board-waitEstimate')).toBeVisible();
  await page.getByTestId('board-filters').click();
  await page.getByTestId('board-filters-menu').getByRole('button', { name: language === 'fr' ? 'Numéro de ticket' : 'Ticket number' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('board-filters-menu')).toBeHidden();
  return board;
}

/**
 * Compared with the baseline; written where the README shows it only when the baselines are
 * updated (`--update-snapshots`), so a test run leaves the working tree as it found it.
 */
async function shoot(page: Page, name: string, mask: Locator[]): Promise<void> {
  // A soft grey over what moves, so the pictures read in the README too.
  const options = { mask, maskColor: '#d8dde3', animations: 'disabled' as const, caret: 'hide' as const, maxDiffPixelRatio: 0.01 };
  await expect(page).toHaveScreenshot(`${name}.png`, options);
  if (['all', 'changed'].includes(test.info().config.updateSnapshots)) await page.screenshot({ ...options, path: `docs/screenshots/${name}.png` });
}

/** Whatever moves with the clock or the live feed. */
function liveParts(page: Page): Locator[] {
  return [page.getByTestId('row-wait'), page.locator('.board-row__time'), page.getByTestId('my-patient-time'), page.getByTestId('board-live-figures'), page.getByTestId('board-message')];
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    test(`board, ${language}, ${SIZES[size].width}×${SIZES[size].height}: one toolbar row, rows to spare`, async ({ browser }) => {
      const page = await openPage(browser, language, size);
      const board = await openBoard(page, language);

      const toolbar = await page.getByTestId('board-toolbar').boundingBox();
      const callNext = await board.callNext.boundingBox();
      const search = await page.getByTestId('board-search').boundingBox();
      // One row: no control sits below another, so the bar is no taller than its tallest control.
      expect(toolbar!.height).toBeLessThanOrEqual(Math.max(callNext!.height, search!.height) + 2);
      expect(toolbar!.width).toBeLessThanOrEqual(SIZES[size].width);
      const list = (await board.list.boundingBox())!;
      const visible = await page.getByTestId('board-row').evaluateAll(
        (rows, bottom) => rows.filter((row) => { const box = row.getBoundingClientRect(); return box.height > 0 && box.bottom <= bottom + 1; }).length,
        list.y + list.height,
      );
      expect(visible).toBeGreaterThanOrEqual(12);
      await shoot(page, `board-${language}-${SIZES[size].width}x${SIZES[size].height}`, liveParts(page));
      await page.context().close();
    });
  }
}

test('at 1366×768 in French each toolbar button says what it is, and « Filtres et tri » holds the sort and the whole office', async ({ browser }) => {
  const page = await openPage(browser, 'fr', 'laptop');
  await openBoard(page, 'fr');
  const toolbar = page.getByTestId('board-toolbar');
  // The word beside each icon, and the full name a tooltip and a screen reader give.
  const labels: [text: string, name: string][] = [
    ['Filtres et tri', 'Filtres et tri'],
    ['Postes', 'Postes'],
    ['Absents', 'Absents (0)'],
    ['Verrouiller', 'Verrouiller le poste'],
    ['Plus', 'Plus d’actions'],
  ];
  for (const [text, name] of labels) {
    const button = toolbar.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toContainText(text);
    await expect(button).toHaveAttribute('title', name);
  }
  // One funnel: the desk's queue went to ⋮, the sort and the whole office into « Filtres et tri ».
  await expect(toolbar.locator('.mdi-filter-variant')).toHaveCount(1);
  await expect(toolbar.getByRole('button', { name: 'Temps d\'attente' })).toHaveCount(0);

  await page.getByTestId('board-filters').focus();
  await page.keyboard.press('Enter');
  const filters = page.getByTestId('board-filters-menu');
  await expect(filters.getByRole('group', { name: 'Trier par' })).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Numéro de ticket' })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters.getByRole('button', { name: 'Temps d\'attente' })).toHaveAttribute('aria-pressed', 'false');
  // This desk serves the whole office: the switch says so rather than doing nothing.
  const wholeOffice = filters.getByLabel('Tout le site');
  await expect(wholeOffice).toBeChecked();
  await expect(wholeOffice).toBeDisabled();
  await expect(filters.getByTestId('queue-whole-office')).toContainText('La file de ce poste couvre déjà tout le site');
  await expectAccessible(page);
  // The sort changed from the keyboard: Space on the focused choice.
  await filters.getByRole('button', { name: 'Temps d\'attente' }).focus();
  await page.keyboard.press('Space');
  await expect(filters.getByRole('button', { name: 'Temps d\'attente' })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters.getByRole('button', { name: 'Numéro de ticket' })).toHaveAttribute('aria-pressed', 'false');
  await filters.getByRole('button', { name: 'Numéro de ticket' }).click();
  await page.keyboard.press('Escape');
  await expect(filters).toBeHidden();
  await page.context().close();
});

test('at 1024×768 « Appeler le suivant » and every patient\'s name stay in view; the toolbar shows icons with their names', async ({ browser }) => {
  const context = await browser.newContext({ locale: LANGUAGES.fr, viewport: NARROW, reducedMotion: 'reduce' });
  await context.clock.install({ time: PAGES_AT });
  const page = await context.newPage();
  const board = await openBoard(page, 'fr');

  await expect(board.callNext).toBeVisible();
  const callNext = (await board.callNext.boundingBox())!;
  expect(callNext.x).toBeGreaterThanOrEqual(0);
  expect(callNext.x + callNext.width).toBeLessThanOrEqual(NARROW.width);
  expect(callNext.y + callNext.height).toBeLessThanOrEqual(NARROW.height);
  await expect(board.callNext).toHaveText(/Appeler le suivant/i);
  // Icons only, each with its name for a tooltip and a screen reader.
  const toolbar = page.getByTestId('board-toolbar');
  for (const name of ['Filtres et tri', 'Postes', 'Verrouiller le poste', 'Plus d’actions']) {
    const button = toolbar.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('title', name);
    await expect(button).not.toContainText(name.split(' ')[0]!);
  }
  expect((await toolbar.boundingBox())!.width).toBeLessThanOrEqual(NARROW.width);

  // Each row's name whole: not empty, not cut, inside the window.
  const rows = page.getByTestId('board-row');
  await expect(rows.first()).toBeVisible();
  const names = await rows.evaluateAll((all, width) =>
    all.map((row) => {
      const name = row.querySelector('.board-row__name')!;
      const box = name.getBoundingClientRect();
      const shown = name.parentElement!.getBoundingClientRect();
      return { ticket: row.getAttribute('data-ticket'), text: name.textContent?.trim() ?? '', whole: box.width > 0 && box.right <= shown.right + 1 && box.right <= width };
    }),
  NARROW.width);
  expect(names.length).toBeGreaterThanOrEqual(8);
  for (const name of names) {
    expect(name.text, name.ticket ?? '').not.toBe('');
    expect(name.text, name.ticket ?? '').not.toBe('—');
    expect(name.whole, `${name.ticket} ${name.text}`).toBe(true);
  }
  await expectAccessible(page);
  // The filters' fields come along in the menu; the desk's queue is in ⋮.
  await page.getByTestId('board-filters').click();
  await expect(page.getByTestId('board-filter-exam')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('board-more').click();
  await expect(page.getByTestId('queue-open')).toContainText('File du poste');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await context.close();
});

test('the toolbar menus (filters, more actions) open by keyboard and pass axe', async ({ browser }) => {
  const page = await openPage(browser, 'fr', 'laptop');
  await openBoard(page, 'fr');
  await page.getByTestId('board-filters').click();
  await expect(page.getByTestId('board-filters-menu')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('board-filters-menu')).toBeHidden();
  // No row under the open menu: a row's masked time would be drawn over it.
  await page.getByTestId('board-search').locator('input').fill('zzz');
  await expect(page.getByTestId('board-row')).toHaveCount(0);
  await page.getByTestId('board-more').focus();
  await page.keyboard.press('Enter');
  const more = page.getByTestId('board-more-menu');
  await expect(more.getByText('Réglages du tableau')).toBeVisible();
  await expect(more.getByText('Changer de poste')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'board-menu-fr-1366x768', [page.getByTestId('board-live-figures'), page.getByTestId('my-patient-time')]);
  await page.context().close();
});

test('check-in, French, 1366×768', async ({ browser }) => {
  const page = await openPage(browser, 'fr', 'laptop');
  await new CheckinPage(page).open(desk.host);
  await expectAccessible(page);
  await shoot(page, 'checkin-fr-1366x768', []);
  await page.context().close();
});

test('public display, French, 1920×1080', async ({ browser }) => {
  const page = await openPage(browser, 'fr', 'wide');
  await page.goto(`${desk.host.openUrl}#/display`);
  await expect(page.getByTestId('public-display')).toBeVisible();
  await expect(page.getByTestId('display-offline')).toHaveCount(0);
  await expectAccessible(page);
  // The estimated wait comes and goes with the recent calls (its own test is in statistics.spec.ts): left out of the picture.
  await page.addStyleTag({ content: '[data-testid="display-wait-estimate"] { display: none !important; }' });
  await shoot(page, 'display-fr-1920x1080', [page.getByTestId('display-clock')]);
  await page.context().close();
});

test('axe on the screens no other spec looks at: sign-in, settings, and the board\'s dialogs', async ({ browser }) => {
  // Seven axe passes: about 20 s on a quiet machine, too close to the default limit.
  test.setTimeout(60_000 * PACE);
  const page = await openPage(browser, 'fr', 'laptop');
  await ipc(desk.host, 'staff/signOut', undefined);
  await page.goto(`${desk.host.openUrl}#/sign-in`);
  await expect(page.getByRole('button', { name: /Se connecter/ })).toBeVisible();
  await expectAccessible(page);

  await openBoard(page, 'fr');
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-help')).toContainText('Ctrl+Z');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcut-help')).toBeHidden();
  for (const entry of ['Réglages du tableau', 'Changer de poste']) {
    await page.getByTestId('board-more').click();
    await page.getByTestId('board-more-menu').getByText(entry).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  await page.getByTestId('nav-settings').click();
  await page.waitForURL(/#\/settings/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

// Last: the lock is the desk's (main keeps it), so the test unlocks again before it ends.
test('lock screen, French, 1366×768: no patient name shows', async ({ browser }) => {
  const page = await openPage(browser, 'fr', 'laptop');
  const board = await openBoard(page, 'fr');
  await board.lockNow();
  await expect(page.getByTestId('board-row')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'lock-fr-1366x768', liveParts(page));
  await board.lock.getByLabel('Mot de passe').fill('formation');
  await board.lock.getByRole('button', { name: 'Déverrouiller' }).click();
  await expect(board.lock).toHaveCount(0);
  await page.context().close();
});
