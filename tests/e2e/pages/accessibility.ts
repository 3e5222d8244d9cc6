import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe violation on what is on screen now. A screen still fading in or
 * loading (a table's header dimmed while its page loads, on a busy machine) is looked at
 * again until it settles: a violation that lasts fails, one that passes with the transition does not.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const blocking = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  };
  await expect.poll(blocking, { timeout: 15_000, intervals: [250, 500, 1_000] }).toEqual([]);
}
