import type { Locator, Page } from '@playwright/test';
import type { PreviewHost } from '../fixtures';
import { ipc } from './admin-page';

/**
 * A person's gap between keys: the keyboard-wedge scanner takes six keys or more each under
 * 50 ms and an Enter for a scan, so text typed faster than a hand would be read as a convocation.
 */
export const HUMAN_KEY_GAP_MS = 90;

/** A USB scanner's gap between keys, as its keys are stamped. */
const SCANNER_KEY_GAP_MS = 4;

interface ScannerKey {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text: string;
  unmodifiedText: string;
}

const ENTER: ScannerKey = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' };

/** The key a scanner sends for one character of a convocation code (upper-case letters, digits, dashes). */
function scannerKey(character: string): ScannerKey {
  const key = { key: character, text: character, unmodifiedText: character };
  if (/^[A-Z]$/.test(character)) return { ...key, code: `Key${character}`, windowsVirtualKeyCode: character.charCodeAt(0) };
  if (/^[0-9]$/.test(character)) return { ...key, code: `Digit${character}`, windowsVirtualKeyCode: character.charCodeAt(0) };
  if (character === '-') return { ...key, code: 'Minus', windowsVirtualKeyCode: 189 };
  throw new Error(`scan: a convocation code has upper-case letters, digits and dashes only, not "${character}"`);
}

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

  /**
   * What a keyboard-wedge scanner does: the whole code as fast keystrokes, then Enter.
   *
   * The keys go through the DevTools protocol at once, each stamped as the operating system
   * stamps a scanner's keys, SCANNER_KEY_GAP_MS apart. Playwright's keyboard.type waits for each
   * key's round trip and lets the browser stamp it on arrival, so on a loaded machine its keys
   * came 100 ms apart and read as typing, which no scanner on a busy desk computer does.
   */
  async scan(code: string): Promise<void> {
    const cdp = await this.page.context().newCDPSession(this.page);
    const start = Date.now() / 1000;
    const keys = [...[...code].map(scannerKey), ENTER];
    await Promise.all(
      keys.flatMap((key, index) => {
        const timestamp = start + (index * SCANNER_KEY_GAP_MS) / 1000;
        return [
          cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key, code: key.code, windowsVirtualKeyCode: key.windowsVirtualKeyCode, timestamp }),
        ];
      }),
    );
    await cdp.detach();
  }
}
