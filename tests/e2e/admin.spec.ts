import { expect, test, type PreviewHost } from './fixtures';
import { AdminPage, ipc } from './pages/admin-page';

const SUPER = 'super@formation.example';
const ADMIN = 'admin@formation.example';
const USER = 'utilisateur@formation.example';
const INVITED = 'invite@formation.example';

test.describe('platform administration against the training sandbox', () => {
  test('superadmin: licences with their dashboard line, created, renamed, flavored and deleted; bad input stays in the form', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    await expect(admin.testId('admin-sign-in')).toBeVisible();
    await admin.expectAccessible();
    await admin.signIn(SUPER, 'wrong-password');
    await expect(admin.testId('admin-sign-in-error')).toHaveText('E-mail ou mot de passe incorrect');
    await admin.signIn(SUPER);
    await expect(admin.testId('admin-profile-role')).toHaveText('Super-administrateur');
    await expect(admin.testId('licences-table')).toContainText("Centre d'imagerie Lyon (formation)");
    await expect(admin.testId('licences-table')).toContainText('Configurée');
    // Listed by name (not by number): Bron before Lyon, the header says so.
    await expect(admin.testId('licences-table').locator('tbody tr').first()).toContainText('Cabinet Bron (formation, vide)');
    await expect(admin.testId('licences-table').getByRole('columnheader', { name: /^Nom/ })).toHaveAttribute('aria-sort', 'ascending');
    await admin.expectAccessible();

    // An empty name never leaves the renderer.
    await admin.testId('licence-create').click();
    await admin.testId('licence-save').click();
    await expect(admin.testId('licence-name')).toContainText('Champ obligatoire');
    await admin.expectAccessible();
    await admin.input('licence-name').fill('x'.repeat(300));
    await admin.testId('licence-save').click();
    await expect(admin.testId('licence-name')).toContainText('Au plus 256 caractères');
    expect(admin.callsTo('admin/createLicence')).toBe(0);

    await admin.input('licence-name').fill('Clinique des Tests');
    await admin.testId('licence-save').click();
    await expect(admin.testId('licences-notice')).toHaveText('Licence « Clinique des Tests » créée.');
    const row = admin.testId('licences-table').locator('tr', { hasText: 'Clinique des Tests' });
    await row.getByRole('button', { name: 'Modifier Clinique des Tests' }).click();
    await admin.input('licence-name').fill('Clinique renommée');
    await admin.choose('licence-flavor', 'Éditeur libre');
    await admin.testId('licence-save').click();
    await expect(admin.testId('licences-notice')).toHaveText('Licence « Clinique renommée » enregistrée.');
    await expect(admin.testId('licences-table').locator('tr', { hasText: 'Clinique renommée' })).toContainText('Éditeur libre');

    // Server-side search.
    await admin.input('licences-search').fill('renommée');
    await expect(admin.testId('licences-table').locator('tbody tr')).toHaveCount(1);
    await admin.testId('licences-table').getByRole('button', { name: 'Supprimer Clinique renommée' }).click();
    await expect(admin.testId('confirm-dialog').last()).toBeVisible();
    await admin.expectAccessible();
    await page.getByTestId('confirm-ok').click();
    await expect(admin.testId('licences-notice')).toHaveText('Licence « Clinique renommée » supprimée.');
    await expect(admin.testId('licences-table')).not.toContainText('Clinique renommée');
  });

  test('admin: own licence only, role rules in the form, field-level messages, 409 duplicate, resend explained, licence switch', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    await admin.signIn(ADMIN);
    await expect(admin.testId('admin-profile-role')).toHaveText('Administrateur');
    await expect(admin.testId('admin-tab-licences')).toHaveCount(0);
    await expect(admin.testId('users-table')).toContainText(USER);
    await expect(admin.testId('users-table')).not.toContainText(SUPER);
    await admin.expectAccessible();

    // Resend is disabled and explained for an activated account.
    const userRow = admin.testId('users-table').locator('tr', { hasText: USER });
    await expect(userRow.getByRole('button', { name: "Compte déjà activé : pas d'invitation à renvoyer." })).toBeDisabled();

    await admin.testId('user-create').click();
    await admin.testId('user-role').click();
    await expect(page.getByRole('option', { name: 'Super-administrateur' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await admin.input('user-email').fill('pas-un-email');
    await admin.input('user-password').fill('court');
    await admin.input('user-first-name').fill('é'.repeat(257));
    await admin.testId('user-save').click();
    await expect(admin.testId('user-email')).toContainText('Adresse e-mail invalide');
    await expect(admin.testId('user-password')).toContainText('Au moins 8 caractères');
    await expect(admin.testId('user-first-name')).toContainText('Au plus 256 caractères');
    expect(admin.callsTo('admin/createUser')).toBe(0);

    // The platform's 409 on a taken e-mail, in plain words; the form stays filled in.
    await admin.input('user-email').fill(USER);
    await admin.input('user-password').fill('Un-Mot-De-Passe-1');
    await admin.input('user-first-name').fill('Doublon');
    await admin.testId('user-save').click();
    await expect(admin.testId('user-form-error')).toHaveText('Cette adresse e-mail est déjà utilisée par un autre compte.');
    await expect(admin.input('user-first-name')).toHaveValue('Doublon');
    await page.keyboard.press('Escape');

    // Switching licence reloads the whole view for licence 2 (no account there yet).
    await admin.choose('admin-licence-switch', 'Cabinet Bron (formation, vide)');
    await expect(admin.input('admin-licence-switch')).toHaveValue('Cabinet Bron (formation, vide)');
    await expect(admin.testId('users-table')).not.toContainText(USER);
    await admin.testId('admin-tab-integrations').click();
    await expect(admin.testId('integrations-active')).toContainText('Aucune');
  });

  test('user: signs in, sees the profile and is told there is nothing to administer', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    await admin.signIn(USER);
    await expect(admin.testId('admin-profile-role')).toHaveText('Utilisateur');
    await expect(admin.testId('admin-no-rights')).toContainText("n'a pas de droits d'administration");
    await expect(admin.testId('users-panel')).toHaveCount(0);
    await admin.expectAccessible();
    await admin.signOut();
  });

  test('invitation round trip: invite, follow the link from the training mailbox, set the password, sign in', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    const email = 'nouvelle.recrue@formation.example';
    await admin.open(previewHost);
    await admin.signIn(ADMIN);
    await admin.testId('user-invite').click();
    await admin.input('invite-email').fill('pas@valide');
    await admin.testId('invite-send').click();
    await expect(admin.testId('invite-email')).toContainText('Adresse e-mail invalide');
    expect(admin.callsTo('admin/inviteUser')).toBe(0);
    await admin.input('invite-email').fill(email);
    await admin.input('invite-first-name').fill('Nina');
    await admin.testId('invite-send').click();
    await expect(admin.testId('users-notice')).toHaveText(`Invitation envoyée à ${email}.`);
    const row = admin.testId('users-table').locator('tr', { hasText: email });
    await expect(row).toContainText('Invitation en attente');
    await row.getByRole('button', { name: `Renvoyer l'invitation à ${email}` }).click();
    await expect(admin.testId('users-notice')).toHaveText(`Invitation renvoyée à ${email}.`);
    await admin.signOut();

    await admin.setPasswordFromMailbox(email, 'Nina-Mot-De-Passe-1', () => admin.expectAccessible());
    await expect(admin.testId('admin-password-set')).toHaveText('Mot de passe enregistré : vous pouvez vous connecter.');
    await expect(admin.input('admin-email')).toHaveValue(email);
    await admin.input('admin-password').fill('Nina-Mot-De-Passe-1');
    await admin.testId('admin-sign-in-submit').click();
    await expect(admin.testId('admin-profile-name')).toHaveText('Nina');

    // The same link cannot be used twice.
    await admin.signOut();
    await admin.setPasswordFromMailbox(email, 'Encore-Un-Autre-2');
    await expect(admin.testId('admin-set-password-error')).toContainText('Ce lien est invalide, déjà utilisé ou expiré');
  });

  test('integrations: 409 with its way out, probe of a broken then a healthy publisher, malformed referential refused', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    await admin.signIn(SUPER);
    await admin.testId('admin-tab-integrations').click();
    await admin.choose('integrations-licence', 'Cabinet Bron (formation, vide)');
    await expect(admin.testId('integrations-active')).toContainText('Aucune');

    await admin.testId('integrations-kind-testServer').click();
    await admin.input('test-server-url').fill('ftp://pas-http');
    await admin.testId('test-server-save').click();
    await expect(admin.testId('test-server-url')).toContainText('Adresse web invalide');
    expect(admin.callsTo('admin/saveTestServerIntegration')).toBe(0);
    await admin.input('test-server-url').fill('http://127.0.0.1:9/serveur-de-test');
    await admin.testId('test-server-save').click();
    await expect(admin.testId('integrations-active')).toContainText('Serveur de test');

    // A publisher on a licence with a test server: 409, explained, with the way out.
    await admin.testId('integrations-kind-publisher').click();
    await admin.input('publisher-office-id').fill('BRON-1');
    await admin.input('publisher-contract-url').fill('http://127.0.0.1:9/api/kioskIntegrationService/v1');
    await expect(admin.testId('publisher-supported-routes')).toContainText('ignoré');
    await admin.testId('publisher-save').click();
    await expect(admin.testId('integrations-conflict')).toContainText('Cette licence a déjà une autre intégration');
    await admin.testId('integrations-delete-other').click();
    await page.getByTestId('confirm-ok').click();
    await expect(admin.testId('integrations-active')).toContainText('Aucune');
    await expect(admin.input('publisher-office-id')).toHaveValue('BRON-1');

    // The dead publisher: five red routes, kiosk configuration locked.
    await admin.testId('publisher-save').click();
    await expect(admin.testId('kiosk-lock')).toHaveAttribute('data-state', 'locked');
    await expect(page.locator('[data-testid^="probe-"][data-ok="false"]')).toHaveCount(5);
    await expect(admin.testId('probe-officePlaces')).toContainText('Le logiciel médical ne répond pas');
    await admin.expectAccessible();

    // A malformed referential never leaves the renderer; each problem names its place.
    await admin.testId('referential-file').locator('input[type="file"]').setInputFiles({
      name: 'referentiel.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"examTypes": [{"id": 1}], "rooms": [{"id": true, "name": "A"}]}'),
    });
    await expect(admin.testId('referential-problems')).toContainText('examTypes.0.name');
    await expect(admin.testId('referential-problems')).toContainText('rooms.0.id');
    await expect(admin.testId('referential-send')).toBeDisabled();
    expect(admin.callsTo('admin/uploadReferential')).toBe(0);

    // The healthy training publisher of licence 1: five green routes, kiosk configuration unlocked.
    await admin.choose('integrations-licence', "Centre d'imagerie Lyon (formation)");
    await expect(admin.testId('integrations-active')).toContainText('Éditeur (contrat)');
    await admin.testId('publisher-save').click();
    await expect(admin.testId('kiosk-lock')).toHaveAttribute('data-state', 'unlocked');
    await expect(page.locator('[data-testid^="probe-"][data-ok="true"]')).toHaveCount(5);

    // Back later from another section: the check that passed is what the lock says, with its time, not "run the check".
    await page.getByTestId('nav-printers').click();
    await page.getByTestId('nav-admin').click();
    await admin.testId('admin-tab-integrations').click();
    await expect(admin.input('integrations-licence')).toHaveValue("Centre d'imagerie Lyon (formation)");
    await expect(admin.testId('kiosk-lock')).toHaveAttribute('data-state', 'unlocked');
    await expect(admin.testId('kiosk-lock-checked-at')).toContainText('Dernière vérification');
    await expect(page.locator('[data-testid^="probe-"][data-ok="true"]')).toHaveCount(5);
    // The dead publisher of Bron stays as its last probe left it.
    await admin.choose('integrations-licence', 'Cabinet Bron (formation, vide)');
    await expect(admin.testId('kiosk-lock')).toHaveAttribute('data-state', 'locked');
    expect(admin.callsTo('admin/probeIntegration')).toBe(0);
  });

  test('admin: saving a user is confirmed in sight even far down the list; cockpit access is explained', async ({ page, previewHost }) => {
    // A short window: the list runs past the bottom, as on a reception screen with many accounts.
    await page.setViewportSize({ width: 1280, height: 420 });
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    await admin.signIn(ADMIN);
    const row = admin.testId('users-table').locator('tr', { hasText: INVITED });
    await expect(row).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The top of the list, where a message above it would be, is out of sight.
    await expect(admin.testId('users-search')).not.toBeInViewport();
    await row.getByRole('button', { name: `Modifier ${INVITED}` }).click();
    await admin.input('user-phone').fill('+33 4 72 00 00 04');
    await admin.testId('user-save').click();
    await expect(admin.testId('users-notice')).toHaveText(`Compte ${INVITED} enregistré.`);
    await expect(admin.testId('users-notice')).toBeInViewport();
    await admin.expectAccessible();

    // What the cockpit switch grants is said under it.
    await row.getByRole('button', { name: `Modifier ${INVITED}` }).click();
    await expect(admin.testId('user-cockpit')).toContainText('Le cockpit, ce sont les pages web de la plateforme (connexion, outils), hors de ce poste.');
  });

  test('the seeded invited account accepts its invitation from the training mailbox, dated in French', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    const today = new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date());
    await admin.setPasswordFromMailbox(INVITED, 'Noe-Mot-De-Passe-1', async () => {
      const mails = admin.testId('training-mailbox').locator('[data-testid^="mail-"]');
      await expect(mails.first()).toContainText(`${INVITED} — ${today}`);
      await expect(admin.testId('training-mailbox')).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    });
    await expect(admin.testId('admin-password-set')).toHaveText('Mot de passe enregistré : vous pouvez vous connecter.');
    await admin.input('admin-password').fill('Noe-Mot-De-Passe-1');
    await admin.testId('admin-sign-in-submit').click();
    await expect(admin.testId('admin-profile-name')).toHaveText('Noé Garnier');
  });

  test('session expiry: "sign in again" over the form, which keeps what was typed', async ({ page, previewHost }) => {
    const admin = new AdminPage(page);
    await admin.open(previewHost);
    // A throw-away admin account, created and later deleted straight on the platform.
    await admin.signIn(SUPER);
    await admin.testId('admin-tab-users').click();
    await admin.testId('user-create').click();
    await admin.input('user-email').fill('ephemere@formation.example');
    await admin.input('user-password').fill('Ephemere-Pass-1');
    await admin.choose('user-role', 'Administrateur');
    await admin.testId('user-save').click();
    await expect(admin.testId('users-notice')).toContainText('ephemere@formation.example');
    await admin.signOut();

    await admin.signIn('ephemere@formation.example', 'Ephemere-Pass-1');
    await admin.testId('user-create').click();
    await admin.input('user-email').fill('brouillon@formation.example');
    await admin.input('user-password').fill('Brouillon-Pass-1');
    await admin.input('user-last-name').fill('Brouillon');

    // Meanwhile the account is deleted elsewhere: its token is no longer honoured.
    await deleteAccountElsewhere(previewHost, 'ephemere@formation.example');

    await admin.testId('user-save').click();
    await expect(admin.testId('admin-expired')).toBeVisible();
    await expect(page.getByText('Votre session d\'administration a expiré')).toBeVisible();
    await admin.expectAccessible();
    await page.getByTestId('admin-expired').getByTestId('admin-email').locator('input').fill(ADMIN);
    await page.getByTestId('admin-expired').getByTestId('admin-password').locator('input').fill('formation');
    await page.getByTestId('admin-expired').getByTestId('admin-sign-in-submit').click();
    await expect(admin.testId('admin-expired')).toBeHidden();
    await expect(admin.input('user-last-name')).toHaveValue('Brouillon');
    await admin.testId('user-save').click();
    await expect(admin.testId('users-notice')).toContainText('brouillon@formation.example');
  });
});

/**
 * Deletes an account through the platform itself, as another administrator would.
 * The training platform's address is read from a reset link in its mailbox.
 */
async function deleteAccountElsewhere(host: PreviewHost, email: string): Promise<void> {
  await ipc(host, 'admin/forgotPassword', { email });
  const outbox = (await ipc(host, 'admin/trainingOutbox', { to: email })) as { messages: { link: string | null }[] };
  const platformUrl = new URL(outbox.messages.at(-1)!.link!).origin;
  const login = await fetch(`${platformUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'super@formation.example', password: 'formation' }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const users = (await (await fetch(`${platformUrl}/users`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number; email: string }[];
  const target = users.find((user) => user.email === email)!;
  const deleted = await fetch(`${platformUrl}/users/${target.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
  expect(deleted.status).toBe(200);
}
