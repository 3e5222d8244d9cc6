import type { Locator, Page } from '@playwright/test';
import type { PreviewHost } from '../fixtures';
import { ipc } from './admin-page';

/**
 * A person's gap between keys: the keyboard-wedge scanner takes six keys or more each under
 * 50 ms and an Enter for a scan, so text typed faster than a hand would be read as a convocation.
 */
export const HUMAN_KEY_GAP_MS = 90;

/** The desk check-in section, as reception staff use it. */
export class CheckinPage {
  readonly lastName: Locator;
  readonly birthDate: Locator;
  readonly socialSecurityId: Locator;
  readonly search: Locator;
  readonly appointments: Locator;
  readonly readiness: Locator;
  readonly confirm: Locator;
  readonly ticketNumber: Locator;
  readonly print: Locator;
  readonly undo: Locator;
  readonly undoDialog: Locator;
  readonly undone: Locator;
  readonly next: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.lastName = page.getByTestId('checkin-last-name').locator('input');
    this.birthDate = page.getByTestId('checkin-birth-date').locator('input');
    this.socialSecurityId = page.getByTestId('checkin-ssn').locator('input');
    this.search = page.getByTestId('checkin-search-submit');
    this.appointments = page.getByTestId('checkin-appointments');
    this.readiness = page.getByTestId('checkin-readiness');
    this.confirm = page.getByTestId('checkin-confirm');
    this.ticketNumber = page.getByTestId('checkin-ticket-number');
    this.print = page.getByTestId('checkin-print');
    this.undo = page.getByTestId('checkin-undo');
    this.undoDialog = page.getByTestId('checkin-undo-dialog');
    this.undone = page.getByTestId('checkin-undone');
    this.next = page.getByTestId('checkin-next');
    this.error = page.getByTestId('checkin-error');
  }

  /**
   * Opens the check-in section signed in as the training receptionist. The staff session
   * lives in main (one per desk), so it is opened there; the sign-in screen has its own spec.
   */
  async open(host: PreviewHost): Promise<void> {
    await ipc(host, 'staff/signIn', { login: 'accueil', password: 'formation' });
    await this.page.goto(host.openUrl);
    await this.page.waitForURL(/#\/board/);
    await this.page.getByTestId('nav-checkin').click();
    await this.page.getByRole('heading', { level: 1, name: /Accueil patient|Desk check-in/ }).waitFor();
  }

  /** The birth date (ISO in the test data) typed as a French receptionist types it: 15/03/1985. */
  async searchByName(lastName: string, birthDate: string): Promise<void> {
    const [year, month, day] = birthDate.split('-');
    await this.lastName.fill(lastName);
    await this.birthDate.pressSequentially(`${day}/${month}/${year}`, { delay: HUMAN_KEY_GAP_MS });
    await this.lastName.press('Enter');
  }

  /** Training mode shows what the desk printer would print (printing feature); close it to go on. */
  async closePrintPreview(): Promise<void> {
    const close = this.page.getByTestId('print-preview-close');
    await close.click();
    await close.waitFor({ state: 'hidden' });
  }

  /** What a keyboard-wedge scanner does: the whole code as fast keystrokes, then Enter. */
  async scan(code: string): Promise<void> {
    await this.page.keyboard.type(code, { delay: 0 });
    await this.page.keyboard.press('Enter');
  }
}
