import { expect, type Locator, type Page } from '@playwright/test';
import { BoardPage } from './board-page';

/** The Statistics section as a reception manager sees it. */
export class StatisticsPage {
  readonly heading: Locator;
  readonly daySelect: Locator;
  readonly exportButton: Locator;
  readonly csvDialog: Locator;
  readonly includeNames: Locator;
  readonly namesWarning: Locator;
  readonly download: Locator;
  readonly live: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.daySelect = page.getByTestId('statistics-day');
    this.exportButton = page.getByTestId('statistics-export');
    this.csvDialog = page.getByTestId('csv-dialog');
    this.includeNames = page.getByTestId('csv-include-names').locator('input');
    this.namesWarning = page.getByTestId('csv-names-warning');
    this.download = page.getByTestId('csv-download');
    this.live = page.getByTestId('statistics-live');
  }

  /** Signs in at the desk (the board first: it settles the workplace), then opens Statistics from the menu. */
  async open(openUrl: string, onBoard?: () => Promise<void>): Promise<void> {
    await new BoardPage(this.page).open(openUrl);
    await onBoard?.();
    await this.page.getByTestId('nav-statistics').click();
    await this.page.waitForURL(/#\/statistics$/);
    await this.figure('arrivals').waitFor();
  }

  figure(id: string): Locator {
    return this.page.getByTestId(`figure-${id}`).getByTestId('value');
  }

  chart(id: string): Locator {
    return this.page.getByTestId(`chart-${id}`);
  }

  async showTable(id: string): Promise<Locator> {
    await this.page.getByTestId(`chart-${id}-table`).click();
    return this.page.getByTestId(`table-${id}`);
  }

  async showChart(id: string): Promise<Locator> {
    await this.page.getByTestId(`chart-${id}-chart`).click();
    return this.chart(id).locator('canvas');
  }

  /** Table rows as text cells, header row left out. */
  async rows(table: Locator): Promise<string[][]> {
    return table.locator('tbody tr').evaluateAll((lines) => lines.map((line) => [...line.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
  }

  async chooseDay(title: string): Promise<void> {
    // Under a CPU hog the menu once took the click before its items answered it: it stayed open and the day
    // unchosen (CI, 29 Nov 2026). The choice is made again until the select shows it.
    const option = this.page.getByRole('option', { name: title });
    await expect(async () => {
      if (!(await option.isVisible())) await this.daySelect.click();
      await option.click({ timeout: 5_000 });
      await expect(this.daySelect).toContainText(title, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }
}
