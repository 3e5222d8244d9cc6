import { expect, type Locator, type Page } from '@playwright/test';

/** The technician's Printers page. */
export class PrintersPage {
  readonly heading: Locator;
  readonly status: Locator;
  readonly chip: Locator;
  readonly queue: Locator;
  readonly message: Locator;
  readonly previewDialog: Locator;
  readonly genericWarning: Locator;
  readonly noQrWarning: Locator;
  readonly previewHint: Locator;
  readonly previewWithoutQr: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.status = page.getByTestId('printer-status');
    this.chip = page.getByTestId('printer-status-chip');
    this.queue = page.getByTestId('print-queue');
    this.message = page.getByTestId('printer-message');
    this.previewDialog = page.getByTestId('print-preview-dialog');
    this.genericWarning = page.getByTestId('printer-generic-warning');
    this.noQrWarning = page.getByTestId('printer-no-qr-warning');
    this.previewHint = page.getByTestId('ticket-preview-hint');
    this.previewWithoutQr = page.getByTestId('preview-left-out-qrCode');
  }

  async open(openUrl: string): Promise<void> {
    await this.page.goto(`${openUrl}#/printers`);
    await this.page.getByTestId('printer-settings').waitFor();
  }

  async useNetworkPrinter(host: string, port: number): Promise<void> {
    await this.page.getByTestId('printer-kind').click();
    await this.page.getByRole('option', { name: 'Réseau (port 9100)' }).click();
    await this.page.getByTestId('printer-host').locator('input').fill(host);
    await this.page.getByTestId('printer-port').locator('input').fill(String(port));
    await this.page.getByTestId('printer-save').click();
  }

  /** Picks a printer model by its name in the model list (not saved yet). */
  async chooseModel(name: string): Promise<void> {
    const field = this.page.getByTestId('printer-model');
    await field.click();
    await field.locator('input').fill(name);
    const option = this.page.getByRole('option', { name, exact: true });
    // Chosen, the list closes. Under a loaded CI the list was still filtering at the click, which chose
    // nothing and left it open on the one model (7 Dec 2026): the option is clicked again then.
    await expect(async () => {
      if (await option.isVisible()) await option.click({ timeout: 5_000 });
      await expect(this.page.getByRole('listbox')).toBeHidden({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }

  job(number: string): Locator {
    return this.queue.locator(`[data-testid="print-job"][data-number="${number}"]`);
  }
}
