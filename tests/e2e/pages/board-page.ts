import { expect, type Locator, type Page } from '@playwright/test';
import { SignInPage } from './sign-in-page';

/** The call board as a receptionist sees it. */
export class BoardPage {
  readonly live: Locator;
  readonly list: Locator;
  readonly message: Locator;
  readonly callNext: Locator;
  readonly search: Locator;
  /** The patient this desk serves, above the list. */
  readonly myPatient: Locator;
  readonly lock: Locator;
  /** The countdown of a held done or close, with its Undo button. */
  readonly undo: Locator;

  constructor(private readonly page: Page) {
    this.live = page.getByTestId('board-live');
    this.list = page.getByTestId('board-list');
    this.message = page.getByTestId('board-message');
    this.callNext = page.getByTestId('board-call-next');
    this.search = page.getByTestId('board-search').locator('input');
    this.myPatient = page.getByTestId('my-patient');
    this.lock = page.getByTestId('board-lock');
    this.undo = page.getByTestId('board-undo');
  }

  /** Signs in as the Lyon receptionist (unless the desk still is) and waits for the live board. */
  async open(openUrl: string): Promise<void> {
    const signIn = new SignInPage(this.page);
    await signIn.open(openUrl);
    // The first heading can be the start-up screen's: wait for whichever of sign-in or board settles.
    await signIn.login.or(this.live).first().waitFor();
    if (await signIn.login.isVisible()) await signIn.signIn('accueil', 'formation');
    await this.page.waitForURL(/#\/board$/);
    await this.live.and(this.page.locator('[data-state="live"]')).waitFor();
  }

  /**
   * The row shows `status` and its move has reached the medical system: a move is shown at once
   * but a key pressed while it is still on its way (`data-working`) is not taken.
   */
  async expectSettled(row: Locator, status: string): Promise<void> {
    await expect(row).toHaveAttribute('data-status', status);
    await expect(row).not.toHaveAttribute('data-working', /./);
  }

  row(formattedNumber: string): Locator {
    return this.page.locator(`[data-testid="board-row"][data-ticket="${formattedNumber}"]`);
  }

  /** Narrows the list to one ticket (virtualised: a row far down is not in the DOM). */
  async find(formattedNumber: string): Promise<Locator> {
    await this.search.fill(formattedNumber);
    return this.row(formattedNumber);
  }

  async lockNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Verrouiller le poste' }).click();
    await this.lock.waitFor();
  }

  button(row: Locator, name: string): Locator {
    return row.getByRole('button', { name, exact: true });
  }
}
