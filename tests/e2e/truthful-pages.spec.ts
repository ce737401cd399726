import type { Page } from '@playwright/test';
import { tournamentForm } from '../support/tournaments';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  lookByEye,
  pastResultsPath,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForSession,
} from './support';

// Every sentence a player reads is true of the product (issue 35): the pages whose copy changed, what
// they say now, and their screenshots at 1366 px and 360 px (test-results/screens/).

const origin = () => ({ origin: process.env.E2E_BASE_URL ?? '' });

async function shoot(page: Page, narrow: boolean, name: string) {
  await lookByEye(page, { path: `test-results/screens/${narrow ? 'narrow' : 'desktop'}-${name}.png`, fullPage: true });
}

for (const narrow of [false, true]) {
  const tag = narrow ? ' @narrow' : '';

  test(`a visitor's home leads to the games and tournaments under the hero${tag}`, async ({ page }) => {
    await page.goto('/');
    const games = page.getByRole('region', { name: 'The Games' });
    for (const [name, path] of [
      ['Fishing for Sats!', '/games/fishing-for-sats'],
      ['REKT!', '/games/rekt'],
      ['Mr Quiz', '/games/mr-quiz'],
    ])
      await expect(games.getByRole('link', { name: `GAME DETAILS of ${name}` })).toHaveAttribute('href', path);
    const tournaments = page.getByRole('region', { name: 'Tournaments' });
    await expect(tournaments.getByRole('link', { name: 'UPCOMING' })).toHaveAttribute('href', '/tournaments/upcoming');
    await expect(tournaments.getByRole('link', { name: 'PAST RESULTS' })).toHaveAttribute('href', '/tournaments/past');
    await expect(page.getByText(/Rated|out of 5/)).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await shoot(page, narrow, 'home-visitor');
  });

  test(`the help, privacy, about, games and fishing pages say what the arcade does${tag}`, async ({ page }) => {
    await page.goto('/help');
    const help = page.getByRole('main');
    await expect(help).toContainText('Add a Lightning Address');
    await expect(help).not.toContainText('so a moderator can arrange where to send your sats');
    await expect(help).toContainText(/once you.re signed in, it glows green/);
    await shoot(page, narrow, 'help');

    await page.goto('/privacy');
    const privacy = page.getByRole('main');
    await expect(privacy).toContainText('the arcade loads nothing about you from a game');
    await expect(privacy).toContainText('when a new game comes to the arcade');
    await expect(privacy).toContainText('one-click unsubscribe link');
    await expect(privacy).not.toContainText('We only e-mail you when you ask for a sign-in link');
    await shoot(page, narrow, 'privacy');

    await page.goto('/about');
    await expect(page.getByRole('main')).not.toContainText('49');
    await shoot(page, narrow, 'about');

    await page.goto('/games');
    await expect(page.getByText('Sign in and press NOTIFY ME on your dashboard')).toBeVisible();
    await shoot(page, narrow, 'games');

    await page.goto('/games/fishing-for-sats');
    const fishing = page.getByRole('main');
    await expect(fishing).not.toContainText('creaking boards');
    await expect(fishing).not.toContainText('how your fishing skills grow over time');
    await expect(fishing).toContainText('waves rising and falling');
    await shoot(page, narrow, 'fishing-detail');
  });

  test(`a new player's dashboard, profile and account say what is true of them${tag}`, async ({ page, request }) => {
    const username = `Fresh_${narrow ? 'n' : 'd'}${Date.now() % 1_000_000}`;
    await signInThroughApi(page, await registerThroughApi(request, username));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${username}!` })).toBeVisible();
    const performance = page.getByRole('region', { name: 'Overall Arcade Performance' });
    await expect(performance).toContainText('plays, all games together');
    await expect(performance).toContainText('0 of 3');
    await shoot(page, narrow, 'dashboard-first-visit');

    await page.goto('/account');
    await waitForSession(page);
    await expect(page.getByRole('combobox', { name: 'Country' }).locator('option').first()).toHaveText('Not set');
    await shoot(page, narrow, 'account');
  });

  test(`a player's profile adds no score across games, and results add up${tag}`, async ({ page, browser }) => {
    const ranked = JSON.parse(process.env.E2E_LEADERBOARD_PLAYERS ?? '{}').ranked as { id: number };
    await page.goto(`/users/${ranked.id}`);
    const overall = page.getByRole('region', { name: 'Overall Statistics' });
    await expect(overall).toContainText('Games Played');
    await expect(overall).not.toContainText('Best Score');
    await expect(overall).not.toContainText('Total Score');
    await shoot(page, narrow, 'profile');

    await page.goto(await pastResultsPath(browser));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, narrow, 'results');
  });

  test(`the admin room announces a new game, and an upcoming tournament's payouts page says when prizes come${tag}`, async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    const section = page.getByRole('region', { name: 'New Game Announcement' });
    await expect(section).toContainText('on the new-game list');
    await waitForSession(page);
    const announce = section.getByRole('button', { name: 'ANNOUNCE' });
    if (await announce.count()) {
      await announce.click();
      const dialog = page.getByRole('dialog', { name: /^Announce .* to the new-game list\?$/ });
      await expect(dialog).toContainText('one-click unsubscribe link');
      await shoot(page, narrow, 'admin-announce-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    await shoot(page, narrow, 'admin-room');

    // Far ahead, so it is nobody's featured tournament while a nearer one is upcoming.
    const start = Math.floor(Date.now() / 1000) * 1000 + 400 * 86_400_000;
    const created = await page.request.post('/api/admin/tournaments', {
      data: tournamentForm(
        `Payout Cup ${narrow ? 'N' : 'D'}${Date.now() % 100_000}`,
        'rekt',
        start,
        start + 3_600_000,
        {
          firstPlaceSats: 21_000,
          secondToFifthSats: 4_000,
          randomParticipantSats: 1_000,
        },
      ),
      headers: origin(),
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).tournament as { id: number };
    await page.context().clearCookies();
    await page.goto(`/tournament/${id}/payouts`);
    await expect(
      page.getByText('No prizes are awarded before the tournament ends: its 38,000-sat prize pool'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Tournament/ })).toHaveAttribute('href', `/tournament/${id}`);
    await expect(page.getByRole('link', { name: /Back to Results/ })).toHaveCount(0);
    await shoot(page, narrow, 'payouts-upcoming');
    await signInAsAdmin(page);
    expect((await page.request.delete(`/api/admin/tournaments/${id}`, { headers: origin() })).status()).toBe(200);
  });

  test(`the unsubscribe page asks once, and refuses a link it did not make${tag}`, async ({ page }) => {
    await page.goto('/unsubscribe?u=1&k=not-a-key');
    await expect(page.getByRole('button', { name: 'UNSUBSCRIBE' })).toBeVisible();
    await shoot(page, narrow, 'unsubscribe');
    await page.getByRole('button', { name: 'UNSUBSCRIBE' }).click();
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not complete.');
    await expectAccessible(page);
  });
}
