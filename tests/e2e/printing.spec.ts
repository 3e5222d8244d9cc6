import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { visibleText } from '../helpers/escpos-reader';
import { PrinterEmulator } from '../helpers/printer-emulator';
import { expect, launchPreviewHost, test, type PreviewHost } from './fixtures';
import { expectAccessible } from './pages/accessibility';
import { BoardPage } from './pages/board-page';
import { PrintersPage } from './pages/printers-page';
import { TechnicianModeCard, TRAINING_PIN } from './pages/technician-mode';

/** A desk of its own (fresh data folder): printer settings changed here never leak into other specs. */
let host: PreviewHost;
let child: ChildProcess;
let printer: PrinterEmulator;
const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-printing-'));

test.beforeAll(async ({ sandboxArgs }) => {
  ({ host, child } = await launchPreviewHost(['--kiosk-every', '0', ...sandboxArgs], dataDir));
  printer = await PrinterEmulator.start();
});
test.afterAll(async () => {
  child.kill('SIGTERM');
  await printer.close();
});

test.describe.configure({ mode: 'serial' });

test.describe('printing through the preview host', () => {
  test('without technician mode a test print opens the unlock dialog; a wrong PIN is refused, the training PIN opens it', async ({ page }) => {
    const printers = new PrintersPage(page);
    await printers.open(host.openUrl);
    const technician = new TechnicianModeCard(page);
    await expect(technician.card).toHaveAttribute('data-open', 'false');
    await expect(technician.card).toContainText('demandent le mode technicien');
    await page.getByTestId('printer-test').click();
    await expect(technician.dialog).toBeVisible();
    await expect(technician.dialog).toContainText(`le code technicien est ${TRAINING_PIN}`);
    await expect(printers.previewDialog).toBeHidden();
    await technician.enterPin('0000');
    await expect(technician.dialog.getByTestId('technician-error')).toHaveText('Code technicien incorrect.');
    await expectAccessible(page);
    await technician.enterPin(TRAINING_PIN);
    await expect(technician.dialog).toBeHidden();
    await expect(technician.card).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('technician-status')).toContainText("Ouvert jusqu'à");
    await page.getByTestId('technician-close').click();
    await expect(technician.card).toHaveAttribute('data-open', 'false');
  });

  test('training: a test print shows the ticket preview and its queue entry', async ({ page }) => {
    const printers = new PrintersPage(page);
    await printers.open(host.openUrl);
    await expect(printers.heading).toHaveText('Imprimantes');
    await expect(page.getByTestId('ticket-preview').locator('img')).toBeVisible();
    await new TechnicianModeCard(page).unlock();
    await page.getByTestId('printer-test').click();
    await expect(printers.previewDialog).toBeVisible();
    await expect(printers.previewDialog).toContainText('Ticket T000 (aperçu)');
    await expect(page.getByTestId('print-preview-image')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expectAccessible(page);
    await page.getByTestId('print-preview-close').click();
    await expect(printers.job('T000')).toHaveAttribute('data-state', 'preview');
    await expect(printers.job('T000')).toContainText('Aperçu');
    await expectAccessible(page);
  });

  test('training: "Réimprimer" on a board row shows the preview of that very number and its queue entry', async ({ page }) => {
    const board = new BoardPage(page);
    await board.open(host.openUrl);
    const row = page.locator('[data-testid="board-row"]').filter({ has: page.getByRole('button', { name: 'Réimprimer', exact: true }) }).first();
    const number = (await row.getAttribute('data-ticket'))!;
    await board.button(row, 'Réimprimer').click();
    const printers = new PrintersPage(page);
    await expect(printers.previewDialog).toContainText(`Ticket ${number} (aperçu)`);
    const svg = decodeURIComponent((await page.getByTestId('print-preview-image').getAttribute('src'))!.split(',')[1]!);
    expect(svg).toContain(`>${number}</text>`);
    expect(svg).toContain('DUPLICATA');
    await expectAccessible(page);
    await page.getByTestId('print-preview-queue').click();
    await expect(page).toHaveURL(/#\/printers$/);
    const job = printers.job(number).first();
    await expect(job).toHaveAttribute('data-state', 'preview');
    await expect(job).toContainText('Réimpression');
    await expect(printers.chip).toHaveAttribute('data-state', 'online');
  });

  test('technician page follows the printer: ready, then paper out reported by the printer, then printed once', async ({ page }) => {
    const printers = new PrintersPage(page);
    await printers.open(host.openUrl);
    await new TechnicianModeCard(page).unlock();
    await printers.useNetworkPrinter('127.0.0.1', printer.port);
    await expect(printers.message).toHaveText('Réglages enregistrés.');
    await expect(printers.status).toHaveAttribute('data-state', 'online');
    await expect(printers.chip).toHaveAttribute('data-state', 'online');

    printer.set({ paper: 'out' });
    // The desk polls the printer while idle: the page changes without anyone clicking.
    await expect(printers.status).toHaveAttribute('data-state', 'paperOut', { timeout: 15_000 });
    await expect(printers.status).toContainText('Plus de papier');
    await expect(printers.chip).toHaveAttribute('data-state', 'paperOut');

    await page.getByTestId('printer-test').click();
    await expect(printers.message).toContainText("attend dans la file");
    await expect(printers.job('T000').first()).toHaveAttribute('data-state', 'waiting');
    await expect(printers.job('T000').first()).toContainText('Plus de papier');
    expect(printer.numbers()).toEqual([]);

    printer.set({ paper: 'ok' });
    await expect(printers.status).toHaveAttribute('data-state', 'online', { timeout: 15_000 });
    await expect(printers.job('T000').first()).toHaveAttribute('data-state', 'printed');
    expect(printer.numbers()).toEqual(['T000']);
  });

  test('a ticket waiting for paper survives the desk being killed, and prints once after the restart', async ({ page, sandboxArgs }) => {
    const printers = new PrintersPage(page);
    await printers.open(host.openUrl);
    await expect(printers.status).toHaveAttribute('data-state', 'online');
    printer.set({ paper: 'out' });
    await expect(printers.status).toHaveAttribute('data-state', 'paperOut', { timeout: 15_000 });
    await new TechnicianModeCard(page).unlock();
    await page.getByTestId('printer-test').click();
    await expect(printers.queue.locator('[data-testid="print-job"][data-state="waiting"]')).toHaveCount(1);
    const before = printer.numbers().length;

    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
    printer.set({ paper: 'ok' });
    ({ host, child } = await launchPreviewHost(['--kiosk-every', '0', ...sandboxArgs], dataDir));

    await printers.open(host.openUrl);
    await expect(printers.queue.locator('[data-testid="print-job"][data-state="waiting"]')).toHaveCount(0, { timeout: 15_000 });
    await expect(printers.queue.locator('[data-testid="print-job"][data-state="printed"]')).toHaveCount(2);
    expect(printer.numbers().length).toBe(before + 1);
  });

  test('the page says what the chosen model cannot print, and the test ticket shows its columns', async ({ page }) => {
    const printers = new PrintersPage(page);
    await printers.open(host.openUrl);
    await new TechnicianModeCard(page).unlock();
    await printers.useNetworkPrinter('127.0.0.1', printer.port);
    await expect(printers.message).toHaveText('Réglages enregistrés.');
    // The default generic model: 42 columns, which fit every 80 mm head.
    await expect(printers.genericWarning).toContainText('42 colonnes');
    await expect(printers.previewHint).toContainText('80 mm, 42 colonnes');
    await expect(printers.previewWithoutQr).toBeHidden();

    await printers.chooseModel('Epson TM-T88III');
    await expect(printers.noQrWarning).toContainText("n'a pas de commande QR code");
    await expect(printers.genericWarning).toBeHidden();
    await page.getByTestId('printer-save').click();
    await expect(printers.message).toHaveText('Réglages enregistrés.');
    await expect(printers.previewWithoutQr).toContainText("n'imprime pas les QR codes");
    await expectAccessible(page);

    const before = printer.tickets().length;
    await page.getByTestId('printer-test').click();
    await expect(printers.message).toContainText('42 colonnes');
    await expect(printers.message).toContainText("n'imprime pas les QR codes");
    await expect.poll(() => printer.tickets().length).toBe(before + 1);
    const paper = printer.tickets().at(-1)!;
    expect(paper.qrCodes).toEqual([]);
    expect(visibleText(paper)).toEqual(expect.arrayContaining(['Test : é è à ç ù € ô oe « »', '42 colonnes', 'Pas de QR code : modèle sans QR']));
    expect(visibleText(paper).join('\n')).not.toContain('?');
  });

  test('the ticket prints the estimated wait only once the technician turns it on: the preview then shows it', async ({ page }) => {
    const printers = new PrintersPage(page);
    await printers.open(host.openUrl);
    await new TechnicianModeCard(page).unlock();
    const previewText = async () => decodeURIComponent((await page.getByTestId('ticket-preview').locator('img').getAttribute('src'))!.split(',')[1]!);
    const option = page.getByRole('checkbox', { name: "Imprimer l'attente estimée" });
    await expect(option).not.toBeChecked();
    expect(await previewText()).not.toContain('Attente');
    await option.check();
    await page.getByTestId('printer-save').click();
    await expect(printers.message).toHaveText('Réglages enregistrés.');
    await expect.poll(previewText).toContain('Attente estimée : ~15 min');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: "Imprimer l'attente estimée" })).toBeChecked();
  });
});
