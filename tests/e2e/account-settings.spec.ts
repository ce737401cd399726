import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  pretendSignedIn,
  pretendSignedOut,
  stubApi,
  test,
  testPlayer,
  waitForSession,
} from './support';

// The Account Settings page with the API answered in the browser; tests/e2e/accounts.spec.ts saves
// a country on the real server.

const account = {
  user: testPlayer,
  country: 'DE',
  memberSince: '2025-06-09T12:00:00Z',
  activeSessions: 3,
  notifyNewGames: false,
};

async function openAccount(page: Page) {
  await pretendSignedIn(page);
  await stubApi(page, '**/api/account', { json: account });
  await page.goto('/account');
  await expect(page.getByText(testPlayer.email)).toBeVisible();
}

test.describe('account settings', () => {
  test('a signed-out visitor is asked to sign in, and the button opens the sign-in dialog', async ({ page }) => {
    await pretendSignedOut(page);
    await page.goto('/account');
    await waitForSession(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to manage your account' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'WELCOME BACK' })).toBeVisible();
  });

  test('a player sees their name, e-mail, join date, country and how many sessions are open', async ({ page }) => {
    await openAccount(page);
    const main = page.getByRole('main');
    await expect(main).toContainText(testPlayer.username);
    await expect(main).toContainText('Member since');
    await expect(main.locator('time')).toHaveText('06/09/25');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
    await expect(page.getByRole('combobox', { name: 'Country' }).locator('option').first()).toHaveText('Not set');
    await expect(main).toContainText('Active sessions: 3');
  });

  test('a player saves a new country and is told it worked, or why it did not', async ({ page }) => {
    await openAccount(page);
    const save = await stubApi(page, '**/api/account', { json: { ...account, country: 'JP' } }, { held: true });
    await page.getByRole('combobox', { name: 'Country' }).selectOption('JP');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    save.release();
    await expectToast(page, 'Account Updated', 'Your country has been saved.', 'success');
    expect(save.bodies).toEqual([{ country: 'JP' }]);

    await page.unroute('**/api/account');
    await stubApi(page, '**/api/account', { status: 400, json: { error: 'Choose a country' } });
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update Failed', 'Choose a country', 'destructive');
  });

  test('a player gives a Lightning Address for prizes: a wrong one is explained in place, a good one is saved lower-cased', async ({
    page,
  }) => {
    await openAccount(page);
    const field = page.getByRole('textbox', { name: 'Lightning Address' });
    await expect(field).toHaveValue('');
    const save = await stubApi(page, '**/api/account/lightning-address', {
      json: {
        lightningAddress: 'fan@wallet.example.com',
        message: 'Prizes can now be paid to fan@wallet.example.com.',
      },
    });
    await field.fill('not an address');
    await page.getByRole('button', { name: 'Update Address' }).click();
    await expect(page.getByText('Enter a Lightning Address like name@wallet.com')).toBeVisible();
    expect(save.bodies).toEqual([]);
    await field.fill(' Fan@Wallet.Example.com ');
    await page.getByRole('button', { name: 'Update Address' }).click();
    await expectToast(page, 'Account Updated', 'Prizes can now be paid to fan@wallet.example.com.', 'success');
    expect(save.bodies).toEqual([{ lightningAddress: 'fan@wallet.example.com' }]);
    await expect(field).toHaveValue('fan@wallet.example.com');
  });

  test('a player signs out everywhere and lands on the home page', async ({ page }) => {
    await openAccount(page);
    const everywhere = await stubApi(page, '**/api/account/sign-out-everywhere', {
      json: { success: true, revoked: 3 },
    });
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(everywhere.bodies).toHaveLength(1);
  });

  test('the page passes axe', async ({ page }) => {
    await openAccount(page);
    await expectAccessible(page);
  });

  test('the page fits a phone and passes axe @narrow', async ({ page }) => {
    await openAccount(page);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
