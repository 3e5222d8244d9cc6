import { expect, type Locator, type Page } from '@playwright/test';
import { PREVIEW_API, PREVIEW_TOKEN_HEADER, previewIpcBody } from '../../../src-shared/preview/protocol';
import type { PreviewHost } from '../fixtures';
import { expectAccessible } from './accessibility';

export const TRAINING_PASSWORD = 'formation';

/** The admin section: its sign-in, its panels and the IPC calls the renderer makes. */
export class AdminPage {
  /** Admin channels the renderer called through the preview host (`admin/createUser`…). */
  readonly calls: string[] = [];

  constructor(readonly page: Page) {
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith(`${PREVIEW_API.ipc}admin/`)) this.calls.push(pathname.slice(PREVIEW_API.ipc.length));
    });
  }

  testId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  input(id: string): Locator {
    return this.testId(id).locator('input').first();
  }

  /** Opens the admin section signed out: main keeps one admin session for the whole desk. */
  async open(host: PreviewHost): Promise<void> {
    await ipc(host, 'admin/signOut', undefined);
    await this.page.goto(host.openUrl);
    await this.page.getByTestId('nav-admin').click();
    await expect(this.page).toHaveURL(/#\/admin/);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  async signIn(email: string, password = TRAINING_PASSWORD): Promise<void> {
    await this.input('admin-email').fill(email);
    await this.input('admin-password').fill(password);
    await this.testId('admin-sign-in-submit').click();
  }

  async signOut(): Promise<void> {
    await this.testId('admin-sign-out').click();
    await expect(this.testId('admin-sign-in')).toBeVisible();
  }

  /** "I have an invitation link", the newest link of the training mailbox for `email`, a new password. */
  async setPasswordFromMailbox(email: string, password: string, beforeSubmit?: () => Promise<void>): Promise<void> {
    await this.testId('admin-invitation-link').click();
    await this.input('admin-set-password-email').fill(email);
    await this.testId('open-mailbox').click();
    await this.testId('training-mailbox').getByRole('button', { name: 'Utiliser ce lien' }).first().click();
    await expect(this.input('admin-set-password-token')).not.toHaveValue('');
    await beforeSubmit?.();
    await this.input('admin-set-password-password').fill(password);
    await this.input('admin-set-password-confirm').fill(password);
    await this.testId('admin-set-password-submit').click();
  }

  /** Picks an option of a Vuetify select by its visible text. */
  /**
   * Picks an option of a select and waits until the field shows it: on a busy machine a click can
   * land while the menu is still opening or closing, and the choice never happens.
   */
  async choose(selectId: string, option: string | RegExp): Promise<void> {
    const choice = this.page.getByRole('option', { name: option, exact: typeof option === 'string' });
    await expect(async () => {
      if (!(await choice.isVisible())) await this.testId(selectId).click();
      await choice.click({ timeout: 2_000 });
      await expect(this.input(selectId)).toHaveValue(option, { timeout: 1_000 });
    }).toPass();
  }

  /** No serious or critical axe violation on what is on screen now. */
  async expectAccessible(): Promise<void> {
    await expectAccessible(this.page);
  }

  callsTo(channel: string): number {
    return this.calls.filter((call) => call === channel).length;
  }
}

/** One IPC call to the preview host, as the renderer makes it; the call must succeed. */
export async function ipc(host: PreviewHost, channel: string, request: unknown): Promise<unknown> {
  const response = await fetch(`${host.url}${PREVIEW_API.ipc}${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [PREVIEW_TOKEN_HEADER]: host.token },
    body: previewIpcBody(request),
  });
  const result = (await response.json()) as { ok: boolean; value?: unknown };
  expect(result.ok, channel).toBe(true);
  return result.value;
}
