import { expect, launchPreviewHost, test } from './fixtures';
import { TechnicianModeCard } from './pages/technician-mode';

test('a technician starts the desk with the Windows session from Settings: still on after a reload, applied by the installed app', async ({ page }) => {
  // A data folder of its own: the choice is written in its workstation.json.
  const { host, child } = await launchPreviewHost();
  try {
    await page.goto(host.openUrl);
    await page.getByTestId('nav-settings').click();
    const toggle = page.getByLabel("Démarrer le poste à l'ouverture de session Windows");
    await expect(toggle).not.toBeChecked();
    await expect(page.getByTestId('start-with-session-preview')).toHaveText(
      "Dans l'aperçu navigateur, ce réglage est enregistré\u00a0; il prend effet dans l'application installée.",
    );

    // Without technician mode main refuses: the PIN dialog opens and the switch stays off.
    await toggle.click();
    const technician = new TechnicianModeCard(page);
    await expect(technician.dialog).toBeVisible();
    await technician.enterPin('1234');
    await expect(technician.card).toHaveAttribute('data-open', 'true');
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();

    await page.reload();
    await page.getByTestId('nav-settings').click();
    await expect(page.getByLabel("Démarrer le poste à l'ouverture de session Windows")).toBeChecked();
  } finally {
    child.kill('SIGTERM');
  }
});
