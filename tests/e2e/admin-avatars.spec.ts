import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  lookByEye,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForIsland,
} from './support';

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
    await signInThroughApi(page, email);
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
    await expect(page.getByRole('link', { name: /User Management/ })).toHaveAttribute('href', '/admin/users');
    for (const name of ['Analytics', 'System Settings']) await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('Coming Soon', { exact: true })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Reset Leaderboards' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Broadcast Message' })).toBeDisabled();
    // and they look it: drawn as a disabled arcade button (the winners screen's Give to All), not as an enabled outline one
    const reference = await page.evaluate(() => {
      const probe = (className: string, disabled: boolean) => {
        const button = document.createElement('button');
        button.className = className;
        button.disabled = disabled;
        document.querySelector('main')!.append(button);
        const style = getComputedStyle(button);
        const result = { color: style.color, border: style.borderTopColor, background: style.backgroundColor };
        button.remove();
        return result;
      };
      return {
        disabled: probe('btn-arcade btn-sm btn-secondary', true),
        enabledOutline: probe('btn-arcade btn-outline', false),
      };
    });
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { color: style.color, border: style.borderTopColor, background: style.backgroundColor };
    };
    for (const name of ['Reset Leaderboards', 'Broadcast Message']) {
      const drawn = await page.getByRole('button', { name }).evaluate(look);
      expect(drawn.color).toBe(reference.disabled.color);
      expect(drawn.color).not.toBe(reference.enabledOutline.color);
      expect(drawn.background).toBe(reference.disabled.background);
      expect(drawn.border).toBe('rgba(0, 0, 0, 0)');
    }
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_room.png', fullPage: true });
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
  });

  test('the New Avatar form shows the default icon without asking for an image, and its name message goes once a name is typed', async ({
    page,
  }) => {
    await openAvatars(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/assets/avatars/')) asked.push(path);
    });
    await page.getByRole('button', { name: '+ New Avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Avatar' });
    await expect(dialog.getByRole('img', { name: 'Preview: no image yet' })).toBeVisible();
    await expect(dialog.getByText('Image not found')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Create Avatar' }).click();
    await expect(dialog.getByText('Give the avatar a name.')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Name').pressSequentially('Moon Boy', { delay: 20 });
    await expect(dialog.getByText('Give the avatar a name.')).toHaveCount(0);
    await expect(dialog.getByLabel('Name')).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(dialog).toContainText('Avatar ID: moon-boy');
    await expect(dialog.getByRole('img', { name: 'Preview: no image yet' })).toBeVisible();

    // a file name being typed is asked for only once it is an image's name
    await dialog.getByLabel('Image File').pressSequentially('moon', { delay: 20 });
    await expect(dialog.getByRole('img', { name: 'Preview: no image yet' })).toBeVisible();
    await dialog.getByLabel('Image File').pressSequentially('.png', { delay: 20 });
    await expect(dialog.getByText('Image not found')).toBeVisible();
    expect(asked).toEqual(['/api/assets/avatars/moon.png']);
    await lookByEye(page, { path: 'test-results/screens/desktop-admin_new-avatar.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
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

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#f7931a' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Upload Image').setInputFiles({ name: 'builder.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByText(/Uploaded as avatar_\d+_builder\.png \(300x300\)/)).toBeVisible();
    await expect(dialog.getByLabel('Image File')).toHaveValue(/^avatar_\d+_builder\.png$/);
    await dialog.getByLabel('Upload Image').setInputFiles({
      name: 'evil.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(
      dialog.getByText('Upload a PNG, JPEG, WebP or GIF image (SVG and other formats are not accepted).'),
    ).toBeVisible();
    await dialog.getByLabel('Rarity').selectOption('epic');
    await dialog.getByLabel('Category').selectOption('tournament');
    await dialog.getByRole('button', { name: 'Create Avatar' }).click();
    await expectToast(page, 'Avatar Created', `${name} (${avatarId}) was saved.`, 'success');

    const card = page.getByRole('listitem').filter({ hasText: avatarId });
    await expect(card).toContainText('epic');
    await expect(card).toContainText('tournament');
    await expect(card.getByRole('img', { name })).toBeVisible();
    await expect
      .poll(() => card.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(300);

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

  test("the achievement cards' reward avatars can be edited but offer no delete; tournament avatars do", async ({
    page,
  }) => {
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
    await expect(
      page.getByRole('dialog', { name: 'New Avatar' }).getByRole('img', { name: 'Preview: no image yet' }),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await lookByEye(page, { path: 'test-results/screens/narrow-admin_new-avatar.png' });
  });

  test('@narrow the Admin Room fits a 360 px screen', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Reset Leaderboards' })).toBeDisabled();
    await expectNoHorizontalOverflow(page);
    await lookByEye(page, { path: 'test-results/screens/narrow-admin_room.png', fullPage: true });
  });
});
