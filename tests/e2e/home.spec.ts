import type { Page } from '@playwright/test';
import {
  expect,
  freezeClock,
  pretendSignedIn,
  signedOutWhenReleased,
  site,
  test,
  testPlayer,
  waitForSession,
} from './support';

/** A session cookie the server does not know (the session then turns out signed out). */
async function holdSessionCookie(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'sats_session', value: 'expired-or-unknown', url: baseURL }]);
}

test.describe('home page', () => {
  test('a visitor without a session cookie gets the hero in the HTML itself', async ({ request }) => {
    const loading = new RegExp(`Loading (<!-- -->)?${site.productName}(<!-- -->)?\\.\\.\\.`);
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    const visitor = await (await request.get('/')).text();
    expect(visitor).toContain('CREATE ACCOUNT');
    expect(visitor).toContain('src="/images/hero.svg"');
    expect(visitor).not.toMatch(loading);

    const withCookie = await request.get('/', { headers: { cookie: 'sats_session=expired-or-unknown' } });
    expect(withCookie.headers()['vary']).toContain('Cookie');
    const html = await withCookie.text();
    expect(html).toMatch(loading);
    expect(html).not.toContain('CREATE ACCOUNT');
    expect(canonical(html)).toBe(canonical(visitor));
    // the session variant has no address of its own
    expect((await request.get('/home-session')).status()).toBe(404);
  });

  test('a visitor sees the hero at once, and keeps it once the session says signed out', async ({ page }) => {
    const session = await signedOutWhenReleased(page);
    await page.goto('/');
    await session.asked;
    await expect(page.getByRole('heading', { level: 1, name: site.productName })).toBeVisible();
    await expect(page.getByText(`Loading ${site.productName}...`)).toHaveCount(0);
    session.release();
    await waitForSession(page);
    await expect(page.getByRole('heading', { level: 1, name: site.productName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();
  });

  test('with a session cookie, names the product while the session loads, then shows the signed-out hero', async ({
    page,
    baseURL,
  }) => {
    await holdSessionCookie(page, baseURL!);
    // the session's answer waits until the loading state was seen, however busy the machine
    const session = await signedOutWhenReleased(page);
    await page.goto('/');
    await expect(page.getByText(`Loading ${site.productName}...`)).toBeVisible();
    session.release();
    await expect(page.getByRole('heading', { level: 1, name: site.productName })).toBeVisible();
    await expect(page.getByText(`Loading ${site.productName}...`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'ABOUT' })).toHaveAttribute('href', '/about');
    await expect(page.getByRole('main').getByRole('link', { name: 'DONATE' })).toHaveAttribute('href', '/donate');
  });

  test("a click before the page's scripts arrived is not lost: CREATE ACCOUNT opens the dialog once they do", async ({
    page,
  }) => {
    // The home screen's code is held back until the hero (in the HTML) was clicked, so the click
    // comes before it hydrates however slow the machine is.
    let held = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/HomeScreen\.[^/]+\.js$/, async (route) => {
      held++;
      await released;
      await route.continue();
    });
    await page.goto('/');
    const hero = page.locator('main').getByRole('button', { name: 'CREATE ACCOUNT' });
    await hero.click();
    await expect(page.locator('astro-island[ssr][component-url*="HomeScreen"]')).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: 'JOIN THE ARCADE' })).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'JOIN THE ARCADE' })).toBeVisible();
    expect(held).toBe(1);
  });

  test('the hero buttons lead to the about and donation pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'DONATE' }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'ABOUT' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('greets a signed-in player by name: "Welcome back" once they have played, "Welcome" before', async ({
    page,
  }) => {
    await pretendSignedIn(page);
    let plays = 0;
    await page.route('**/api/users/7/profile', (route) =>
      route.fulfill({
        json: {
          userId: 7,
          suspended: false,
          user: { username: 'satoshi_fan', country: 'XX', memberSince: '2026-11-01T00:00:00.000Z' },
          activeAvatar: null,
          stats: { totalGamesPlayed: plays, gamesTried: plays ? 1 : 0, lastPlayedAt: null },
          totalAvatars: 0,
          avatarCollection: [],
          gameStats: [],
          tournamentStats: { totalParticipations: 0, bestFinish: null, recentTournaments: [] },
        },
      }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome, satoshi_fan!' })).toBeVisible();
    await expect(page.getByText('Pick a machine below and play your first game.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'CREATE ACCOUNT' })).toHaveCount(0);
    plays = 3;
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, satoshi_fan!' })).toBeVisible();
    await expect(page.getByText('Ready to dominate the arcade?')).toBeVisible();
  });
});

test.describe('dashboard machines', () => {
  test('a signed-in player chooses from every machine with its count and PLAY NOW', async ({ page }) => {
    await pretendSignedIn(page);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Choose your game...' });
    await expect(section.getByText('3 arcade machines available')).toBeVisible();
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(3);
    const rekt = section.getByRole('article', { name: 'REKT!' });
    await expect(rekt.getByText('ONLINE')).toBeVisible();
    await expect(rekt.getByRole('link', { name: 'Read more about REKT!' })).toHaveAttribute('href', '/games/rekt');
    await expect(
      section.getByRole('article', { name: 'Fishing for Sats!' }).getByRole('link', { name: /read more/i }),
    ).toHaveAttribute('href', '/games/fishing-for-sats');
    await expect(
      section.getByRole('article', { name: 'Mr Quiz' }).getByRole('link', { name: /read more/i }),
    ).toHaveCount(0);
    await expect(rekt.getByText(/^\d[\d,]* games played$/)).toBeVisible();
    await expect(rekt.getByRole('link', { name: 'PLAY NOW' })).toHaveAttribute(
      'href',
      '/play?url=%2Farcade-games%2Frekt%2F&name=REKT%21',
    );
  });

  test("a phone's first screen shows the welcome and the first machine, not only the banner @narrow", async ({
    page,
  }) => {
    await pretendSignedIn(page);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`^Welcome( back)?, ${testPlayer.username}!$`) }),
    ).toBeInViewport({ ratio: 1 });
    await expect(page.getByText('Achievements Nailed')).toBeInViewport({ ratio: 1 });
    const first = page.getByRole('region', { name: 'Choose your game...' }).getByRole('article').first();
    // Its screenshots and its name, without scrolling.
    await expect(first.getByRole('heading')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the REKT! machine turns its screenshots every 3000 ms', async ({ page }) => {
    await pretendSignedIn(page);
    await freezeClock(page);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'REKT! screenshots' });
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    await expect(carousel).toHaveAttribute('data-carousel-running', 'true');
    await page.clock.runFor(2999);
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    await page.clock.runFor(1);
    await expect(carousel).toHaveAttribute('data-carousel-index', '1');
  });
});
