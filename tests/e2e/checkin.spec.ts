import AxeBuilder from '@axe-core/playwright';
import { DESK_TRAINING_PATIENTS } from '../../src-main/sandbox/world/desk-patients';
import { expect, test, type PreviewHost } from './fixtures';
import { expectAccessible } from './pages/accessibility';
import { ipc } from './pages/admin-page';
import { CheckinPage } from './pages/checkin-page';

const lea = DESK_TRAINING_PATIENTS.journey;
const hugo = DESK_TRAINING_PATIENTS.scanned;

interface Snapshot {
  rows: { formattedNumber: string; contractAppointmentId: string | null; status: string; lastCall: { at: string } | null }[];
}

/** The call board as main holds it (rows of the desk's office place). */
const boardOf = async (host: PreviewHost) => (await ipc(host, 'board/snapshot', undefined)) as Snapshot;

test.describe('desk check-in through the preview host and the training sandbox', () => {
  // The staff session lives in main, shared by the specs of this worker's preview host.
  test.afterEach(async ({ previewHost }) => {
    await ipc(previewHost, 'staff/signOut', undefined);
  });

  test('checks a patient in for two appointments with one ticket, then undoes the reception', async ({ page, previewHost }) => {
    const checkin = new CheckinPage(page);
    await checkin.open(previewHost);
    await checkin.searchByName('garnier-vidal', lea.birthDate);

    // One patient found: chosen at once, both appointments of the day proposed together.
    await expect(checkin.appointments.getByRole('heading', { name: 'Léa Garnier-Vidal' })).toBeVisible();
    const boxes = checkin.appointments.getByRole('checkbox');
    await expect(boxes).toHaveCount(2);
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(1)).toBeChecked();
    await expect(checkin.readiness).toContainText('Les équipes seront prévenues');
    await expect(checkin.confirm).toHaveText(/Enregistrer l'arrivée \(2 rendez-vous\)/);
    await checkin.confirm.click();

    await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
    const ticket = (await checkin.ticketNumber.textContent())!.trim();
    // Training prints to the preview: the screen says so and shows the ticket as it would come out.
    await expect(checkin.print).toHaveText('Ticket envoyé en aperçu (mode formation).');
    await checkin.closePrintPreview();

    // The platform's board has the desk ticket for the main appointment.
    await expect
      .poll(async () => (await boardOf(previewHost)).rows.find((row) => row.formattedNumber === ticket)?.status)
      .toBe('checkedIn');

    // Undo asks first; "Garder" keeps the ticket.
    await checkin.undo.click();
    await expect(checkin.undoDialog).toContainText(`Le ticket ${ticket} sera annulé`);
    await expectAccessible(page);
    await page.getByTestId('checkin-undo-keep').click();
    await expect(checkin.undoDialog).toBeHidden();
    await checkin.undo.click();
    await page.getByTestId('checkin-undo-confirm').click();
    // The desk says what is left to do: the medical system still records the arrival.
    await expect(checkin.undone).toContainText(`le ticket ${ticket} est annulé et a quitté le tableau d'appel`);
    await expect(checkin.undone).toContainText(
      "Le logiciel médical enregistre toujours l'arrivée : annulez l'arrivée dans le logiciel médical, puis enregistrez à nouveau l'arrivée du patient.",
    );
    await expect
      .poll(async () => JSON.stringify((await boardOf(previewHost)).rows.filter((row) => row.formattedNumber === ticket)))
      .toBe('[]');

    // Read back from the medical system: never "already checked in" with the cancelled ticket.
    await checkin.next.click();
    await checkin.searchByName('Garnier-Vidal', lea.birthDate);
    await expect(checkin.appointments.getByText('Ticket annulé, arrivée toujours enregistrée dans le logiciel médical')).toHaveCount(2);
    await expect(checkin.appointments.getByText('Déjà enregistré')).toHaveCount(0);
    await expect(checkin.appointments.getByText(`Ticket ${ticket}`)).toHaveCount(0);
    await expect(page.getByTestId('checkin-recorded')).toHaveCount(0);
    // Nothing can be checked in until the medical system reverts the arrival: no button to press in vain.
    await expect(checkin.confirm).toHaveCount(0);
    // Scanned again: the convocation is known, and told the same way (never "unknown code").
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await checkin.scan(lea.codes[0]);
    await expect(checkin.appointments.getByText('Ticket annulé, arrivée toujours enregistrée dans le logiciel médical')).toHaveCount(2);
    await expect(checkin.error).toBeHidden();

    // The trainer, on the medical system's side (marked apart), cancels the arrival there;
    // the desk reads the appointments again and offers the check-in, which takes a fresh number.
    const trainer = page.getByTestId('checkin-trainer');
    await expect(trainer).toContainText('Formation · côté logiciel médical');
    await trainer.getByTestId('checkin-trainer-revert').click();
    await expect(checkin.appointments.getByText('Ticket annulé, arrivée toujours enregistrée dans le logiciel médical')).toHaveCount(0);
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(1)).toBeChecked();
    await checkin.confirm.click();
    await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
    const fresh = (await checkin.ticketNumber.textContent())!.trim();
    expect(fresh).not.toBe(ticket);
    await checkin.closePrintPreview();
    await expect
      .poll(async () => (await boardOf(previewHost)).rows.find((row) => row.formattedNumber === fresh)?.status)
      .toBe('checkedIn');
    expect((await boardOf(previewHost)).rows.filter((row) => row.formattedNumber === ticket)).toEqual([]);

    // Undone again straight away: the desk waits for the medical system on the same screen,
    // sees the arrival reverted there (re-verification), and checks the patient in again.
    await checkin.undo.click();
    await page.getByTestId('checkin-undo-confirm').click();
    await expect(page.getByTestId('checkin-still-recorded')).toBeVisible();
    await expect(page.getByTestId('checkin-again')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId('checkin-trainer').getByTestId('checkin-trainer-revert').click();
    await expect(page.getByTestId('checkin-reverted')).toContainText("L'arrivée a été annulée dans le logiciel médical");
    await page.getByTestId('checkin-again').click();
    await expect(checkin.confirm).toBeEnabled();
    await checkin.confirm.click();
    await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
    const third = (await checkin.ticketNumber.textContent())!.trim();
    expect([ticket, fresh]).not.toContain(third);
    await checkin.closePrintPreview();
  });

  test('a convocation scanned anywhere opens the check-in with that patient, and a scan never fills a search field; scanned again it says when and offers the reprint and the board', async ({ page, previewHost }) => {
    const checkin = new CheckinPage(page);
    await checkin.open(previewHost);
    // From the board, with nothing focused.
    await page.getByTestId('nav-board').click();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    const board = async () =>
      (await boardOf(previewHost)).rows.map((row) => `${row.formattedNumber} ${row.status} ${row.lastCall?.at ?? '-'}`).join();
    const before = await board();
    // Full of the board's one-key shortcuts (C close, N call next, A check-in): none may run.
    await checkin.scan('CV-NOT-A-CODE');
    await expect(page).toHaveURL(/#\/check-in/);
    await expect(checkin.error).toHaveText("Ce code de convocation n'est pas reconnu par le logiciel médical. Recherchez le patient par son nom.");
    expect(await board()).toBe(before);

    // Inside the last-name field: the code goes to the check-in, not into the field.
    await checkin.lastName.click();
    await checkin.scan(hugo.codes[0]);
    await expect(checkin.appointments.getByRole('heading', { name: 'Hugo Perrin' })).toBeVisible();
    await expect(checkin.lastName).toHaveValue('');
    await expect(checkin.readiness).toContainText('Dossier incomplet');
    await checkin.confirm.click();
    await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
    const ticket = (await checkin.ticketNumber.textContent())!.trim();
    await checkin.closePrintPreview();

    // Scanned again, checked in already: when and which ticket in words, a reprint, the board; nothing to press in vain.
    await checkin.next.click();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await checkin.scan(hugo.codes[0]);
    const recorded = page.getByTestId(`checkin-recorded-${ticket}`);
    await expect(recorded.getByTestId('checkin-recorded-text')).toHaveText(new RegExp(`^Déjà enregistré à \\d{2}:\\d{2}, ticket ${ticket}$`));
    await expect(checkin.confirm).toHaveCount(0);
    await expect(checkin.appointments).not.toContainText('Choisissez au moins un rendez-vous');
    await expectAccessible(page);
    await recorded.getByRole('button', { name: 'Réimprimer le ticket' }).click();
    // Training prints to the preview: the same number comes out again.
    await expect(page.getByTestId('print-preview-image')).toHaveAttribute('alt', new RegExp(ticket));
    await checkin.closePrintPreview();
    await expect(recorded.getByTestId('checkin-recorded-printed')).toHaveText('Ticket envoyé en aperçu (mode formation).');
    await recorded.getByRole('button', { name: 'Voir au tableau' }).click();
    await expect(page).toHaveURL(/#\/board/);
    await expect(page.getByTestId('my-patient')).toHaveAttribute('data-target-ticket', ticket);
    await expect(page.locator('[data-testid="board-row"][data-selected]')).toContainText(ticket);
  });

  test('each check-in message names its own cause and goes with it; « Effacer la recherche » only empties the search', async ({ page, previewHost }) => {
    const checkin = new CheckinPage(page);
    await checkin.open(previewHost);
    const problem = page.getByTestId('checkin-search-needed');
    await checkin.searchByName('G'.repeat(200), lea.birthDate);
    await expect(problem).toHaveText('Nom trop long\u00a0: 128 caractères au plus (200 saisis).');
    await expectAccessible(page);
    const clear = page.getByTestId('checkin-clear');
    await expect(clear).toHaveText('Effacer la recherche');
    await clear.click();
    await expect(checkin.lastName).toHaveValue('');
    await expect(problem).toHaveCount(0);

    await checkin.socialSecurityId.fill('2 85 04 69');
    await checkin.socialSecurityId.press('Enter');
    await expect(problem).toHaveText('Numéro de sécurité sociale\u00a0: 13 chiffres puis la clé de 2 chiffres (15 en tout, espaces permis).');
    await checkin.socialSecurityId.fill('1 99 12 69 000 000 00');
    await expect(problem).toHaveCount(0);
    await checkin.socialSecurityId.press('Enter');
    await expect(page.getByTestId('checkin-no-patient')).toHaveText(/Aucun patient avec ce numéro de sécurité sociale/);

    // A stale reason never outlives its cause: a search asked with nothing, then a scan.
    await clear.click();
    await checkin.search.click();
    await expect(problem).toHaveText('Saisissez le nom et la date de naissance, ou le numéro de sécurité sociale.');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await checkin.scan(hugo.codes[0]);
    await expect(checkin.appointments.getByRole('heading', { name: 'Hugo Perrin' })).toBeVisible();
    await expect(problem).toHaveCount(0);
  });

  test('the check-in screen has no serious or critical accessibility violation', async ({ page, previewHost }) => {
    const checkin = new CheckinPage(page);
    await checkin.open(previewHost);
    await checkin.socialSecurityId.fill(hugo.socialSecurityId);
    await checkin.search.click();
    await expect(checkin.appointments).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ') + ' ' + node.failureSummary).join(', ')}`)).toEqual([]);
    // The public display's menu: in a browser, one entry that opens the display in a new tab.
    await page.getByTestId('display-menu').click();
    await expect(page.getByTestId('display-open-browser')).toBeVisible();
    await expectAccessible(page);
    const [display] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('display-open-browser').click()]);
    await expect(display.getByTestId('public-display')).toBeVisible();
    await display.close();
  });
});
