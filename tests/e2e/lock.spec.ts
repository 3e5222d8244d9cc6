import { expect, test } from './fixtures';
import { PACE } from './pace';
import { ipc } from './pages/admin-page';
import { BoardPage } from './pages/board-page';
import { SignInPage } from './pages/sign-in-page';

interface Snapshot {
  rows: { formattedNumber: string; patientDisplayName: string | null; status: string }[];
}

/** The shared desk's lock: what a passer-by can read, and how a colleague takes over. */
test.describe('desk lock', () => {
  test.afterEach(async ({ previewHost }) => {
    await ipc(previewHost, 'staff/signOut', undefined);
  });

  test('locked after idle minutes: says so, hides every patient name, and another person takes the desk with its workplace kept', async ({ page, previewHost }) => {
    test.setTimeout(60_000 * PACE);
    // The renderer's clock is the test's: ten idle minutes are run past, not waited for.
    await page.clock.install();
    const board = new BoardPage(page);
    await board.open(previewHost.openUrl);
    const snapshot = (await ipc(previewHost, 'board/snapshot', undefined)) as Snapshot;
    const named = snapshot.rows.find((row) => row.patientDisplayName && row.status === 'checkedIn')!;
    const row = await board.find(named.formattedNumber);
    await expect(row).toContainText(named.patientDisplayName!);
    await board.search.fill('');

    await page.clock.runFor(10 * 60_000 + 1_000);
    await expect(board.lock).toHaveAttribute('data-reason', 'idle');
    await expect(board.lock).toContainText('Poste verrouillé après 10 min sans activité.');
    await expect(board.lock).not.toContainText('Vous avez verrouillé');
    await expect(page.getByTestId('board-row')).toHaveCount(0);
    await expect(page.getByText(named.patientDisplayName!)).toHaveCount(0);
    await expect(board.myPatient).toHaveCount(0);
    // A convocation scanned behind the lock opens nothing: the check-in would show the patient.
    await page.clock.runFor(1_000);
    await page.keyboard.type('CV-SCAN-0001', { delay: 0 });
    await page.keyboard.press('Enter');
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(/#\/board$/);
    await expect(board.lock).toBeVisible();
    await expect(page.getByText('Hugo Perrin')).toHaveCount(0);

    // "Another person": the current staff member is signed out, the sign-in keeps the desk.
    await board.lock.getByRole('button', { name: 'Une autre personne' }).click();
    await page.waitForURL(/#\/sign-in/);
    await expect(page.getByTestId('sign-in-desk')).toHaveText('Poste conservé : Accueil 1');
    expect(await ipc(previewHost, 'staff/session', undefined)).toBeNull();
    await expect(page.getByText(named.patientDisplayName!)).toHaveCount(0);
    await new SignInPage(page).signIn('accueil', 'formation');
    await page.waitForURL(/#\/board$/);
    await expect(board.lock).toHaveCount(0);
    await expect(page.getByTestId('board-workplace')).toContainText('Accueil 1');
  });

  test('locked by hand: says it was you, not that it locked itself', async ({ page, previewHost }) => {
    const board = new BoardPage(page);
    await board.open(previewHost.openUrl);
    await board.lockNow();
    await expect(board.lock).toHaveAttribute('data-reason', 'manual');
    await expect(board.lock).toContainText('Vous avez verrouillé ce poste.');
    await expect(board.lock).not.toContainText('sans activité');
    await expect(page.getByTestId('board-row')).toHaveCount(0);
    // The password of the staff member who locked it opens it again.
    await board.lock.getByLabel('Mot de passe').fill('formation');
    await board.lock.getByRole('button', { name: 'Déverrouiller' }).click();
    await expect(board.lock).toHaveCount(0);
    await expect(page.getByTestId('board-row').first()).toBeVisible();
  });
});
