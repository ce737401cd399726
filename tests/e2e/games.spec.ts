import type { Page } from '@playwright/test';
import { expect, freezeClock, pretendSignedIn, test, waitForIsland, waitForSession } from './support';

const catalogue = [
  {
    name: 'Fishing for Sats!',
    details: '/games/fishing-for-sats',
    url: '/arcade-games/fishing-for-sats/',
  },
  { name: 'REKT!', details: '/games/rekt', url: '/arcade-games/rekt/' },
  { name: 'Mr Quiz', details: '/games/mr-quiz', url: '/arcade-games/mr-quiz/' },
];

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

test.describe('games catalogue', () => {
  test('lists every game with its badge, description and buttons, and no made-up rating', async ({ page }) => {
    await page.goto('/games');
    await expect(page.getByRole('heading', { level: 1, name: 'ARCADE GAMES' })).toBeVisible();
    await waitForSession(page);
    for (const game of catalogue) {
      const c = card(page, game.name);
      await expect(c.getByText('ONLINE')).toBeVisible();
      // Players cannot rate games, so no card claims a rating (README: Ratings).
      await expect(c).not.toContainText(/Rated|out of 5/);
      await expect(c.getByRole('link', { name: 'SIGN UP TO PLAY' })).toBeVisible();
      await expect(c.getByRole('link', { name: 'GAME DETAILS' })).toHaveAttribute('href', game.details);
      await expect(c.getByRole('region', { name: `${game.name} screenshots` }).locator('img')).toHaveCount(5);
    }
    const more = card(page, 'MORE GAMES');
    await expect(more.getByText('COMING SOON')).toBeVisible();
    await expect(more.getByRole('button', { name: 'NOTIFY ME' })).toBeDisabled();
    // Disabled here, with the reason and the way to the real one.
    await expect(more.getByRole('button', { name: 'NOTIFY ME' })).toHaveAccessibleDescription(
      'Sign in and press NOTIFY ME on your dashboard to get one e-mail when a new game lands.',
    );
  });

  test('rotates REKT every 3000 ms and fishing every 3200 ms', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/games');
    const rekt = card(page, 'REKT!').getByRole('region', { name: 'REKT! screenshots' });
    const fishing = card(page, 'Fishing for Sats!').getByRole('region', { name: 'Fishing for Sats! screenshots' });
    await rekt.scrollIntoViewIfNeeded();
    await waitForIsland(page, '[aria-label="REKT! screenshots"]');
    await waitForIsland(page, '[aria-label="Fishing for Sats! screenshots"]');
    await expect(rekt).toHaveAttribute('data-carousel-index', '0');
    // The pointer may have rested on a carousel (paused); once it is away, wait until both timers
    // are armed again before moving the clock.
    await page.mouse.move(0, 0);
    await expect(rekt).toHaveAttribute('data-carousel-running', 'true');
    await expect(fishing).toHaveAttribute('data-carousel-running', 'true');
    await page.clock.runFor(2999);
    await expect(rekt).toHaveAttribute('data-carousel-index', '0');
    await page.clock.runFor(1);
    await expect(rekt).toHaveAttribute('data-carousel-index', '1');
    await expect(fishing).toHaveAttribute('data-carousel-index', '0');
    await page.clock.runFor(200);
    await expect(fishing).toHaveAttribute('data-carousel-index', '1');
    await page.clock.runFor(3000 * 4);
    await expect(rekt).toHaveAttribute('data-carousel-index', '0');
  });

  test('starts at the top of the page', async ({ page }) => {
    await page.goto('/games');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a signed-out visitor pressing play is told to sign up and sent home', async ({ page }) => {
    await page.goto('/games');
    // the button's own path, not the play page's (which sends signed-out visitors home the same way)
    await waitForIsland(page, 'a[href^="/play?url=%2Farcade-games%2Frekt%2F"]');
    await card(page, 'REKT!').getByRole('link', { name: 'SIGN UP TO PLAY' }).click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Sign Up Required');
    await expect(toast).toContainText('Please sign up or log in to play REKT! and access the arcade.');
  });

  test('a signed-in player pressing PLAY NOW goes to the play page with the game url and name', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/games');
    const play = card(page, 'Mr Quiz').getByRole('link', { name: 'PLAY NOW' });
    await expect(play).toBeVisible();
    await play.click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/play' &&
        url.searchParams.get('url') === '/arcade-games/mr-quiz/' &&
        url.searchParams.get('name') === 'Mr Quiz',
    );
  });

  test('GAME DETAILS opens each detail page', async ({ page }) => {
    for (const game of catalogue) {
      await page.goto('/games');
      await card(page, game.name).getByRole('link', { name: 'GAME DETAILS' }).click();
      await expect(page).toHaveURL(new RegExp(`${game.details}$`));
      await expect(page.getByRole('heading', { level: 1, name: game.name })).toBeVisible();
    }
  });
});

test.describe('REKT! detail page', () => {
  test('shows the tagline, no rating, four screenshots, features, mission and both launch buttons', async ({
    page,
  }) => {
    await page.goto('/games/rekt');
    await expect(page.getByRole('link', { name: 'Back to Portal' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('img', { name: 'REKT! logo' })).toBeVisible();
    await expect(page.getByText('Protect Your Capital from Inflation!')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('4.8');
    await waitForSession(page);
    await expect(page.getByRole('link', { name: 'SIGN UP TO PLAY' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'START PLAYING NOW' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Screenshots' }).getByRole('img')).toHaveCount(4);
    await expect(page.getByRole('region', { name: "What's in the Game" }).getByRole('listitem')).not.toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Our Mission' })).toContainText('inflation');
  });

  test('the closing START PLAYING NOW sends a signed-out visitor home with the toast', async ({ page }) => {
    await page.goto('/games/rekt');
    await waitForSession(page);
    await waitForIsland(page, 'a:text("START PLAYING NOW")');
    await page.getByRole('link', { name: 'START PLAYING NOW' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toContainText('Sign Up Required');
  });

  test('signed in, PLAY NOW replaces SIGN UP TO PLAY', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/games/rekt');
    await expect(page.getByRole('link', { name: 'PLAY NOW' })).toHaveAttribute(
      'href',
      '/play?url=%2Farcade-games%2Frekt%2F&name=REKT%21',
    );
  });
});

test.describe('Fishing for Sats! detail page', () => {
  test('shows the carousel, nine feature cards, status and competition cards', async ({ page }) => {
    await page.goto('/games/fishing-for-sats');
    await expect(page.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/games');
    await expect(page.getByRole('list', { name: 'Fishing for Sats! features' }).getByRole('listitem')).toHaveCount(9);
    await expect(page.getByRole('region', { name: 'Game Status' })).toContainText('BETA');
    await expect(page.getByRole('link', { name: 'VIEW LEADERBOARDS' })).toHaveAttribute('href', '/leaderboards');
    await waitForSession(page);
    await expect(page.getByRole('link', { name: 'SIGN UP TO PLAY' })).toBeVisible();
  });

  test('the carousel turns every 4 seconds and its dots pick a screenshot', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/games/fishing-for-sats');
    const carousel = page.getByRole('region', { name: 'Fishing for Sats! screenshots' });
    await waitForIsland(page, '[aria-label="Fishing for Sats! screenshots"]');
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    await expect(carousel).toHaveAttribute('data-carousel-running', 'true');
    await page.clock.runFor(3999);
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    await page.clock.runFor(1);
    await expect(carousel).toHaveAttribute('data-carousel-index', '1');
    await carousel.getByRole('button', { name: 'Show screenshot 4 of 5' }).click();
    await expect(carousel).toHaveAttribute('data-carousel-index', '3');
    await expect(carousel.getByRole('button', { name: 'Show screenshot 4 of 5' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('the carousel dots sit below the picture and are 44 px tap targets', async ({ page }) => {
    await page.goto('/games/fishing-for-sats');
    const carousel = page.getByRole('region', { name: 'Fishing for Sats! screenshots' });
    const picture = await carousel.getByRole('img').first().boundingBox();
    const dots = carousel.getByRole('button', { name: /Show screenshot/ });
    await expect(dots).toHaveCount(5);
    for (const dot of await dots.all()) {
      const box = (await dot.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y).toBeGreaterThanOrEqual(picture!.y + picture!.height);
    }
  });

  test('signed in, the launch button says CAST YOUR LINE NOW!', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/games/fishing-for-sats');
    await page.getByRole('link', { name: 'CAST YOUR LINE NOW!' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/play' && url.searchParams.get('name') === 'Fishing for Sats!',
    );
  });

  test('signed out, the launch button sends the visitor home', async ({ page }) => {
    await page.goto('/games/fishing-for-sats');
    await waitForSession(page);
    await waitForIsland(page, 'a:text("SIGN UP TO PLAY")');
    await page.getByRole('link', { name: 'SIGN UP TO PLAY' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toContainText(
      'Please sign up or log in to play Fishing for Sats! and access the arcade.',
    );
  });
});

test.describe('Mr Quiz detail page', () => {
  test('shows the features grid, game-info and competition cards', async ({ page }) => {
    await page.goto('/games/mr-quiz');
    await expect(page.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/games');
    await expect(page.getByRole('list', { name: 'Mr Quiz features' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Game Info' })).toContainText('September 2025');
    await expect(page.getByRole('link', { name: 'VIEW LEADERBOARDS' })).toHaveAttribute('href', '/leaderboards');
    await waitForSession(page);
    await expect(page.getByRole('link', { name: 'SIGN UP TO PLAY' })).toBeVisible();
  });

  test('signed in, the launch button says START QUIZ NOW!', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/games/mr-quiz');
    await expect(page.getByRole('link', { name: 'START QUIZ NOW!' })).toHaveAttribute(
      'href',
      '/play?url=%2Farcade-games%2Fmr-quiz%2F&name=Mr+Quiz',
    );
  });
});
