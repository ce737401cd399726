import { expect, test } from '@playwright/test';
import { pretendSignedIn, signedOutAfter, site } from './support';

test.describe('home page', () => {
  test('names the product while the session loads, then shows the signed-out hero', async ({ page }) => {
    await signedOutAfter(page, 800);
    await page.goto('/');
    await expect(page.getByText(`Loading ${site.productName}...`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: site.productName })).toBeVisible();
    await expect(page.getByText(`Loading ${site.productName}...`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'ABOUT' })).toHaveAttribute('href', '/about');
    await expect(page.getByRole('main').getByRole('link', { name: 'DONATE' })).toHaveAttribute('href', '/donate');
  });

  test('the hero buttons lead to the about and donation pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'DONATE' }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'ABOUT' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('greets a signed-in player by name', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back, satoshi_fan!' })).toBeVisible();
    await expect(page.getByText('Ready to dominate the arcade?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toHaveCount(0);
  });
});
