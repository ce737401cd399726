import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, expectToast, registerThroughApi, signInAsAdmin, signInThroughLink, test, waitForIsland } from './support';

// The admin room's avatar collection on the real server, as the e2e run's administrator (user 1).

async function openAvatars(page: Page) {
  await signInAsAdmin(page);
  await page.goto('/admin/avatars');
  await expect(page.getByRole('heading', { level: 1, name: 'Avatar Collection' })).toBeVisible();
  await waitForIsland(page, 'ul[aria-label="Avatar collection"]');
}

test.describe('admin room: avatar collection', () => {
  test('a player is sent from /admin and /admin/avatars to the home page', async ({ page }) => {
    const email = await registerThroughApi(page.request, `Not_Admin_${Date.now() % 100000}`);
    await signInThroughLink(page, email);
    for (const path of ['/admin', '/admin/avatars']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('the Admin Room shows its cards, the coming-soon ones disabled', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Room' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Tournaments/ })).toHaveAttribute('href', '/admin/tournaments');
    await expect(page.getByRole('link', { name: /Avatar Collection/ })).toHaveAttribute('href', '/admin/avatars');
    for (const name of ['User Management', 'Analytics', 'System Settings']) await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('Coming Soon', { exact: true })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Reset Leaderboards' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Broadcast Message' })).toBeDisabled();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
  });

  test('an admin creates an avatar with an uploaded image, edits it and deletes it', async ({ page }) => {
    await openAvatars(page);
    const name = `Block Builder ${Date.now() % 100000}`;
    const avatarId = name.toLowerCase().replace(/ /g, '-');
    await page.getByRole('button', { name: '+ New Avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Avatar' });
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog).toContainText(`Avatar ID: ${avatarId}`);
    await expect(dialog.getByLabel('Rarity')).toHaveValue('common');
    await expect(dialog.getByLabel('Category')).toHaveValue('achievement');
    await expect(dialog.getByRole('checkbox', { name: /Active/ })).toBeChecked();

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#f7931a' } }).png().toBuffer();
    await dialog.getByLabel('Upload Image').setInputFiles({ name: 'builder.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByText(/Uploaded as avatar_\d+_builder\.png \(300x300\)/)).toBeVisible();
    await expect(dialog.getByLabel('Image File')).toHaveValue(/^avatar_\d+_builder\.png$/);
    await dialog.getByLabel('Upload Image').setInputFiles({ name: 'evil.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await expect(dialog.getByText('Upload a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted).')).toBeVisible();
    await dialog.getByLabel('Rarity').selectOption('epic');
    await dialog.getByLabel('Category').selectOption('tournament');
    await dialog.getByRole('button', { name: 'Create Avatar' }).click();
    await expectToast(page, 'Avatar Created', `${name} (${avatarId}) was saved.`, 'success');

    const card = page.getByRole('listitem').filter({ hasText: avatarId });
    await expect(card).toContainText('epic');
    await expect(card).toContainText('tournament');
    await expect(card.getByRole('img', { name })).toBeVisible();
    await expect.poll(() => card.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Avatar' });
    await expect(edit).toContainText(`Avatar ID: ${avatarId}`);
    await edit.getByLabel('Image File').fill('no-such-file.png');
    await expect(edit.getByText('Image not found')).toBeVisible();
    await edit.getByLabel('Name').fill(`${name} II`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Avatar Updated', `${name} II (${avatarId}) was saved.`, 'success');
    await expect(card.getByText('Image not found')).toBeVisible();
    await expectAccessible(page);

    await card.getByRole('button', { name: `Delete ${name} II` }).click();
    const confirm = page.getByRole('dialog', { name: `Are you sure you want to delete "${name} II"?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Avatar Deleted', `${name} II was deleted.`, 'success');
    await expect(page.getByRole('listitem').filter({ hasText: avatarId })).toHaveCount(0);
  });

  test('the achievement cards\' reward avatars can be edited but offer no delete; tournament avatars do', async ({ page }) => {
    await openAvatars(page);
    await expect(page.getByRole('button', { name: 'Delete REKT! Beginner' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit REKT! Beginner' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Laser Eyes' })).toBeVisible();
  });

  test('@narrow the avatar collection fits a 360 px screen', async ({ page }) => {
    await openAvatars(page);
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: '+ New Avatar' }).click();
    await expect(page.getByRole('dialog', { name: 'New Avatar' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
