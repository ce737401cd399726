import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, pretendSignedIn, registerThroughApi, signInThroughLink, test } from './support';

/** The moment the stubbed tests' clock starts at. */
const NOW = new Date('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const avatar = (avatarId: string, avatarName: string) => ({
  avatarId,
  avatarName,
  imageUrl: `/api/assets/avatars/${avatarId}.png`,
  unlockCriteria: 'Top 3 finish',
  requirement: { type: 'top_3', value: 3, minScore: null },
});

/** A featured tournament as `GET /api/tournaments/featured` answers it. */
function featured(status: 'active' | 'upcoming', overrides: Record<string, unknown> = {}) {
  const startDate = status === 'active' ? at(-DAY) : at(2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND);
  return {
    id: 41,
    name: 'Winter Fishing Derby Deluxe',
    gameId: 'rekt',
    description: 'Stack sats before the snow melts.',
    startDate,
    endDate: at(5 * DAY),
    startTime: startDate,
    status,
    participantCount: 12,
    imageUrl: null,
    rewards: {
      totalPrizePool: 21000,
      prizeDistribution: { '1': 10000, '2-5': 2000, random: 3000 },
      avatarRewards: [avatar('btc-player', 'Tourney Regular'), avatar('laser-eyes', 'Laser Eyes'), avatar('hodl-knight', 'HODL Knight'), avatar('pizza-chef', 'Pizza Chef'), avatar('sats-miner', 'Sats Miner')],
    },
    hasReport: false,
    ...overrides,
  };
}

/** Stop the page's clock at `time`: timers fire only when the test moves time on. */
async function stopClockAt(page: Page, time: Date) {
  await page.clock.install({ time: new Date(time.getTime() - SECOND) });
  await page.clock.pauseAt(time);
}

async function stubFeatured(page: Page, answer: unknown) {
  await page.route('**/api/tournaments/featured', (route) => route.fulfill({ json: answer }));
}

async function openTournamentMenu(page: Page) {
  const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /TOURNAMENT/ });
  await toggle.click();
  return toggle;
}

test.describe('the header TOURNAMENT menu', () => {
  test('pulses green and offers Active Tournament while the featured tournament runs', async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, featured('active'));
    await page.goto('/about');
    await expect(page.locator('[data-featured="active"]').first()).toBeVisible();
    const toggle = await openTournamentMenu(page);
    await expect(toggle).toHaveClass(/text-accent/);
    await expect(toggle).toHaveClass(/animate-glow/);
    await expect(page.getByRole('link', { name: 'Active Tournament' })).toHaveAttribute('href', '/tournament');
    await expect(page.getByRole('link', { name: 'Upcoming Tournaments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Past Tournaments' })).toBeVisible();
  });

  test('turns yellow without Active Tournament while the featured one is upcoming', async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, featured('upcoming'));
    await page.goto('/about');
    await expect(page.locator('[data-featured="upcoming"]').first()).toBeVisible();
    const toggle = await openTournamentMenu(page);
    await expect(toggle).toHaveClass(/text-warning/);
    await expect(page.getByRole('link', { name: 'Upcoming Tournaments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Active Tournament' })).toHaveCount(0);
  });

  test('stays plain with no featured tournament, and asks again every 60 s', async ({ page }) => {
    await page.clock.install({ time: NOW });
    await pretendSignedIn(page);
    let calls = 0;
    await page.route('**/api/tournaments/featured', (route) => {
      calls++;
      return route.fulfill({ json: calls === 1 ? null : featured('active') });
    });
    await page.goto('/about');
    await expect.poll(() => calls).toBe(1);
    await expect(page.locator('[data-featured]')).toHaveCount(0);
    await page.clock.runFor(61 * SECOND);
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await expect(page.locator('[data-featured="active"]').first()).toBeVisible();
  });

  test('is never asked for by a signed-out visitor', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/tournaments/featured', (route) => {
      calls++;
      return route.fulfill({ json: featured('active') });
    });
    await page.goto('/about');
    await openTournamentMenu(page);
    await expect(page.getByRole('link', { name: 'Past Tournaments' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Active Tournament' })).toHaveCount(0);
    expect(calls).toBe(0);
  });
});

test.describe('the dashboard featured card', () => {
  test('counts down to the start every second, cuts the name, shows the pool and three avatars plus the rest', async ({ page }) => {
    await stopClockAt(page, NOW);
    await pretendSignedIn(page);
    await stubFeatured(page, featured('upcoming'));
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Winter Fishing ...' });
    await expect(card).toBeVisible();
    await expect(card.getByText('STARTS IN:')).toBeVisible();
    await expect(card.getByText('2d 3h 4m 5s')).toBeVisible();
    await page.clock.runFor(2 * SECOND);
    await expect(card.getByText('2d 3h 4m 3s')).toBeVisible();
    await expect(card.getByText('21,000 sats')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Avatar rewards' }).getByRole('img')).toHaveCount(3);
    await expect(card.getByText('+2')).toBeVisible();
    await expect(card.getByRole('link', { name: 'VIEW TOURNAMENT' })).toHaveAttribute('href', '/tournament/41');
    await expect(card.getByText('ACTIVE!')).toHaveCount(0);
  });

  test('BEST TOURNAMENT FINISH comes from the tournament participation', async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, null);
    await page.route('**/api/user/7/tournament-participation', (route) => route.fulfill({ json: { tournamentCount: 4, bestFinish: 2 } }));
    await page.goto('/');
    const best = page.getByRole('region', { name: 'Overall Arcade Performance' }).getByRole('definition').nth(1);
    await expect(best).toHaveText('#2');
  });

  test("shows ACTIVE! for a running tournament and 'Rewards' without a prize pool", async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, featured('active', { name: 'Short Cup', rewards: { totalPrizePool: 0, prizeDistribution: { '1': 0, '2-5': 0, random: 0 }, avatarRewards: [] } }));
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Short Cup' });
    await expect(card.getByText('ACTIVE!')).toBeVisible();
    await expect(card.getByText('Rewards', { exact: true })).toBeVisible();
    await expect(card.getByText('STARTS IN:')).toHaveCount(0);
  });

  test('is left out when no tournament is active or upcoming', async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, null);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Choose your game...' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'VIEW TOURNAMENT' })).toHaveCount(0);
  });
});

/** A board page as `GET /api/tournaments/{id}/leaderboard` answers it. */
function boardPage(entries: { userId: number; username: string; score: number; fish?: { name: string; points: number; weight: number; quality: number }[] }[]) {
  return {
    entries: entries.map((e, i) => ({
      rank: i + 1,
      userId: e.userId,
      username: e.username,
      score: e.score,
      level: null,
      country: 'DE',
      createdAt: '2026-10-02T09:12:00.000Z',
      fishCaught: e.fish?.length ?? 0,
      fishDetails: e.fish ?? [],
      activeAvatar: null,
    })),
    pagination: { page: 1, limit: 50, hasMore: false, totalPlayers: entries.length },
  };
}

test.describe('the featured tournament page', () => {
  test('sends a signed-out visitor home', async ({ page }) => {
    await page.goto('/tournament');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/tournament/41');
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('signed in', () => {
    test.beforeEach(async ({ page, request }, testInfo) => {
      const email = await registerThroughApi(request, `tourney_${testInfo.project.name.slice(0, 1)}${Date.now() % 1_000_000}`);
      await signInThroughLink(page, email);
    });

    test("counts down to the end of a running fishing tournament, with fish weights in kg, and refreshes the board every 10 s", async ({ page }) => {
      await stopClockAt(page, NOW);
      await stubFeatured(page, featured('active', { gameId: 'fishing-for-sats', endDate: at(1 * DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND) }));
      let boardCalls = 0;
      await page.route('**/api/tournaments/41/leaderboard*', (route) => {
        boardCalls++;
        return route.fulfill({
          json: boardPage([
            { userId: 501, username: 'reel_queen', score: 1800, fish: [{ name: 'Golden Koi', points: 900, weight: 3.4, quality: 5 }, { name: 'Sat Snapper', points: 900, weight: 1.25, quality: 3 }] },
            { userId: 502, username: 'bass_hodler', score: 900 + boardCalls },
          ]),
        });
      });
      await page.goto('/tournament');
      await expect(page.getByRole('heading', { level: 1, name: 'Winter Fishing Derby Deluxe' })).toBeVisible();
      await expect(page.getByText('ENDS IN')).toBeVisible();
      await expect(page.getByText('1d 2h 3m 4s')).toBeVisible();
      await page.clock.runFor(SECOND);
      await expect(page.getByText('1d 2h 3m 3s')).toBeVisible();
      await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();

      const board = page.getByRole('table');
      await expect(board.getByRole('link', { name: 'reel_queen' })).toBeVisible();
      await page.getByRole('button', { name: /show reel_queen's fishing results/ }).click();
      // The dialog loads on demand, and React reveals it on a timer of the stopped clock.
      await page.clock.runFor(SECOND);
      const dialog = page.getByRole('dialog', { name: "reel_queen's Fishing Results" });
      await expect(dialog.getByText('3.4 kg')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();

      const before = boardCalls;
      await page.clock.runFor(10 * SECOND);
      await expect.poll(() => boardCalls).toBeGreaterThan(before);
      await expect(board.getByText(String(900 + boardCalls))).toBeVisible();
    });

    test('counts down to the start of an upcoming tournament and asks again on focus', async ({ page }) => {
      await stopClockAt(page, NOW);
      let calls = 0;
      await page.route('**/api/tournaments/featured', (route) => {
        calls++;
        return route.fulfill({ json: featured('upcoming') });
      });
      await page.route('**/api/tournaments/41/leaderboard*', (route) => route.fulfill({ json: boardPage([]) }));
      await page.goto('/tournament');
      await expect(page.getByText('STARTS IN')).toBeVisible();
      await expect(page.getByText('2d 3h 4m 5s')).toBeVisible();
      await expect(page.getByText('No players found')).toBeVisible();
      const seen = calls;
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect.poll(() => calls).toBeGreaterThan(seen);
    });

    test('labels a finished tournament COMPLETED with a way to its results', async ({ page }) => {
      await page.route('**/api/tournaments/41', (route) => route.fulfill({ json: { ...featured('active', { startDate: at(-3 * DAY), startTime: at(-3 * DAY), endDate: at(-DAY), status: 'past' }), prizeAwards: [] } }));
      await page.route('**/api/tournaments/41/leaderboard*', (route) => route.fulfill({ json: boardPage([{ userId: 501, username: 'reel_queen', score: 1800 }]) }));
      await page.goto('/tournament/41');
      await expect(page.getByText('COMPLETED', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Results' })).toHaveAttribute('href', '/tournament/41/results');
      await expect(page.getByText('ENDS IN')).toHaveCount(0);
    });

    test("says 'No Tournament Available' with a way back to the games", async ({ page }) => {
      await stubFeatured(page, null);
      await page.goto('/tournament');
      await expect(page.getByRole('heading', { name: 'No Tournament Available' })).toBeVisible();
      await expect(page.getByText('There are no active or upcoming tournaments at the moment.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/games');
      await expectAccessible(page);
    });
  });
});
