import { DESK_TRAINING_PATIENTS } from '../../src-main/sandbox/world/desk-patients';
import { expect, test } from './fixtures';
import { ipc } from './pages/admin-page';
import { BoardPage } from './pages/board-page';
import { CheckinPage } from './pages/checkin-page';
import { PrintersPage } from './pages/printers-page';
import { SignInPage } from './pages/sign-in-page';

const lea = DESK_TRAINING_PATIENTS.journey;

interface Found {
  patients: { appointments: { id: string; status: string }[] }[];
}

/**
 * The reception flows on a platform without this project's desk extensions (the
 * `no-desk-extensions` project: `--no-desk-extensions`, 404 on listForDay, events,
 * callTicket and lastCalls): the board degrades to the desk's own tickets.
 */
test('without the desk extensions: sign in, desk check-in, the ticket on the board, call, status forward, reprint', async ({ page, context, previewHost }) => {
  const signIn = new SignInPage(page);
  await signIn.open(previewHost.openUrl);
  await signIn.signIn('accueil', 'formation');
  await page.waitForURL(/#\/board$/);
  const banner = page.getByTestId('board-extensions');
  await expect(banner).toContainText('La plateforme ne propose pas toutes les extensions');
  await expect(banner.locator('[data-missing="dayList"]')).toContainText('les tickets émis ou réimprimés à ce poste');
  await expect(banner).toContainText('listForDay, events et callTicket');

  await page.getByTestId('nav-checkin').click();
  const checkin = new CheckinPage(page);
  await checkin.searchByName('garnier-vidal', lea.birthDate);
  await expect(checkin.confirm).toHaveText(/Enregistrer l'arrivée \(2 rendez-vous\)/);
  await checkin.confirm.click();
  // The platform still numbers the ticket: issueForAppointment is the contract's, not an extension.
  await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
  const ticket = (await checkin.ticketNumber.textContent())!.trim();
  await checkin.closePrintPreview();

  await page.getByTestId('nav-board').click();
  const board = new BoardPage(page);
  const row = board.row(ticket);
  await expect(row).toHaveAttribute('data-status', 'checkedIn');
  await expect(row).toContainText('Léa Garnier-Vidal');

  // The call is recorded at the desk and shows on its own display window.
  const display = await context.newPage();
  await display.goto(`${previewHost.openUrl}#/display`);
  await expect(display.getByTestId('public-display')).toBeVisible();
  await board.button(row, 'Appeler').click();
  await expect(board.message).toContainText(`${ticket}\u00a0: appelé`);
  await expect(row).toHaveAttribute('data-group', 'called');
  await expect(display.getByTestId('display-latest-number')).toHaveText(ticket);
  await expect(display.getByTestId('display-latest-desk')).toContainText('Accueil 1');
  await display.close();

  // Forward on the medical system, as usual; read back from it.
  await board.button(row, 'En examen').click();
  await expect(row).toHaveAttribute('data-status', 'inCare');
  const found = (await ipc(previewHost, 'checkin/search', { socialSecurityId: lea.socialSecurityId })) as Found;
  expect(found.patients[0]!.appointments.map((appointment) => appointment.status)).toContain('inCare');

  // Reprint checks the number against the desk's own ticket, the day list being absent.
  await board.button(row, 'Réimprimer').click();
  const printers = new PrintersPage(page);
  await expect(printers.previewDialog).toContainText(`Ticket ${ticket} (aperçu)`);
  await ipc(previewHost, 'staff/signOut', undefined);
});
