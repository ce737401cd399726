import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  postSignedRun,
  pretendSignedOut,
  registerThroughApi,
  signInThroughApi,
  test,
} from './support';

/**
 * Post a REKT! run with `score` through the Game API, as a game's own server would (signed with the
 * game's secret: README, "Fair play"); a real run of that score would take minutes to fly.
 */
async function postRektRun(page: Page, score: number) {
  const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=rekt')).json();
  const answer = await postSignedRun(page.request, gameToken, 'rekt', {
    runId: `e2e-${Date.now()}-${score}`,
    score,
    level: 12,
  });
  expect(answer.status()).toBe(201);
}

test.describe('achievements and avatars', () => {
  test('a player reaches 15,000 in REKT!, claims the beginner avatar, and wears it everywhere', async ({
    page,
    request,
  }) => {
    const email = await registerThroughApi(request, 'Tier_Climber');
    await signInThroughApi(page, email);
    await postRektRun(page, 15_000);
    const me = (await (await page.request.get('/api/auth/me')).json()).user;

    await page.goto('/');
    await expect(page.getByText('Achievements Nailed')).toBeVisible();
    await expect(page.getByText('3/18')).toBeVisible();
    await page.getByRole('link', { name: 'VIEW ALL' }).click();
    await expect(page).toHaveURL(/\/achievements$/);

    const beginner = page.getByRole('tab', { name: /REKT! Beginner/ });
    await expect(beginner).toContainText('3/3');
    await beginner.click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('[data-unlocked="true"]')).toHaveCount(3);
    await expect(panel.getByText('15,000 Points', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: /REKT! Pro/ })).toContainText('0/3');

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The suite runs with reduced motion (playwright.config.ts); this player wants the confetti.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const claim = panel.getByRole('button', { name: 'CLAIM REWARD!' });
    await claim.click();
    await expectToast(page, 'Avatar Claimed!', /REKT! Beginner/, 'success');
    const celebration = page.getByTestId('celebration');
    await expect(celebration).toBeVisible();
    await expect(celebration).toContainText('REKT! Beginner');
    // The confetti are drawn: the canvas over the page has coloured pixels (a policy that refused
    // the drawing worker left it empty).
    const confettiDrawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body > canvas')].some((canvas) => {
          const { data } = (canvas as HTMLCanvasElement)
            .getContext('2d')!
            .getImageData(0, 0, (canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height);
          for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
          return false;
        }),
      );
    await expect.poll(confettiDrawn).toBe(true);
    await expect(celebration).toBeHidden();
    expect(errors).toEqual([]);
    await expect(panel.getByRole('button', { name: 'CLAIMED!' })).toBeDisabled();

    await page.goto(`/users/${me.id}`);
    await expect(page.getByRole('heading', { name: 'Avatar Collection (1)' })).toBeVisible();
    await expect(page.getByText('Click on an avatar to set it as your active avatar')).toBeVisible();
    await page.getByRole('button', { name: /REKT! Beginner/ }).click();
    await page.getByRole('button', { name: 'Set as Active Avatar' }).click();
    await expectToast(page, 'Avatar Updated!', 'Your avatar has been updated successfully!', 'success');
    await expect(page.getByRole('button', { name: 'Current Avatar' })).toBeDisabled();

    await page.reload();
    await expect(page.getByRole('button', { name: `Account menu for ${me.username}` }).locator('img')).toHaveAttribute(
      'src',
      /fiat-bird/,
    );
    await page.goto('/leaderboards?game=rekt');
    await page.getByRole('button', { name: 'Jump to My Row' }).click();
    const ownRow = page.locator('tr[data-own]');
    await expect(ownRow.locator('img')).toHaveAttribute('src', /fiat-bird/);
  });

  test('the button reads CLAIMED! as soon as the claim is answered, before the cards are asked again', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, await registerThroughApi(request, 'Quick_Claimer'));
    await postRektRun(page, 15_000);
    await page.goto('/achievements');
    await page.getByRole('tab', { name: /REKT! Beginner/ }).click();
    const panel = page.getByRole('tabpanel');
    const claim = panel.getByRole('button', { name: 'CLAIM REWARD!' });
    await expect(claim).toBeEnabled();

    // The cards asked again after the claim wait: only the claim's own answer has arrived.
    let asked = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/achievements', async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/avatars/claim'));
    await claim.click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => asked).toBeGreaterThan(0);
    await expect(panel.getByRole('button', { name: 'CLAIMED!' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'CLAIM REWARD!' })).toHaveCount(0);
    release();
    await expect(page.getByRole('tab', { name: /REKT! Beginner/ })).toContainText('3/3');
    await expect(panel.getByRole('button', { name: 'CLAIMED!' })).toBeDisabled();
  });

  test('a player without an active avatar gets no Current Avatar button, only Set as Active Avatar once one is chosen', async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, await registerThroughApi(request, 'No_Face'));
    const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: number };
    const ownProfile = async () => {
      await page.goto(`/users/${me.id}`);
      await expect(page.locator('astro-island:has(#avatar-collection)')).not.toHaveAttribute('ssr', /.*/);
    };
    // No avatar at all: nothing to choose, nothing to save.
    await ownProfile();
    await expect(page.getByText('No avatars collected yet')).toBeVisible();
    await expect(page.getByRole('button', { name: /Current Avatar|Set as Active Avatar/ })).toHaveCount(0);

    // An avatar in the collection, none active yet.
    await postRektRun(page, 15_000);
    const claimed = await page.request.post('/api/avatars/claim', {
      data: { achievementCardId: 'beginner', avatarId: 'fiat-bird' },
      headers: { origin: process.env.E2E_BASE_URL ?? '' },
    });
    expect(claimed.status()).toBe(200);
    await ownProfile();
    await expect(page.getByText('Click on an avatar to set it as your active avatar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Current Avatar' })).toHaveCount(0);
    await page.getByRole('button', { name: /REKT! Beginner/ }).click();
    await expect(page.getByRole('button', { name: 'Set as Active Avatar' })).toBeEnabled();
  });

  test('a claim for an unfinished card is refused by the server with a toast', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Eager_Claimer');
    await signInThroughApi(page, email);
    const answer = await page.request.post('/api/avatars/claim', {
      data: { achievementCardId: 'hardcore', avatarId: 'fiat-clown' },
    });
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    expect(answer.status()).toBeLessThan(500);
    await page.goto('/achievements');
    await page.getByRole('tab', { name: /REKT! HARDCORE/ }).click();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'LOCKED' })).toBeDisabled();
  });

  test('signed out, the achievements page asks to sign in', async ({ page }) => {
    await pretendSignedOut(page);
    await page.goto('/achievements');
    await expect(page.getByText('Authentication Required')).toBeVisible();
    await expect(page.getByText('Please log in to view your achievements and track your progress.')).toBeVisible();
  });

  test('a profile is public, rendered by the server, and a missing one says so', async ({ page }) => {
    await pretendSignedOut(page);
    await page.goto('/users/3');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Profile Not Found');
    await expect(page.getByRole('heading', { name: 'Game Performance' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Avatar Collection \(\d+\)/ })).toBeVisible();
    await expect(page.getByText('Click on an avatar to set it as your active avatar')).toHaveCount(0);
    const missing = await page.goto('/users/999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
    await expect(page.getByText('This user profile does not exist or has been removed.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Leaderboards' }).click();
    await expect(page).toHaveURL(/\/leaderboards$/);
  });

  test('the achievements page and a profile pass axe', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Axe_Checker');
    await signInThroughApi(page, email);
    await page.goto('/achievements');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expectAccessible(page);
    await page.goto('/users/3');
    await expect(page.getByRole('heading', { name: 'Game Performance' })).toBeVisible();
    await expectAccessible(page);
  });

  test('achievements and profiles fit a narrow screen @narrow', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Narrow_Hero');
    await signInThroughApi(page, email);
    await page.goto('/achievements');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto('/users/3');
    await expect(page.getByRole('heading', { name: 'Game Performance' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
