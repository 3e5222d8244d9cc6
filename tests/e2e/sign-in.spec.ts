import { expect, launchPreviewHost, test } from './fixtures';
import { SignInPage } from './pages/sign-in-page';

test.describe('staff sign-in through the preview host and the training sandbox', () => {
  test('renders in French with its icons and the training badge', async ({ page, previewHost }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const signIn = new SignInPage(page);
    await signIn.open(previewHost.openUrl);
    await expect(signIn.heading).toHaveText('Connexion accueil');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(signIn.submit).toHaveText(/Se connecter/);
    await expect(signIn.trainingBadge).toHaveText('Formation');
    // The token left the address bar once the bridge kept it.
    expect(page.url()).not.toContain(previewHost.token);
    // Icons come from the bundled Material Design Icons font, not a CDN.
    const icon = page.locator('.mdi-account-outline').first();
    await expect(icon).toBeVisible();
    const iconFont = await icon.evaluate((element) => getComputedStyle(element, '::before').fontFamily);
    expect(iconFont).toContain('Material Design Icons');
    expect(await page.evaluate(() => document.fonts.check('24px "Material Design Icons"'))).toBe(true);
    const glyph = await icon.evaluate((element) => getComputedStyle(element, '::before').content);
    expect(glyph).not.toBe('none');
    expect(errors).toEqual([]);
  });

  test('shows a clear French message for invalid credentials, never a raw code', async ({ page, previewHost }) => {
    const signIn = new SignInPage(page);
    await signIn.open(previewHost.openUrl);
    await signIn.signIn('accueil', 'pas-le-bon');
    await expect(signIn.error).toHaveText('Identifiant ou mot de passe incorrect');
    await expect(page.locator('body')).not.toContainText('INVALID_CREDENTIALS');
    await expect(page.locator('body')).not.toContainText('401');
    // The login and password stay, the password selected to be typed again; nothing but the real error.
    await expect(signIn.login).toHaveValue('accueil');
    await expect(signIn.password).toHaveValue('pas-le-bon');
    await expect(signIn.password).toBeFocused();
    await expect(page.locator('body')).not.toContainText('Champ obligatoire');
    await expect(page).toHaveURL(/#\/sign-in/);
  });

  test('signs in with valid credentials and reaches the board', async ({ page, previewHost }) => {
    const signIn = new SignInPage(page);
    await signIn.open(previewHost.openUrl);
    await signIn.signIn('accueil', 'formation');
    await expect(page).toHaveURL(/#\/board$/);
    await expect(page.getByTestId('board-welcome')).toHaveText('Bonjour Élodie Mercier');
    await expect(page.getByTestId('staff-name')).toHaveText('Élodie Mercier');
    await expect(signIn.connection).toHaveAttribute('data-state', 'online');
    await expect(signIn.connection).toHaveText('Connecté au logiciel médical');
    // Every section of the product is reachable from the navigation.
    await page.getByTestId('nav-printers').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprimantes');
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('language-toggle').getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(signIn.connection).toHaveText('Connected to the medical system');
    await page.getByTestId('language-toggle').getByRole('button', { name: 'Français' }).click();
    await page.screenshot({ path: 'test-results/settings.png' });
    // Sign out returns to the sign-in screen and the board is closed again.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/#\/sign-in/);
    await page.goto(`${previewHost.url}/#/board`);
    await expect(page).toHaveURL(/#\/sign-in/);
  });

  test('Enter pressed before the sign-in check has loaded still signs in (a fresh desk on a busy PC)', async ({ page, previewHost }) => {
    // The check's code (zod and the contract's schemas) loads after the screen: held here until Enter is pressed.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/assets\/schemas-[\w-]+\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    const signIn = new SignInPage(page);
    await signIn.open(previewHost.openUrl);
    await expect.poll(() => held).toBeGreaterThan(0);
    await signIn.signIn('accueil', 'formation');
    release();
    await expect(page).toHaveURL(/#\/board$/);
    // The desk keeps its session for the next page: signed out, as the tests after this one expect.
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/#\/sign-in/);
  });

  test('the sign-in is on screen before the app has loaded: what is typed there, and Enter, sign in once it has', async ({ page, previewHost }) => {
    // The app's code (Vue, Vuetify, the shell) held: only the boot script has run.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(previewHost.openUrl);
    const boot = page.getByTestId('boot-sign-in');
    await expect(boot.getByRole('heading', { level: 1 })).toHaveText('Connexion accueil');
    await expect(page.getByTestId('boot-sign-in-login')).toBeFocused();
    await expect(page.getByTestId('sign-in-login')).toHaveCount(0);
    await page.getByTestId('boot-sign-in-login').pressSequentially('accueil');
    await page.getByTestId('boot-sign-in-password').fill('formation');
    await page.getByTestId('boot-sign-in-password').press('Enter');
    release();
    await expect(page).toHaveURL(/#\/board$/);
    await expect(page.getByTestId('staff-name')).toHaveText('Élodie Mercier');
    await expect(boot).toHaveCount(0);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/#\/sign-in/);
  });

  test('a page reopened on a signed-in desk goes to the board, and a page open to anyone to itself: no sign-in drawn first', async ({ page, previewHost }) => {
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="boot-sign-in"]')) (window as { bootSeen?: boolean }).bootSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const signIn = new SignInPage(page);
    await signIn.open(previewHost.openUrl);
    await signIn.signIn('accueil', 'formation');
    await expect(page).toHaveURL(/#\/board$/);
    await page.reload();
    await expect(page.getByTestId('staff-name')).toHaveText('Élodie Mercier');
    expect(await page.evaluate(() => (window as { bootSeen?: boolean }).bootSeen ?? false)).toBe(false);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/#\/sign-in/);
    await page.goto(`${previewHost.url}/#/printers`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Imprimantes');
    expect(await page.evaluate(() => (window as { bootSeen?: boolean }).bootSeen ?? false)).toBe(false);
  });

  test('follows an English system locale', async ({ browser, previewHost }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.open(previewHost.openUrl);
    await expect(signIn.heading).toHaveText('Reception sign-in');
    await signIn.signIn('accueil', 'wrong');
    await expect(signIn.error).toHaveText('Incorrect login or password');
    await context.close();
  });

  test('refuses to work without the per-run token', async ({ page, previewHost }) => {
    const signIn = new SignInPage(page);
    await signIn.open(`${previewHost.url}/#/sign-in`);
    await signIn.signIn('accueil', 'formation');
    await expect(signIn.error).toHaveText("Ouvrez l'adresse affichée au démarrage de l'aperçu.");
  });

  test('a staff member of several offices is asked the office place at first sign-in, then it is remembered', async ({ page, sandboxArgs }) => {
    // A desk of its own: the choice is remembered in the data folder, which other specs share otherwise.
    const { host, child } = await launchPreviewHost(['--kiosk-every', '0', ...sandboxArgs]);
    try {
      const signIn = new SignInPage(page);
      await signIn.open(host.openUrl);
      await signIn.signIn('superviseur', 'formation');
      await expect(page).toHaveURL(/#\/board/);
      // Lyon and Villeurbanne: the desk asks rather than starting on the first place.
      const dialog = page.getByTestId('workplace-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Votre poste de travail');
      await expect(page.getByTestId('board-workplace')).toHaveCount(0);
      await expect(dialog.getByTestId('workplace-save')).toBeDisabled();
      await dialog.getByTestId('workplace-place').click();
      await page.getByRole('option', { name: 'Accueil Villeurbanne' }).click();
      await dialog.getByTestId('workplace-desk-label').locator('input').fill('Accueil 2');
      await dialog.getByTestId('workplace-save').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('board-workplace')).toHaveText('Accueil Villeurbanne · Accueil 2');

      // Signed out and in again on this workstation: remembered, not asked again.
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await expect(page).toHaveURL(/#\/sign-in/);
      await signIn.signIn('superviseur', 'formation');
      await expect(page.getByTestId('board-workplace')).toHaveText('Accueil Villeurbanne · Accueil 2');
      await expect(page.getByTestId('workplace-dialog')).toHaveCount(0);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
