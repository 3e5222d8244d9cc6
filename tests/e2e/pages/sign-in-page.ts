import type { Locator, Page } from '@playwright/test';

export class SignInPage {
  readonly heading: Locator;
  readonly login: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly trainingBadge: Locator;
  readonly connection: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.login = page.getByTestId('sign-in-login').locator('input');
    this.password = page.getByTestId('sign-in-password').locator('input');
    this.submit = page.getByTestId('sign-in-submit');
    this.error = page.getByTestId('sign-in-error');
    this.trainingBadge = page.getByTestId('training-badge');
    this.connection = page.getByTestId('connection-indicator');
  }

  async open(openUrl: string): Promise<void> {
    await this.page.goto(openUrl);
    await this.heading.waitFor();
  }

  async signIn(login: string, password: string): Promise<void> {
    await this.login.fill(login);
    await this.password.fill(password);
    await this.password.press('Enter');
  }
}
