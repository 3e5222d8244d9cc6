import type { Locator, Page } from '@playwright/test';
import { HUMAN_KEY_GAP_MS } from './checkin-page';

/** Settings → the compatibility check card. */
export class CompatibilityCard {
  readonly card: Locator;
  readonly run: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.card = page.getByTestId('compatibility-card');
    this.run = page.getByTestId('compatibility-run');
    this.summary = page.getByTestId('compatibility-summary');
  }

  /** Through the menu, as staff do: a second load racing the first page's redirect to sign-in could land there. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
    await this.card.waitFor();
  }

  step(name: string): Locator {
    return this.page.getByTestId(`compatibility-step-${name}`);
  }

  async check(account: { login: string; password: string }, patient: { lastName: string; birthDate: string }): Promise<void> {
    await this.card.getByTestId('compatibility-login').locator('input').fill(account.login);
    await this.card.getByTestId('compatibility-password').locator('input').fill(account.password);
    await this.card.getByTestId('compatibility-last-name').locator('input').fill(patient.lastName);
    // Typed as digits only, day first, the quickest way a French technician types a date.
    const [year, month, day] = patient.birthDate.split('-');
    await this.card.getByTestId('compatibility-birth-date').locator('input').pressSequentially(`${day}${month}${year}`, { delay: HUMAN_KEY_GAP_MS });
    await this.run.click();
  }
}
