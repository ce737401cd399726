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
