import { expect, type Locator, type Page } from '@playwright/test';

/** The training profile's technician PIN (README, docs/access-rules.md). */
export const TRAINING_PIN = '1234';

/** The technician mode card of the Printers and Settings pages, and its unlock dialog. */
export class TechnicianModeCard {
  readonly card: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.card = page.getByTestId('technician-mode');
    this.dialog = page.getByTestId('technician-dialog');
  }

  /** Types the PIN in the unlock dialog (opened by hand or by a refused action) and opens technician mode. */
  async enterPin(pin: string): Promise<void> {
    await this.dialog.getByTestId('technician-pin').locator('input').fill(pin);
    await this.dialog.getByTestId('technician-unlock').click();
  }

  /** Opens technician mode from the card with the training PIN, unless it is open already. */
  async unlock(pin = TRAINING_PIN): Promise<void> {
    await expect(this.card).toHaveAttribute('data-open', /true|false/);
    if ((await this.card.getAttribute('data-open')) === 'true') return;
    await this.card.getByTestId('technician-open').click();
    await this.enterPin(pin);
    await expect(this.card).toHaveAttribute('data-open', 'true');
  }
}
