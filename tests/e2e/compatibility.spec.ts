import type { ChildProcess } from 'node:child_process';
import { expect, launchPreviewHost, test, type PreviewHost } from './fixtures';
import { CompatibilityCard } from './pages/compatibility-page';
import { TechnicianModeCard } from './pages/technician-mode';

/** The training day's scanner patient: one appointment today (docs/sandbox-publisher.md). */
const PATIENT = { lastName: 'Perrin', birthDate: '1972-09-30' };

test.describe('compatibility check in Settings, against the training publisher writing the other legal forms', () => {
  let host: PreviewHost;
  let child: ChildProcess;
  test.beforeAll(async () => {
    // Its own host: the check has something to find only when the publisher varies its answers.
    ({ host, child } = await launchPreviewHost(['--kiosk-every', '0', '--field-variations', 'all']));
  });
  test.afterAll(() => {
    child.kill('SIGTERM');
  });

  test('runs read-only with a staff account and a test patient, and lists what it met by step', async ({ page }) => {
    await page.goto(host.openUrl);
    const compatibility = new CompatibilityCard(page);
    await compatibility.open();
    await expect(compatibility.run).toBeDisabled();
    // Checking the medical system is a technician's job.
    await new TechnicianModeCard(page).unlock();

    await compatibility.check({ login: 'accueil', password: 'formation' }, PATIENT);

    await expect(compatibility.summary).toHaveText('Toutes les réponses sont lisibles par le poste.');
    const byId = compatibility.step('getAppointmentById');
    await expect(byId).toHaveAttribute('data-outcome', 'answered');
    await expect(byId).toContainText('envoie null pour patient.heightCm');
    await expect(byId).toContainText('écrit les dates-heures avec des millisecondes (appointment.startDate)');
    await expect(byId).toContainText('écrit une liste vide comme null (otherAppointments)');
    await expect(byId.locator('[data-kind="unknownField"][data-outcome="ignored"]').first()).toContainText('ignoré');
    await expect(compatibility.step('staffSignIn')).toContainText('ajoute des champs que le contrat ne définit pas');
    await expect(compatibility.step('documentTypes')).toHaveAttribute('data-outcome', 'answered');
    // Field names only: the test patient's name and birth date are not in the findings.
    const findings = (await compatibility.card.locator('section').allTextContents()).join('\n');
    expect(findings).not.toContain(PATIENT.lastName);
    expect(findings).not.toContain(PATIENT.birthDate);
  });
});
