import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, launchPreviewHost, test } from './fixtures';
import { TechnicianPinStore } from '../../src-main/technician/pin-store';
import { TechnicianModeCard } from './pages/technician-mode';

/** The desk's own technician PIN, written as a technician sets it: the way into the connect page's ways out. */
const LOCAL_PIN = '482193';

async function configuredDataDir(settings: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-e2e-unconnected-'));
  writeFileSync(path.join(dataDir, 'settings.json'), settings);
  await (await TechnicianPinStore.open(dataDir)).set(LOCAL_PIN);
  return dataDir;
}

test('a configured desk without its key shows « Ce poste ne peut pas se connecter », never a board of training patients', async ({ page }) => {
  const profile = {
    id: 'lyon-prod',
    name: 'Lyon — production',
    training: false,
    platformUrl: 'https://plateforme.hopital.example',
    licenceUuid: '7d1f0c9e-1f6b-4a57-9a43-0f0c8f2b3c11',
    officeIdHeader: 'lyon',
    contractMode: 'relay',
    contractBaseUrl: 'https://ris.hopital.example/api/kioskIntegrationService/v1',
    publisherPublicKeyPem: null,
    deviceId: 'desk-1',
    officePlaceId: null,
    deskId: null,
    deskLabel: 'Accueil 1',
  };
  const dataDir = await configuredDataDir(JSON.stringify({ version: 1, activeProfileId: 'lyon-prod', profiles: [profile] }));
  const { host, child } = await launchPreviewHost(['--kiosk-every', '0'], dataDir);
  try {
    await page.goto(host.openUrl);
    await expect(page.getByTestId('connect-title')).toHaveText('Ce poste ne peut pas se connecter');
    await expect(page.getByTestId('connect-reason')).toHaveText("Aucune clé de compte n'est enregistrée pour le profil « Lyon — production ».");
    // Asked for the board by its address: still the page, no badge, no rows.
    await page.goto(`${host.openUrl}#/board`);
    await expect(page.getByTestId('connect-title')).toBeVisible();
    await expect(page).toHaveURL(/#\/connect$/);
    await expect(page.getByTestId('training-badge')).toHaveCount(0);
    await expect(page.getByTestId('board-row')).toHaveCount(0);
    await new TechnicianModeCard(page).unlock(LOCAL_PIN);
    await expect(page.getByTestId('connect-key-form')).toContainText('Lyon — production');
  } finally {
    child.kill('SIGTERM');
  }
});

test('damaged settings show why on the connect page; training starts only on purpose, and says so', async ({ page }) => {
  const dataDir = await configuredDataDir('{"version": 1, "activeProf');
  // A queue torn in its second ticket, the first one too short to be a job: both are told as lost.
  const job = '{"id":"j1","key":"issued:A001"}';
  writeFileSync(path.join(dataDir, 'print-queue.json'), `{\n  "entryCounts": {"pending":2,"finished":0},\n  "version": 1,\n  "pending": [\n    ${job},\n    {"id":"j2","ke`);
  const { host, child } = await launchPreviewHost(['--kiosk-every', '0'], dataDir);
  try {
    await page.goto(host.openUrl);
    await expect(page.getByTestId('connect-reason')).toContainText('Ses paramètres de connexion étaient illisibles');
    await expect(page.getByTestId('connect-reason')).toContainText('settings.json.corrupt');
    await expect(page.getByTestId('training-badge')).toHaveCount(0);
    await new TechnicianModeCard(page).unlock(LOCAL_PIN);
    await page.getByTestId('connect-training').click();

    await expect(page.getByTestId('training-badge')).toHaveText('Formation');
    const queueNotice = page.getByTestId('startup-notice').filter({ hasText: 'print-queue.json.corrupt' });
    await expect(queueNotice).toContainText("2 tickets en attente d'impression n'ont pas pu être lus");
    await queueNotice.getByTestId('startup-notice-acknowledge').click();
    await expect(queueNotice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('startup-notice')).toHaveCount(1);
    const notice = page.getByTestId('startup-notice');
    await expect(notice).toContainText('Les paramètres enregistrés étaient illisibles');
    await expect(notice).toContainText('settings.json.corrupt');
    await page.getByTestId('nav-settings').click();
    const training = page.getByTestId('profile-training');
    await expect(training).toContainText('Formation');
    await expect(training).toContainText('En cours');
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
