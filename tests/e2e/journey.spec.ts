import type { ChildProcess } from 'node:child_process';
import { DESK_TRAINING_PATIENTS } from '../../src-main/sandbox/world/desk-patients';
import { UNDO_MS } from '../../src-shared/board/held';
import { expect, launchPreviewHost, test, type PreviewHost } from './fixtures';
import { ipc } from './pages/admin-page';
import { BoardPage } from './pages/board-page';
import { CheckinPage } from './pages/checkin-page';
import { PACE } from './pace';

const lea = DESK_TRAINING_PATIENTS.journey;
/** A done is sent once its Undo countdown ends: then the step's own time, slower beside the CPU hog. */
const AFTER_UNDO = { timeout: UNDO_MS + 12_000 * PACE };

/** A desk of its own: Léa is checked in here once, whatever the other specs do with her. */
let host: PreviewHost;
let child: ChildProcess;
test.beforeAll(async ({ sandboxArgs }) => {
  ({ host, child } = await launchPreviewHost(['--kiosk-every', '0', ...sandboxArgs]));
});
test.afterAll(() => {
  child.kill('SIGTERM');
});

test('Léa checked in at the desk for her MRI and her scan: the ticket lists both exams with time and room, her board row shows both; each team moves its own exam, her MRI done she waits for the scanner', async ({ page }) => {
  const checkin = new CheckinPage(page);
  await checkin.open(host);
  await checkin.searchByName('Garnier-Vidal', lea.birthDate);
  await expect(checkin.appointments.getByRole('checkbox')).toHaveCount(2);
  await checkin.confirm.click();
  await expect(checkin.ticketNumber).toHaveText(/^I\d{3}$/);
  const ticket = (await checkin.ticketNumber.textContent())!.trim();

  // Training prints to the preview, drawn from the very layout the printer's bytes come from.
  const svg = decodeURIComponent((await page.getByTestId('print-preview-image').getAttribute('src'))!.split(',')[1]!);
  expect(svg).toContain('>Vos 2 examens</text>');
  expect(svg).toMatch(/>\d\d:\d\d IRM du genou<\/text>/);
  expect(svg).toContain('>Salle : IRM 1</text>');
  expect(svg).toMatch(/>\d\d:\d\d Scanner thoracique<\/text>/);
  expect(svg).toContain('>Salle : Scanner</text>');
  // Each exam has its time: no single « Rendez-vous » line repeats the first one's.
  expect(svg).not.toContain('Rendez-vous');
  await checkin.closePrintPreview();

  await page.getByTestId('nav-board').click();
  const row = page.locator(`[data-testid="board-row"][data-ticket="${ticket}"]`);
  await expect(row.getByTestId('row-details')).toContainText('IRM du genou + Scanner thoracique');
  await expect(row.getByTestId('row-details')).toHaveAttribute('title', /2 examens\u00a0: IRM du genou \(\d\d:\d\d, IRM 1\) \+ Scanner thoracique \(\d\d:\d\d, Scanner\)/);

  // The MRI team's desk serves her MRI: « Terminé » finishes the MRI alone, and she waits again for the scanner team.
  const board = new BoardPage(page);
  const queue = (examTypeId: string) => ipc(host, 'board/setQueue', { examTypeIds: [examTypeId], rooms: [], practitioners: [] });
  await queue('IRM');
  await board.find(ticket);
  await board.button(row, 'Appeler').click();
  await expect(row).toHaveAttribute('data-group', 'called');
  await board.button(row, 'En examen').click();
  await expect(row).toHaveAttribute('data-group', 'inCare');
  await board.button(row, 'Terminé').click();
  await expect(board.undo).toHaveAttribute('data-ticket', ticket);
  // Out of the MRI desk's queue: the board shows its queue first, and she is the scanner team's now.
  await expect(row).toHaveCount(0, AFTER_UNDO);

  // The desk now serves the scanner: Léa waits in its queue, her MRI marked done, and its « Terminé » ends her visit.
  await queue('SCAN');
  await expect(row).toHaveAttribute('data-group', 'waiting');
  await expect(row.getByTestId('row-details')).toContainText('✓ IRM du genou + Scanner thoracique');
  await expect(row.getByTestId('row-details')).toHaveAttribute('title', /IRM du genou \(\d\d:\d\d, IRM 1, terminé\) \+ Scanner thoracique \(\d\d:\d\d, Scanner\)/);
  await board.button(row, 'Appeler').click();
  await expect(row).toHaveAttribute('data-group', 'called');
  await board.button(row, 'En examen').click();
  await expect(row).toHaveAttribute('data-group', 'inCare');
  await board.button(row, 'Terminé').click();
  await expect(row).toHaveAttribute('data-group', 'done', AFTER_UNDO);
  await expect(row.getByTestId('row-details')).not.toContainText('✓');
  await ipc(host, 'staff/signOut', undefined);
});
