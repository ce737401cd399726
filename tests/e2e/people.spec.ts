import { E2E_LONE_FISHER } from './global-setup';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  postSignedRun,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForIsland,
  waitForSession,
} from './support';

// User Management and deleting an account on the real e2e server (README, "Admin room", "Your data").

const origin = () => ({ origin: process.env.E2E_BASE_URL ?? '' });

test.describe('deleting an account', () => {
  test('a player deletes their account from Account Settings, is signed out and lands home with a message', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const username = `Leaving_${Date.now() % 100_000}`;
    const email = await registerThroughApi(page.request, username);
    await signInThroughApi(page, email);
    const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: number };

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Delete Account', exact: true });
    await expect(section).toContainText('Deleted player');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(username);
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Your username').fill('someone_else');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Nothing happened: the account is still there.
    expect((await (await page.request.get('/api/auth/me')).json()).user.username).toBe(username);

    await section.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Your username').fill(username.toLowerCase());
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Account Deleted', 'Your account was deleted. Thank you for playing.', 'success');
    await waitForSession(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect((await (await page.request.get('/api/auth/me')).json()).user).toBeNull();
    expect((await page.request.get(`/api/users/${me.id}/profile`)).status()).toBe(404);
  });
});

test.describe('admin room: user management', () => {
  test('an admin finds a player at /admin/users, bans them with a reason and sees them leave the leaderboard', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000); // two browsers, a run, two boards and the admin's pages on a starved machine
    const username = `Cheater_${Date.now() % 100_000}`;
    // The player plays for Iceland, with a small score: alone on a board no other test reads.
    const playerContext = await browser.newContext();
    const player = await playerContext.newPage();
    await signInThroughApi(player, await registerThroughApi(player.request, username));
    expect((await player.request.put('/api/account', { data: { country: 'IS' }, headers: origin() })).status()).toBe(
      200,
    );
    const { gameToken } = await (await player.request.get('/api/auth/game-token?gameId=rekt')).json();
    const run = await postSignedRun(player.request, gameToken, 'rekt', { runId: `${username}-1`, score: 77, level: 1 });
    expect(run.status()).toBe(201);
    await playerContext.close();

    const iceland = '/leaderboards?game=rekt&scope=country&country=IS';
    await page.goto(iceland);
    await waitForIsland(page, '[role="tablist"]');
    const board = page.getByRole('table', { name: /REKT! ICELAND/i });
    await expect(board.getByRole('link', { name: username, exact: true })).toBeVisible();

    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: /User Management/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await waitForIsland(page, 'form[role="search"]');
    await page.getByLabel('Name, e-mail or id').fill(username.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${username.toUpperCase()}$`));
    await expect(page.getByRole('heading', { name: `1 player matching "${username.toUpperCase()}"` })).toBeVisible();
    const players = page.getByRole('list', { name: 'Players' });
    await expect(players.getByRole('listitem')).toHaveCount(1);
    await players.getByRole('link', { name: new RegExp(username) }).click();

    await expect(page.getByRole('heading', { level: 1, name: new RegExp(username) })).toBeVisible();
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await expect(account).toContainText(`${username.toLowerCase()}@players.test`);
    await expect(account).toContainText('Active');
    const runs = page.getByRole('region', { name: /^Runs/ });
    await expect(runs).toContainText('REKT!');
    await expect(runs).toContainText('verified');
    await waitForIsland(page, 'section[aria-labelledby="player-account"] button');

    await account.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ban "${username}"?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(dialog.getByText('Write a reason (1 to 500 characters).')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Scripted runs on the Iceland board');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Player Banned', username, 'success');
    await expect(account).toContainText('Banned');
    await expect(account).toContainText('Scripted runs on the Iceland board');
    await expect(account.getByRole('button', { name: 'Unban' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audit Log', exact: true })).toContainText(`banned ${username}`);

    await page.goto(iceland);
    await waitForIsland(page, '[role="tablist"]');
    // The board has answered (its table, or the empty board when nobody else plays for Iceland), without them.
    await expect(
      page.getByRole('table', { name: /REKT! ICELAND/i }).or(page.getByText('No players found')),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: username, exact: true })).toHaveCount(0);
  });

  test('the player search and a player page fit a narrow screen @narrow', async ({ page }) => {
    test.setTimeout(180_000); // two pages checked by axe on a starved machine
    await signInAsAdmin(page);
    await page.goto(`/admin/users?q=${E2E_LONE_FISHER.username}`);
    await waitForIsland(page, 'form[role="search"]');
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page
      .getByRole('list', { name: 'Players' })
      .getByRole('link', { name: new RegExp(E2E_LONE_FISHER.username) })
      .click();
    await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(E2E_LONE_FISHER.username);
    await expect(
      page
        .getByRole('region', { name: /^Runs/ })
        .getByRole('button', { name: /^Hide run/ })
        .first(),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
});
