import { expect, test } from './fixtures';
import { ipc } from './pages/admin-page';

interface Snapshot {
  rows: { ticketId: string; formattedNumber: string; group: string; status: string; room: string | null }[];
}

test('a call made at the desk shows on the public display, with a chime, without any staff sign-in on the display', async ({ page, previewHost }) => {
  // The waiting-room screen: the preview address on the display route; nobody signs in there.
  await page.goto(`${previewHost.openUrl}#/display`);
  const display = page.getByTestId('public-display');
  await expect(display).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(display).toHaveAttribute('data-chimes', '0');

  // A receptionist (another screen of the same desk) calls a waiting ticket from the board.
  await ipc(previewHost, 'staff/signIn', { login: 'accueil', password: 'formation' });
  // A patient whose appointment has a room (read once the row is verified): the display shows it beside the desk.
  const waitingRow = async () => ((await ipc(previewHost, 'board/snapshot', undefined)) as Snapshot).rows.find((row) => row.status === 'checkedIn' && row.room);
  await expect.poll(waitingRow).toBeDefined();
  const waiting = (await waitingRow())!;
  await ipc(previewHost, 'board/call', { ticketId: waiting.ticketId, recall: false });

  await expect(page.getByTestId('display-latest-number')).toHaveText(waiting.formattedNumber);
  await expect(page.getByTestId('display-latest-desk')).toContainText('Accueil 1');
  await expect(page.getByTestId('display-latest-room')).toHaveText(`Salle ${waiting.room}`);
  // The clinic's name and a clock head the screen, in its language.
  await expect(page.getByTestId('display-clinic')).not.toBeEmpty();
  await expect(page.getByTestId('display-clock')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(display).toHaveAttribute('data-chimes', '1');
  // A waiting-room screen never shows a patient's name.
  await expect(display).not.toContainText(/[a-zé]+ [A-Z][a-zé]+/);
  await ipc(previewHost, 'staff/signOut', undefined);
});
