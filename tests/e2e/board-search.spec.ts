import type { ChildProcess } from 'node:child_process';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/start';
import { expect, launchAttachedDesk, test, type PreviewHost } from './fixtures';
import { BoardPage } from './pages/board-page';

/**
 * A long board (a busy afternoon: 200 more tickets than the training day), searched after
 * scrolling: the hits start at the top of the list, where the eye goes, not above it.
 */
let sandbox: RunningSandbox;
let desk: { host: PreviewHost; child: ChildProcess };

test.beforeAll(async ({ sandboxArgs }) => {
  sandbox = await startSandbox({ publisherFlags: sandboxArgs, extraTickets: 200 });
  desk = await launchAttachedDesk(sandbox);
});
test.afterAll(async () => {
  desk.child.kill('SIGTERM');
  await sandbox.close();
});

test('a search made far down a long board shows its first hit at the top of the list', async ({ page }) => {
  const board = new BoardPage(page);
  await board.open(desk.host.openUrl);
  await page.getByTestId('board-filters').click();
  await page.getByTestId('board-filters-menu').getByRole('button', { name: 'Numéro de ticket' }).click();
  await page.keyboard.press('Escape');
  // Far down the list, as after looking for a late patient.
  await board.list.hover();
  for (let i = 0; i < 20 && !(await board.row('B0150').isVisible()); i += 1) await page.mouse.wheel(0, 2_000);
  await expect(board.row('B0001')).toHaveCount(0);

  await board.search.fill('B00');
  await expect(board.row('B0001')).toBeInViewport();
  await expect(board.row('B0002')).toBeInViewport();
});
