import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, launchPreviewHost, test } from './fixtures';
import { TechnicianModeCard } from './pages/technician-mode';

test('a corrupt settings file is reported in plain French and the desk still starts in training', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-e2e-corrupt-'));
  writeFileSync(path.join(dataDir, 'settings.json'), '{"version": 1, "activeProf');
  // A queue of two tickets torn in its second, the first one too short to be a job: both are told as lost.
  const job = '{"id":"j1","key":"issued:A001"}';
  writeFileSync(path.join(dataDir, 'print-queue.json'), `{\n  "entryCounts": {"pending":2,"finished":0},\n  "version": 1,\n  "pending": [\n    ${job},\n    {"id":"j2","ke`);
  const { host, child } = await launchPreviewHost(['--kiosk-every', '0'], dataDir);
  try {
    await page.goto(host.openUrl);
    const queueNotice = page.getByTestId('startup-notice').filter({ hasText: 'print-queue.json.corrupt' });
    await expect(queueNotice).toContainText("2 tickets en attente d'impression n'ont pas pu être lus");
    await queueNotice.getByTestId('startup-notice-acknowledge').click();
    await expect(queueNotice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('startup-notice')).toHaveCount(1);
    const notice = page.getByTestId('startup-notice');
    await expect(notice).toContainText('Les paramètres enregistrés étaient illisibles');
    await expect(notice).toContainText('settings.json.corrupt');
    await expect(page.getByTestId('training-badge')).toHaveText('Formation');
    await page.getByTestId('nav-settings').click();
    const training = page.getByTestId('profile-training');
    await expect(training).toContainText('Formation');
    await expect(training).toContainText('En cours');
    await expect(page.getByTestId('profiles-card')).toContainText("Ce poste n'offre pas de coffre sécurisé");
  } finally {
    child.kill('SIGTERM');
  }
});

test('a technician checks the medical system from Settings: five configuration routes, each green', async ({ page, previewHost }) => {
  await page.goto(previewHost.openUrl);
  await page.getByTestId('nav-settings').click();
  await new TechnicianModeCard(page).unlock();
  await page.getByTestId('probe-run').click();
  await expect(page.getByTestId('probe-summary')).toHaveText('Les cinq routes répondent correctement.');
  for (const route of ['officePlaces', 'examTypes', 'exams', 'practitioners', 'rooms']) {
    await expect(page.getByTestId(`probe-${route}`)).toHaveAttribute('data-ok', 'true');
  }
  await expect(page.getByTestId('probe-rooms')).toContainText('entrées');
});

test('npm start on a machine without the Electron binary and without internet: one line why, then the desk in the browser preview', async ({ page }) => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'desk-npm-start-'));
  const child = spawn('npm', ['start', '--silent', '--', '--kiosk-every', '0'], {
    // The app was built by the suite already; no binary where Electron looks, and its download refused at once.
    env: {
      ...process.env,
      DESK_START_SKIP_BUILD: '1',
      DESK_NO_BROWSER: '1',
      DESK_DATA_DIR: path.join(scratch, 'data'),
      ELECTRON_OVERRIDE_DIST_PATH: path.join(scratch, 'no-electron'),
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const printed: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => printed.push(line));
  try {
    await expect.poll(() => printed.find((line) => /http:\/\/127\.0\.0\.1:\d+\/\?token=/.test(line)) ?? null, { timeout: 30_000 }).not.toBeNull();
    expect(printed.filter((line) => line.includes('starting the browser preview instead'))).toEqual([
      expect.stringMatching(/^Desk Console: the Electron binary could not be downloaded \(.+\); starting the browser preview instead\.$/),
    ]);
    const address = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(printed.join('\n'))![0];
    await page.goto(address);
    await expect(page.getByRole('button', { name: /Se connecter/ })).toBeVisible();
  } finally {
    // npm, tsx and the preview host: the whole group goes.
    process.kill(-child.pid!, 'SIGTERM');
  }
});
