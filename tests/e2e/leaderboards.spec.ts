import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatShortDate } from '~/lib/format';
import type { LeaderboardEntry, LeaderboardResponse, UserRankResponse } from '~/lib/schemas/leaderboard';
import { E2E_LONE_FISHER, type E2ELeaderboardPlayers } from './global-setup';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  freezeClock,
  lookByEye,
  postSignedRun,
  registerThroughApi,
  signInThroughApi,
  test,
  waitForIsland,
} from './support';

// The e2e server runs on the demo arcade (tests/e2e/global-setup.ts): 200 players with
// countries and runs. What the page shows is checked against what the real API answers.

const players = (): E2ELeaderboardPlayers => JSON.parse(process.env.E2E_LEADERBOARD_PLAYERS ?? '{}');

async function board(
  request: APIRequestContext,
  game: string,
  query = 'type=global',
  page = 1,
): Promise<LeaderboardResponse> {
  const response = await request.get(`/api/leaderboards/${game}?${query}&page=${page}&limit=50`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function openLeaderboards(page: Page, path = '/leaderboards') {
  await page.goto(path);
  await waitForIsland(page, '[role="tablist"]');
}

const table = (page: Page, name: RegExp) => page.getByRole('table', { name });
const bodyRows = (t: Locator) => t.locator('tbody tr');
const rowOf = (t: Locator, username: string) =>
  bodyRows(t).filter({ has: t.page().getByRole('link', { name: username, exact: true }) });
const fishButton = (row: Locator) => row.getByRole('button', { name: /fish: show/ });
/** Only what is on screen: a few details stand in the row twice, once for narrow and once for wide screens. */
const visible = (locator: Locator) => locator.filter({ visible: true });
const kinds = (entry: LeaderboardEntry) => new Set(entry.fishDetails.map((f) => f.name)).size;

test.describe('leaderboards', () => {
  test('the header leads to the leaderboards, which open on the global fishing board', async ({ page }) => {
    await page.goto('/games');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LEADERBOARDS' }).click();
    await expect(page).toHaveURL(/\/leaderboards$/);
    await expect(page.getByRole('heading', { level: 1, name: 'LEADERBOARDS' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LEADERBOARDS' }),
    ).toHaveAttribute('aria-current', 'page');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Fishing for Sats!', 'REKT!', 'Mr Quiz']);
    await expect(page.getByRole('tab', { name: 'Fishing for Sats!' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'GLOBAL' })).toHaveAttribute('aria-pressed', 'true');
    await expect(table(page, /^Fishing for Sats! GLOBAL ALL TIME$/)).toBeVisible();
  });

  test('a visitor sees every row as the API ranks it, the top three with trophies', async ({ page, request }) => {
    const api = await board(request, 'fishing-for-sats');
    await openLeaderboards(page);
    const t = table(page, /Fishing for Sats! GLOBAL ALL TIME/);
    await expect(bodyRows(t)).toHaveCount(api.entries.length);
    await expect(page.getByText(`${api.pagination.totalPlayers} players`, { exact: true })).toBeVisible();

    for (const [i, trophy] of ['Gold trophy', 'Silver trophy', 'Bronze trophy'].entries()) {
      const row = bodyRows(t).nth(i);
      await expect(row.getByRole('img', { name: trophy })).toBeVisible();
      await expect(row).toContainText(`#${i + 1}`);
    }
    await expect(
      bodyRows(t)
        .nth(3)
        .getByRole('img', { name: /trophy/ }),
    ).toHaveCount(0);

    for (const entry of api.entries.slice(0, 12)) {
      const row = rowOf(t, entry.username);
      await expect(row).toContainText(`#${entry.rank}`);
      await expect(row.getByRole('link', { name: entry.username, exact: true })).toHaveAttribute(
        'href',
        `/users/${entry.userId}`,
      );
      await expect(row).toContainText(`${entry.score.toLocaleString('en-US')}points`);
      await expect(row).toContainText(formatShortDate(entry.createdAt));
      await expect(fishButton(row)).toHaveText(entry.fishCaught === 1 ? '1 fish' : `${entry.fishCaught} fish`);
      // no avatar chosen yet: the username's first letter stands in
      await expect(row.locator('td').nth(1)).toContainText(
        `${entry.username.charAt(0).toUpperCase()}${entry.username}`,
      );
      const code = visible(row.locator('abbr'));
      if (entry.country === 'XX') await expect(code).toHaveCount(0);
      else await expect(code).toHaveText(entry.country);
    }
    // Players from an unknown country show no code at all.
    const unknown = api.entries.find((e) => e.country === 'XX');
    expect(unknown, 'the demo arcade has players of unknown country').toBeDefined();
    await expect(rowOf(t, unknown!.username).locator('abbr')).toHaveCount(0);

    // Signed out: no rank of one's own, an invitation to sign in instead.
    await expect(page.getByRole('heading', { name: 'Your Rank' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Where do you rank?' }).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'WELCOME BACK' })).toBeVisible();
  });

  test('Load More Players adds the next page until every player is listed', async ({ page, request }) => {
    const first = await board(request, 'fishing-for-sats');
    const second = await board(request, 'fishing-for-sats', 'type=global', 2);
    expect(first.pagination.hasMore).toBe(true);
    await openLeaderboards(page);
    const t = table(page, /Fishing for Sats! GLOBAL/);
    await expect(bodyRows(t)).toHaveCount(50);
    await expect(page.getByText(`Showing 50 of ${first.pagination.totalPlayers} players`)).toBeVisible();
    await page.getByRole('button', { name: 'Load More Players' }).click();
    await expect(bodyRows(t)).toHaveCount(50 + second.entries.length);
    await expect(bodyRows(t).nth(50)).toContainText(`#51`);
    await expect(rowOf(t, second.entries[0]!.username)).toContainText('#51');
    if (!second.pagination.hasMore)
      await expect(page.getByRole('button', { name: 'Load More Players' })).toHaveCount(0);
  });

  test('changing game, scope or country goes back to page 1 and keeps the choice in the address', async ({
    page,
    request,
  }) => {
    const countries: { code: string; name: string }[] = (
      await (await request.get('/api/leaderboards/countries')).json()
    ).countries;
    expect(countries.length).toBeGreaterThan(2);
    await openLeaderboards(page);
    const loadMore = page.getByRole('button', { name: 'Load More Players' });
    await loadMore.click();
    await expect(bodyRows(table(page, /Fishing for Sats!/))).not.toHaveCount(50);

    await page.getByRole('tab', { name: 'REKT!' }).click();
    await expect(page).toHaveURL(/\?game=rekt$/);
    const rekt = table(page, /^REKT! GLOBAL ALL TIME$/);
    await expect(bodyRows(rekt)).toHaveCount(50);
    await expect(rekt.getByRole('columnheader', { name: 'Level' })).toBeVisible();
    const topRekt = (await board(request, 'rekt')).entries[0]!;
    await expect(rowOf(rekt, topRekt.username)).toContainText(`Level ${topRekt.level}`);
    await loadMore.click();
    await expect(bodyRows(rekt)).not.toHaveCount(50);

    // Country scope: the first country with players is chosen.
    await page.getByRole('button', { name: 'COUNTRY' }).click();
    const select = page.getByRole('combobox', { name: 'Country' });
    await expect(select.locator('option')).toHaveText(countries.map((c) => c.name));
    await expect(select).toHaveValue(countries[0]!.code);
    const firstCountry = await board(request, 'rekt', `type=country&country=${countries[0]!.code}`);
    const countryTable = table(page, new RegExp(`^REKT! ${countries[0]!.name.toUpperCase()} ALL TIME$`));
    await expect(bodyRows(countryTable)).toHaveCount(firstCountry.entries.length);
    await expect(page).toHaveURL(new RegExp(`\\?game=rekt&scope=country&country=${countries[0]!.code}$`));

    // The country with the most players fills more than a page: load more, then switch country.
    const us = await board(request, 'rekt', 'type=country&country=US');
    await select.selectOption('US');
    const usTable = table(page, /^REKT! UNITED STATES ALL TIME$/);
    await expect(bodyRows(usTable)).toHaveCount(Math.min(50, us.entries.length));
    for (const entry of us.entries.slice(0, 5))
      await expect(visible(rowOf(usTable, entry.username).locator('abbr'))).toHaveText('US');
    await expect(usTable.locator('tbody tr').first()).toContainText('#1');

    await page.getByRole('tab', { name: 'Mr Quiz' }).click();
    await expect(page).toHaveURL(/\?game=mr-quiz&scope=country&country=US$/);
    await expect(table(page, /^Mr Quiz UNITED STATES ALL TIME$/)).toBeVisible();

    await page.getByRole('button', { name: 'GLOBAL' }).click();
    await expect(bodyRows(table(page, /^Mr Quiz GLOBAL ALL TIME$/))).toHaveCount(50);
    await expect(page).toHaveURL(/\?game=mr-quiz$/);

    // A shared address opens the same board.
    await openLeaderboards(page, '/leaderboards?game=rekt&scope=country&country=US');
    await expect(page.getByRole('tab', { name: 'REKT!' })).toHaveAttribute('aria-selected', 'true');
    await expect(table(page, /^REKT! UNITED STATES ALL TIME$/)).toBeVisible();
  });

  test('the game tabs work from the keyboard', async ({ page }) => {
    await openLeaderboards(page);
    const fishing = page.getByRole('tab', { name: 'Fishing for Sats!' });
    await fishing.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'REKT!' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'REKT!' })).toHaveAttribute('aria-selected', 'true');
    await expect(table(page, /^REKT! GLOBAL/)).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Mr Quiz' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(fishing).toBeFocused();
    await expect(fishing).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
  });

  test('a country board nobody has played shows the empty state', async ({ page }) => {
    await openLeaderboards(page, '/leaderboards?game=rekt&scope=country&country=IS');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('IS');
    await expect(page.getByRole('heading', { name: 'No players found' })).toBeVisible();
    await expect(page.getByText('Be the first to set a high score!')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Fishing for Sats!' }).click();
    const iceland = table(page, /^Fishing for Sats! ICELAND ALL TIME$/);
    await expect(bodyRows(iceland)).toHaveCount(1);
    await expect(rowOf(iceland, E2E_LONE_FISHER.username)).toContainText('#1');
  });

  test('a failed load says so, and Try Again loads the board', async ({ page }) => {
    let failures = 0;
    await page.route('**/api/leaderboards/fishing-for-sats?*', async (route) => {
      if (failures++ === 0) await route.fulfill({ status: 500, json: { error: 'Something broke' } });
      else await route.fallback();
    });
    await openLeaderboards(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load leaderboard' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(alert).toHaveCount(0);
    await expect(bodyRows(table(page, /Fishing for Sats! GLOBAL/))).toHaveCount(50);
  });

  test('the board is fetched again every 30 seconds', async ({ page }) => {
    await freezeClock(page);
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/leaderboards/fishing-for-sats?') && calls.push(r.url()));
    await openLeaderboards(page);
    await expect(bodyRows(table(page, /Fishing for Sats!/))).toHaveCount(50);
    expect(calls).toHaveLength(1);
    await page.clock.runFor(29_000);
    expect(calls).toHaveLength(1);
    await page.clock.runFor(1_000);
    await expect.poll(() => calls.length).toBe(2);
    expect(new URL(calls[1]!).searchParams.get('page')).toBe('1');
  });

  test("the fish count opens the player's fishing results, fish by fish", async ({ page, request }) => {
    const api = await board(request, 'fishing-for-sats');
    const haul = api.entries.find((e) => kinds(e) > 3);
    const small = api.entries.find((e) => e.fishDetails.length > 1 && kinds(e) <= 3);
    expect(haul && small, 'the demo arcade has big and small catches').toBeTruthy();
    await openLeaderboards(page);
    const t = table(page, /Fishing for Sats!/);

    const button = fishButton(rowOf(t, haul!.username));
    await button.click();
    const dialog = page.getByRole('dialog', { name: `${haul!.username}'s Fishing Results` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`TOTAL SCORE${haul!.score.toLocaleString('en-US')} points`);
    await expect(dialog.getByText('Great haul!')).toBeVisible();
    const fish = dialog.getByRole('listitem');
    const sorted = [...haul!.fishDetails].sort((a, b) => b.points - a.points);
    await expect(fish).toHaveCount(sorted.length);
    for (const [i, f] of sorted.entries()) {
      const item = fish.nth(i);
      await expect(item).toContainText(f.name);
      await expect(item).toContainText(`${f.points.toLocaleString('en-US')}points`);
      const lbs = (f.weight * 2.20462).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      await expect(item).toContainText(`${lbs} lbs`);
      await expect(item.getByRole('img', { name: `Quality: ${f.quality} out of 5` })).toBeVisible();
    }
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await fishButton(rowOf(t, small!.username)).click();
    const smaller = page.getByRole('dialog', { name: `${small!.username}'s Fishing Results` });
    await expect(smaller.getByRole('listitem')).toHaveCount(small!.fishDetails.length);
    await expect(smaller.getByText('Great haul!')).toHaveCount(0);
    await smaller.getByRole('button', { name: 'Close' }).click();
    await expect(smaller).toBeHidden();
  });

  test('the leaderboards have no serious accessibility problems', async ({ page }) => {
    await openLeaderboards(page);
    await expect(bodyRows(table(page, /Fishing for Sats!/))).toHaveCount(50);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'COUNTRY' }).click();
    await expect(page.getByRole('combobox', { name: 'Country' })).toBeEnabled();
    await expectAccessible(page);
  });
});

test.describe('leaderboards for a signed-in player', () => {
  test.use({ storageState: async ({}, use) => use(players().ranked.storageState) });

  test('Your Rank shows their place, the YOU badge marks their row and Jump to My Row reveals it', async ({ page }) => {
    const me = players().ranked;
    await openLeaderboards(page);
    const rank: UserRankResponse = await (
      await page.request.get('/api/leaderboards/fishing-for-sats/user-rank?type=global')
    ).json();
    expect(rank.page, 'the ranked player sits on the second page').toBe(2);

    const card = page.getByRole('region', { name: 'Your Rank' });
    await expect(card.getByRole('definition')).toHaveText([
      `#${rank.rank}`,
      rank.score.toLocaleString('en-US'),
      String(rank.fishCaught),
      String(rank.totalPlayers),
    ]);
    await expect(card.getByRole('term')).toHaveText(['Rank', 'Score', 'Fish Caught', 'Total Players']);

    const t = table(page, /Fishing for Sats!/);
    await expect(bodyRows(t)).toHaveCount(50);
    await expect(rowOf(t, me.username)).toHaveCount(0);
    await card.getByRole('button', { name: 'Jump to My Row' }).click();
    const mine = rowOf(t, me.username);
    await expect(mine).toBeInViewport();
    await expect(mine).toContainText(`#${rank.rank}`);
    await expect(mine.getByText('YOU', { exact: true })).toBeVisible();
    await expect(mine.getByRole('link', { name: me.username, exact: true })).toBeFocused();
    await expect(t.getByText('YOU', { exact: true })).toHaveCount(1);

    // Other games rank by score too and show the level instead of fish.
    await page.getByRole('tab', { name: 'Mr Quiz' }).click();
    const quiz: UserRankResponse = await (
      await page.request.get('/api/leaderboards/mr-quiz/user-rank?type=global')
    ).json();
    await expect(card.getByRole('term')).toHaveText(
      quiz.rank === null ? [] : ['Rank', 'Score', 'Level', 'Total Players'],
    );
    await expect(bodyRows(table(page, /Mr Quiz/))).toHaveCount(50);
    await expectAccessible(page);
  });

  // A slow phone pressed Jump to My Row while the board's rows were still being drawn: the jump found
  // no row in the page, asked the player's rank again and gave up ("Could not find your row").
  test('Jump to My Row pressed while the board is still arriving waits for its rows and asks nothing again', async ({
    browser,
  }) => {
    const me = players().deep;
    const context = await browser.newContext({ storageState: me.storageState });
    const page = await context.newPage();
    // The board's first page never arrives, so the third page, which the jump shows alone, holds the
    // first rows the table draws; every ask of the player's rank after the card's own is held too:
    // the jump has all it needs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/leaderboards\/fishing-for-sats\?(.*&)?page=1(&|$)/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    let rankAsks = 0;
    await page.route(/\/api\/leaderboards\/fishing-for-sats\/user-rank\?/, async (route) => {
      rankAsks += 1;
      if (rankAsks > 1) await held;
      await route.continue().catch(() => undefined);
    });

    await openLeaderboards(page);
    await expect(page.locator('section[aria-busy="true"]')).toHaveCount(1);
    await page.getByRole('region', { name: 'Your Rank' }).getByRole('button', { name: 'Jump to My Row' }).click();

    const mine = rowOf(table(page, /Fishing for Sats!/), me.username);
    await expect(mine).toBeInViewport();
    await expect(mine.getByRole('link', { name: me.username, exact: true })).toBeFocused();
    await expect(page.getByText('Could not find your row')).toHaveCount(0);
    expect(rankAsks).toBe(1);
    release();
    await context.close();
  });

  test('Jump to My Row from the third page fetches that page alone, then players above and back to the top', async ({
    browser,
    request,
  }) => {
    const me = players().deep;
    const context = await browser.newContext({ storageState: me.storageState });
    const page = await context.newPage();
    const asked: number[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/leaderboards/fishing-for-sats') asked.push(Number(url.searchParams.get('page')));
    });
    await openLeaderboards(page);
    const t = table(page, /Fishing for Sats!/);
    await expect(bodyRows(t)).toHaveCount(50);
    const rank: UserRankResponse = await (
      await page.request.get('/api/leaderboards/fishing-for-sats/user-rank?type=global')
    ).json();
    expect(rank.page, 'the deep player sits on the third page').toBe(3);
    const third = await board(request, 'fishing-for-sats', 'type=global', 3);

    await page.getByRole('region', { name: 'Your Rank' }).getByRole('button', { name: 'Jump to My Row' }).click();
    const mine = rowOf(t, me.username);
    await expect(mine).toBeInViewport();
    await expect(mine.getByRole('link', { name: me.username, exact: true })).toBeFocused();
    // Only the player's page is shown, and page 2 was never fetched.
    await expect(bodyRows(t)).toHaveCount(third.entries.length);
    await expect(bodyRows(t).first()).toContainText('#101');
    expect(asked).toEqual([1, 3]);
    await expect(page.getByText('100 players rank higher.')).toBeVisible();
    await page.getByRole('button', { name: 'Show players above' }).scrollIntoViewIfNeeded();
    await lookByEye(page, { path: test.info().outputPath('deep-jump-desktop.png') });
    await expect(page.getByRole('button', { name: 'Load More Players' })).toHaveCount(third.pagination.hasMore ? 1 : 0);

    await page.getByRole('button', { name: 'Show players above' }).click();
    await expect(bodyRows(t)).toHaveCount(50 + third.entries.length);
    await expect(bodyRows(t).first()).toContainText('#51');
    await expect(page.getByText('50 players rank higher.')).toBeVisible();
    expect(asked).toEqual([1, 3, 2]);

    await page.getByRole('button', { name: 'Back to the top' }).click();
    await expect(bodyRows(t)).toHaveCount(50);
    await expect(bodyRows(t).first()).toContainText('#1');
    await expect(page.getByRole('button', { name: 'Show players above' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Fishing for Sats! GLOBAL ALL TIME/ })).toBeFocused();
    await expect(mine).toHaveCount(0);
    await expectAccessible(page);
    await context.close();
  });

  test('the 30-second refresh of a jumped-to board asks only for the pages shown', async ({ browser }) => {
    const context = await browser.newContext({ storageState: players().deep.storageState });
    const page = await context.newPage();
    await freezeClock(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/leaderboards/fishing-for-sats') asked.push(url.searchParams.get('page')!);
    });
    await openLeaderboards(page);
    await page.getByRole('region', { name: 'Your Rank' }).getByRole('button', { name: 'Jump to My Row' }).click();
    await expect(rowOf(table(page, /Fishing for Sats!/), players().deep.username)).toBeVisible();
    asked.length = 0;
    await page.clock.runFor(30_000);
    await expect.poll(() => asked).toEqual(['3']);
    await context.close();
  });

  test('a player who never played is invited to play to get ranked', async ({ browser }) => {
    const context = await browser.newContext({ storageState: players().newcomer.storageState });
    const page = await context.newPage();
    await openLeaderboards(page);
    const card = page.getByRole('region', { name: 'Your Rank' });
    await expect(card).toContainText('Not ranked yet.');
    await expect(card).toContainText('Play Fishing for Sats! to get ranked!');
    await expect(card.getByRole('link', { name: 'Play Now' })).toHaveAttribute(
      'href',
      '/play?url=%2Farcade-games%2Ffishing-for-sats%2F&name=Fishing+for+Sats%21',
    );
    await expect(card.getByRole('button', { name: 'Jump to My Row' })).toHaveCount(0);
    await page.getByRole('button', { name: 'COUNTRY' }).click();
    await expect(card).toContainText('You are not on this board.');
    await expect(card).toContainText('Country boards list players from their home country');
    await expect(card.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
    await context.close();
  });
});

test("a player looking at another country's board is told which board holds their rank and taken there", async ({
  page,
  request,
}) => {
  const username = `Kiwi_${Date.now() % 100_000}`;
  await signInThroughApi(page, await registerThroughApi(request, username));
  const origin = { origin: process.env.E2E_BASE_URL ?? '' };
  expect((await page.request.put('/api/account', { data: { country: 'NZ' }, headers: origin })).status()).toBe(200);
  const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=mr-quiz')).json();
  // One point: the bottom of the Mr Quiz board, below what the other tests read.
  expect(
    (await postSignedRun(page.request, gameToken, 'mr-quiz', { runId: 'kiwi-1', score: 1, level: 0 })).status(),
  ).toBe(201);

  await openLeaderboards(page, '/leaderboards?game=mr-quiz&scope=country&country=US');
  const card = page.getByRole('region', { name: 'Your Rank' });
  await expect(card).toContainText('You are not on this board.');
  await expect(card).toContainText('You play for New Zealand: your rank in Mr Quiz is on its board.');
  await expect(card.getByRole('link', { name: 'Play Now' })).toHaveCount(0);
  await card.getByRole('button', { name: 'View New Zealand Board' }).click();
  await expect(page).toHaveURL(/\?game=mr-quiz&scope=country&country=NZ$/);
  await expect(table(page, /^MR QUIZ NEW ZEALAND ALL TIME$/i)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Jump to My Row' })).toBeVisible();
});

test.describe('leaderboards on a narrow screen', () => {
  test('the board folds into three columns and fits the screen @narrow', async ({ page, request }) => {
    const api = await board(request, 'fishing-for-sats');
    await openLeaderboards(page);
    const t = table(page, /Fishing for Sats!/);
    await expect(bodyRows(t)).toHaveCount(50);
    await expect(t.getByRole('columnheader')).toHaveText(['Rank', 'Player', 'Score']);
    const top = api.entries[0]!;
    const row = rowOf(t, top.username);
    await expect(fishButton(row)).toBeVisible();
    await expect(visible(row.getByText(formatShortDate(top.createdAt)))).toHaveCount(1);
    await expect(visible(row.locator('abbr'))).toHaveCount(top.country === 'XX' ? 0 : 1);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    await fishButton(row).click();
    const dialog = page.getByRole('dialog', { name: `${top.username}'s Fishing Results` });
    await expect(dialog).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'REKT!' }).click();
    await expect(bodyRows(table(page, /^REKT!/)).first()).toContainText(/Level \d+/);
    await expectNoHorizontalOverflow(page);
  });
});

test.describe('leaderboards for a signed-in player on a narrow screen', () => {
  test.use({ storageState: async ({}, use) => use(players().ranked.storageState) });

  test('Jump to My Row works on a phone too @narrow', async ({ page }) => {
    await openLeaderboards(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Leaderboards' })).toHaveAttribute(
      'href',
      '/leaderboards',
    );
    await page.getByRole('region', { name: 'Your Rank' }).getByRole('button', { name: 'Jump to My Row' }).click();
    const mine = rowOf(table(page, /Fishing for Sats!/), players().ranked.username);
    await expect(mine).toBeInViewport();
    await expect(mine.getByText('YOU', { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('a deep jump keeps its buttons on screen and long names fit a phone @narrow', async ({ browser }) => {
    const context = await browser.newContext({
      storageState: players().deep.storageState,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await openLeaderboards(page);
    await page.getByRole('region', { name: 'Your Rank' }).getByRole('button', { name: 'Jump to My Row' }).click();
    const t = table(page, /Fishing for Sats!/);
    await expect(rowOf(t, players().deep.username)).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Show players above' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to the top' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Every name on the page is whole on a phone (a touch screen shows no tooltip): a long one wraps onto a second line.
    const names = await t.locator('tbody a[title]').evaluateAll((links) =>
      links.map((a) => ({
        name: a.getAttribute('title')!,
        text: a.textContent,
        cut: a.scrollWidth > a.clientWidth,
        lines: Math.round(a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight)),
      })),
    );
    expect(names.filter((n) => n.cut || n.text !== n.name)).toEqual([]);
    expect(Math.max(...names.map((n) => n.lines))).toBe(2);
    await lookByEye(page, { path: test.info().outputPath('deep-jump-narrow.png') });
    await page.getByRole('button', { name: 'Show players above' }).scrollIntoViewIfNeeded();
    await lookByEye(page, { path: test.info().outputPath('deep-jump-narrow-above.png') });
    await context.close();
  });
});

test.describe('the first screen of a phone', () => {
  /** The board's first row is whole on the first screen of `page`, with no scrolling. */
  async function firstRowOnFirstScreen(page: Page) {
    await openLeaderboards(page);
    const first = bodyRows(table(page, /Fishing for Sats!/)).first();
    await expect(first).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(first).toBeInViewport({ ratio: 1 });
  }

  test('shows a visitor the first rows of the board @narrow', async ({ page }) => {
    await firstRowOnFirstScreen(page);
    await expect(page.getByRole('region', { name: 'Where do you rank?' })).toBeVisible();
  });

  for (const [who, session, action] of [
    ['a ranked player their rank', () => players().ranked, { role: 'button', name: 'Jump to My Row' }],
    ['a player who never played the invitation', () => players().newcomer, { role: 'link', name: 'Play Now' }],
  ] as const) {
    test(`shows ${who} and the first rows of the board @narrow`, async ({ browser }) => {
      const context = await browser.newContext({
        storageState: session().storageState,
        viewport: { width: 360, height: 780 },
      });
      const page = await context.newPage();
      await firstRowOnFirstScreen(page);
      await expect(
        page.getByRole('region', { name: 'Your Rank' }).getByRole(action.role, { name: action.name }),
      ).toBeInViewport({ ratio: 1 });
      await context.close();
    });
  }
});
