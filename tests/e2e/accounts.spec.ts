import { readFileSync } from 'node:fs';
import { E2E_ADMIN } from './global-setup';
import {
  expect,
  mailCount,
  registerThroughApi,
  signInAsAdmin,
  signInThroughLink,
  site,
  test,
  waitForMail,
} from './support';

test.describe('accounts', () => {
  test('a newcomer signs up, opens the mailed link in a second tab and is signed in', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    const dialog = page.getByRole('dialog', { name: 'JOIN THE ARCADE' });
    await dialog.getByLabel('Username').fill('Newcomer_1');
    await dialog.getByLabel('Email Address').fill('newcomer@players.test');
    await dialog.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Welcome to ${site.productName}!` })).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail('newcomer@players.test');
    expect(mail.text).toContain('expire in 15 minutes');
    const second = await context.newPage();
    // the answer is held until the short-lived 'Signing you in...' state was seen
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await second.route('**/api/auth/verify-magic-link', async (route) => {
      await released;
      await route.continue();
    });
    await second.goto(`/auth/callback?token=${mail.token}`);
    await expect(second.getByText('Signing you in...')).toBeVisible();
    release();
    await expect(second).toHaveURL(/\/$/);
    await expect(second.getByRole('heading', { name: /^Welcome( back)?, Newcomer_1!$/ })).toBeVisible();

    // The first tab learns about the sign-in: it either reloads as signed in or is closed.
    if (!page.isClosed()) {
      await expect(page.getByRole('heading', { name: /^Welcome( back)?, Newcomer_1!$/ })).toBeVisible();
    }
    await expect(second.getByRole('button', { name: 'Account menu for Newcomer_1' })).toBeVisible();
  });

  test('a used link is refused with a toast and the visitor lands on the home page', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Twice_Clicker');
    const mail = await waitForMail(email);
    await page.goto(`/auth/callback?token=${mail.token}`);
    // asked for through the API, not in this browser: it asks first
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome( back)?, Twice_Clicker!$/ })).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`/auth/callback?token=${mail.token}`);
    await expect(page.getByRole('alert')).toContainText('Sign In Failed');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();
  });

  test('a link opened in a browser that did not ask for it asks Continue as <username>? before signing in', async ({
    page,
    browser,
  }) => {
    const email = await registerThroughApi(page.request, 'Asked_Here');
    const mail = await waitForMail(email);
    const other = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { 'x-forwarded-for': '10.250.1.1' },
    });
    const stranger = await other.newPage();
    await stranger.goto(`/auth/callback?token=${mail.token}`);
    await expect(stranger.getByRole('heading', { name: 'Continue as Asked_Here?' })).toBeVisible();
    await stranger.getByRole('button', { name: 'Cancel' }).click();
    await expect(stranger).toHaveURL(/\/$/);
    await expect(stranger.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();

    // Cancel spent nothing: the browser that asked still signs in at once, without a question
    await page.goto(`/auth/callback?token=${mail.token}`);
    await expect(page.getByRole('heading', { name: /^Welcome( back)?, Asked_Here!$/ })).toBeVisible();
    await other.close();
  });

  test('a player signs in on another device with the code from the mail', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Code_Player');
    const before = mailCount(email);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'WELCOME BACK' });
    await expect(dialog.getByText('Sign in with your email - no password needed')).toBeVisible();
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(dialog.getByText('CHECK YOUR EMAIL!')).toBeVisible();
    await expect(dialog).toContainText(email);
    const mail = await waitForMail(email, before);
    await dialog.getByRole('textbox', { name: /code/i }).fill(mail.code!);
    await dialog.getByRole('button', { name: 'Sign In with Code' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome( back)?, Code_Player!$/ })).toBeVisible();
  });

  test('a player signs out from the account menu', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Leaving_Soon');
    await signInThroughLink(page, email);
    await page.getByRole('button', { name: 'Account menu for Leaving_Soon' }).click();
    await expect(page.getByRole('link', { name: 'Admin Room' })).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toEqual({ user: null });
    expect((await page.request.get('/api/account')).status()).toBe(401);
  });

  test('only an administrator sees the Admin Room in the account menu', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.username}` }).click();
    await expect(page.getByRole('link', { name: 'Admin Room' })).toHaveAttribute('href', '/admin');
  });

  test('account settings show the e-mail and save a new country', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Globe_Trotter');
    await signInThroughLink(page, email);
    await page.goto('/account');
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('combobox', { name: /country/i }).selectOption('JP');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Account Updated' })).toBeVisible();
    const account = await page.request.get('/api/account');
    expect((await account.json()).country).toBe('JP');
  });

  test('a player downloads their own data from account settings', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Data_Keeper');
    await signInThroughLink(page, email);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Your Data' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sats-arcade-Data_Keeper-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(data).toMatchObject({ format: 'sats-arcade-account-export', account: { username: 'Data_Keeper', email } });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
  });
});
