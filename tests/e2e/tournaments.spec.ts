import type { APIRequestContext, Page } from '@playwright/test';
import { openDatabase } from '~/server/db';
import { tournamentForm } from '../support/tournaments';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  lookByEye,
  postSignedRun,
  pretendSignedIn,
  registerThroughApi,
  signInAsAdmin,
  signInThroughApi,
  test,
  waitForSession,
} from './support';

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
  unlockCriteria: 'Top 3',
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
      avatarRewards: [
        avatar('btc-player', 'Tourney Regular'),
        avatar('laser-eyes', 'Laser Eyes'),
        avatar('hodl-knight', 'HODL Knight'),
        avatar('pizza-chef', 'Pizza Chef'),
        avatar('sats-miner', 'Sats Miner'),
      ],
    },
    distributedSats: 0,
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
  // the header's islands hydrate after the page's first paint: the menu opens once they have
  await waitForSession(page);
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
  test('counts down to the start every second, shows the whole name where there is room, the pool and three avatars plus the rest', async ({
    page,
  }) => {
    await stopClockAt(page, NOW);
    await pretendSignedIn(page);
    await stubFeatured(page, featured('upcoming'));
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Winter Fishing Derby Deluxe' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Winter Fishing Derby Deluxe', { exact: true })).toBeVisible();
    await expect(card.getByText('Winter Fishing ...')).toBeHidden();
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

  test('cuts the name at 15 characters on a phone, for the eye only @narrow', async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, featured('upcoming'));
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Winter Fishing Derby Deluxe' });
    await expect(card.getByText('Winter Fishing ...')).toBeVisible();
    // The whole name is there for screen readers only: one clipped pixel on screen.
    expect(
      (await card.getByText('Winter Fishing Derby Deluxe', { exact: true }).boundingBox())?.width,
    ).toBeLessThanOrEqual(1);
  });

  test('BEST TOURNAMENT FINISH comes from the tournament participation, and says when it is live', async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(page, null);
    let live = true;
    await page.route('**/api/user/7/tournament-participation', (route) =>
      route.fulfill({ json: { tournamentCount: 4, bestFinish: 2, bestFinishLive: live } }),
    );
    await page.goto('/');
    // Each tile: its label, its number, and what the number counts.
    const tiles = page.getByRole('region', { name: 'Overall Arcade Performance' }).getByRole('definition');
    await expect(tiles.nth(2)).toHaveText('#2');
    await expect(tiles.nth(3)).toHaveText('LIVE: your rank now, the tournament is still running');
    live = false;
    await page.reload();
    await expect(tiles.nth(2)).toHaveText('#2');
    await expect(tiles.nth(3)).toHaveText('best rank in a tournament entered');
  });

  test("shows ACTIVE! for a running tournament and 'Rewards' without a prize pool", async ({ page }) => {
    await pretendSignedIn(page);
    await stubFeatured(
      page,
      featured('active', {
        name: 'Short Cup',
        rewards: { totalPrizePool: 0, prizeDistribution: { '1': 0, '2-5': 0, random: 0 }, avatarRewards: [] },
      }),
    );
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
function boardPage(
  entries: {
    userId: number;
    username: string;
    score: number;
    fish?: { name: string; points: number; weight: number; quality: number }[];
  }[],
) {
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
  for (const narrow of [false, true])
    test(`shows a signed-out visitor the tournament: what it is, its prizes, when it starts, SIGN IN TO PLAY${narrow ? ' @narrow' : ''}`, async ({
      page,
    }) => {
      await stopClockAt(page, NOW);
      const upcoming = featured('upcoming');
      await stubFeatured(page, upcoming);
      await page.route('**/api/tournaments/41', (route) => route.fulfill({ json: { ...upcoming, prizeAwards: [] } }));
      await page.route('**/api/tournaments/41/leaderboard*', (route) => route.fulfill({ json: boardPage([]) }));
      // The footer's Tournament link: the page, not a trip home.
      await page.goto('/about');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Tournament', exact: true }).click();
      await expect(page).toHaveURL(/\/tournament$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Winter Fishing Derby Deluxe' })).toBeVisible();
      await page.goto('/tournament/41');
      await expect(page).toHaveURL(/\/tournament\/41$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Winter Fishing Derby Deluxe' })).toBeVisible();
      await expect(page.getByText('Stack sats before the snow melts.')).toBeVisible();
      await expect(page.getByText('STARTS IN')).toBeVisible();
      await expect(page.getByText('2d 3h 4m 5s')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Rewards' })).toContainText('10,000');
      await expect(page.getByRole('link', { name: 'PLAY NOW' })).toHaveCount(0);
      await lookByEye(page, {
        path: `test-results/screens/${narrow ? 'narrow' : 'desktop'}-tournament-visitor.png`,
        fullPage: true,
      });
      // the countdown is checked: the page's timers run again (the dialogs' island hydrates on one)
      await page.clock.resume();
      await waitForSession(page);
      await page.getByRole('button', { name: 'SIGN IN TO PLAY' }).click();
      await expect(page.getByRole('dialog', { name: 'WELCOME BACK' })).toBeVisible();
    });

  test.describe('signed in', () => {
    test.beforeEach(async ({ page, request }, testInfo) => {
      const email = await registerThroughApi(
        request,
        `tourney_${testInfo.project.name.slice(0, 1)}${Date.now() % 1_000_000}`,
      );
      await signInThroughApi(page, email);
    });

    test('counts down to the end of a running fishing tournament, with fish weights in kg, and refreshes the board every 10 s', async ({
      page,
    }) => {
      await stopClockAt(page, NOW);
      await stubFeatured(
        page,
        featured('active', { gameId: 'fishing-for-sats', endDate: at(1 * DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND) }),
      );
      let boardCalls = 0;
      await page.route('**/api/tournaments/41/leaderboard*', (route) => {
        boardCalls++;
        return route.fulfill({
          json: boardPage([
            {
              userId: 501,
              username: 'reel_queen',
              score: 1800,
              fish: [
                { name: 'Golden Koi', points: 900, weight: 3.4, quality: 5 },
                { name: 'Sat Snapper', points: 900, weight: 1.25, quality: 3 },
              ],
            },
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

    test("offers PLAY NOW for the tournament's game, to the play page with its url and name", async ({ page }) => {
      // the page's clock in the tournament's window (a real clock leaves it behind as the days pass)
      await stopClockAt(page, NOW);
      await stubFeatured(page, featured('active', { gameId: 'fishing-for-sats' }));
      await page.route('**/api/tournaments/41/leaderboard*', (route) => route.fulfill({ json: boardPage([]) }));
      await page.goto('/tournament');
      const head = page.getByRole('region', { name: 'Winter Fishing Derby Deluxe' });
      await expect(head.getByRole('link', { name: 'PLAY NOW' })).toHaveAttribute(
        'href',
        '/play?url=%2Farcade-games%2Ffishing-for-sats%2F&name=Fishing+for+Sats%21',
      );
      await head.getByRole('link', { name: 'PLAY NOW' }).click();
      await expect(page).toHaveURL(/\/play\?url=%2Farcade-games%2Ffishing-for-sats%2F&name=Fishing\+for\+Sats%21$/);
    });

    test('labels a finished tournament COMPLETED with a way to its results', async ({ page }) => {
      await page.route('**/api/tournaments/41', (route) =>
        route.fulfill({
          json: {
            ...featured('active', {
              startDate: at(-3 * DAY),
              startTime: at(-3 * DAY),
              endDate: at(-DAY),
              status: 'past',
            }),
            prizeAwards: [],
          },
        }),
      );
      await page.route('**/api/tournaments/41/leaderboard*', (route) =>
        route.fulfill({ json: boardPage([{ userId: 501, username: 'reel_queen', score: 1800 }]) }),
      );
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

// ---- On the real server: tournaments made through the admin API ------------------------------------

const origin = () => ({ origin: process.env.E2E_BASE_URL ?? '' });
const wholeSeconds = (ms: number) => Math.floor(ms / SECOND) * SECOND;
const shortDate = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: '2-digit' }).format(ms);

/** A browser signed in as the e2e administrator (user 1), for the admin API. */
async function adminRequest(page: Page): Promise<APIRequestContext> {
  await signInAsAdmin(page);
  return page.request;
}

async function createTournament(
  admin: APIRequestContext,
  form: ReturnType<typeof tournamentForm>,
): Promise<{ id: number; participantCount: number }> {
  const response = await admin.post('/api/admin/tournaments', { data: form, headers: origin() });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).tournament;
}

/** Record prize awards as processing winners (and sending, for those `sent`) would: those steps belong to the admin room. */
async function recordAwards(
  rows: {
    tournament_id: number;
    user_id: number;
    prize_type: 'bitcoin' | 'avatar';
    prize_value: number;
    avatar_id: string | null;
    status?: 'pending' | 'sent';
  }[],
) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by the global setup');
  const handle = openDatabase(undefined, dataDir);
  try {
    await handle.db
      .insertInto('prize_awards')
      .values(rows.map((r) => ({ status: 'pending' as const, ...r, award_reason: 'e2e', created_at: Date.now() })))
      .execute();
  } finally {
    await handle.db.destroy();
  }
}

const REPORT = [
  '## How it went',
  '',
  'A **close** finish. [Replay](https://example.com/replay) [bad](javascript:alert(1))',
  '',
  '<script>window.__pwned = true</script>',
  '',
  '| round | leader |',
  '| --- | --- |',
  '| 1 | nobody |',
  '',
  '| | |',
  '| --- | --- |',
  '| Runs | 42 |',
].join('\n');

test.describe('tournament lists and results', () => {
  test.describe.configure({ mode: 'serial' });
  const stamp = Date.now() % 100_000;
  const names = { upcoming: `Spring Cup ${stamp}`, past: `Autumn Classic ${stamp}`, quiet: `Quiet Derby ${stamp}` };
  const now = wholeSeconds(Date.now());
  // two days long: its start and end dates differ whatever the time of day
  const upcoming = { start: now + 2 * DAY + 3 * HOUR + 30 * MINUTE, end: now + 4 * DAY + 3 * HOUR + 30 * MINUTE };
  const past = { start: now - 30 * DAY, end: now - HOUR };
  // a minute at noon three days ago: on one date whatever the time of day, and too short to catch a demo run
  const quiet = {
    start: new Date(now - 3 * DAY).setHours(12, 0, 0, 0),
    end: new Date(now - 3 * DAY).setHours(12, 1, 0, 0),
  };
  let pastId = 0;
  let quietId = 0;
  let upcomingId = 0;
  let participants = 0;

  test('an admin schedules them', async ({ page }) => {
    const admin = await adminRequest(page);
    const avatars = ['btc-player', 'laser-eyes', 'hodl-knight', 'pizza-chef'].map((avatarId) => ({
      avatarId,
      eligibility: 'top_3' as const,
    }));
    upcomingId = (
      await createTournament(
        admin,
        tournamentForm(names.upcoming, 'rekt', upcoming.start, upcoming.end, {
          firstPlaceSats: 5000,
          secondToFifthSats: 1000,
          randomParticipantSats: 500,
          avatarRewards: avatars,
        }),
      )
    ).id;
    const finished = await createTournament(
      admin,
      tournamentForm(
        names.past,
        'rekt',
        past.start,
        past.end,
        {
          firstPlaceSats: 10000,
          secondToFifthSats: 2000,
          randomParticipantSats: 1000,
          avatarRewards: [{ avatarId: 'laser-eyes', eligibility: 'top_3' as const }],
        },
        { reportContent: REPORT },
      ),
    );
    pastId = finished.id;
    participants = finished.participantCount;
    // The demo players' REKT! runs of the last 30 days entered it.
    expect(participants).toBeGreaterThan(3);
    quietId = (await createTournament(admin, tournamentForm(names.quiet, 'mr-quiz', quiet.start, quiet.end))).id;
  });

  test('the upcoming list shows the card with its countdown, dates, pool and avatars', async ({ page }) => {
    await page.goto('/tournaments/upcoming');
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Tournaments' })).toBeVisible();
    const card = page.getByRole('article', { name: names.upcoming });
    await expect(card.getByText('UPCOMING', { exact: true })).toBeVisible();
    await expect(card.getByText('Starts in 2d 3h')).toBeVisible();
    await expect(card.getByText(shortDate(upcoming.start), { exact: true })).toBeVisible();
    await expect(card.getByText(shortDate(upcoming.end), { exact: true })).toBeVisible();
    await expect(card.getByText('9,500 sats prize pool')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Avatar rewards' }).getByRole('listitem')).toHaveCount(4);
    await expect(card.getByText('+1')).toBeVisible();
    await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /^\/tournament\/\d+$/);
    await expectAccessible(page);
  });

  test('the history shows completed tournaments with their dates, players and sats', async ({ page }) => {
    await page.goto('/tournaments/past');
    await expect(page.getByRole('heading', { level: 1, name: 'Tournament History' })).toBeVisible();
    const card = page.getByRole('article', { name: names.past });
    await expect(card.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(card.getByText(`${shortDate(past.start)} - ${shortDate(past.end)}`)).toBeVisible();
    await expect(card.getByText(`${participants} participants`)).toBeVisible();
    // Nothing sent yet: the pool it offers, not sats it has not paid.
    await expect(card.getByText('19,000 sats prize pool')).toBeVisible();
    await expect(card.getByText('sats distributed')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'View Results' })).toHaveAttribute(
      'href',
      `/tournament/${pastId}/results`,
    );
    // A tournament on one day shows one date.
    await expect(
      page.getByRole('article', { name: names.quiet }).getByText(shortDate(quiet.start), { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('the results show the final board with medals, the rewards and the report', async ({ page }) => {
    const board = await (await page.request.get(`/api/tournaments/${pastId}/leaderboard?limit=3`)).json();
    const [first, second] = board.entries as {
      userId: number;
      username: string;
      score: number;
      level: number | null;
      country: string;
    }[];
    // 12,000 of its 19,000 sats awarded, 10,000 of them sent.
    await recordAwards([
      { tournament_id: pastId, user_id: second!.userId, prize_type: 'bitcoin', prize_value: 2000, avatar_id: null },
      {
        tournament_id: pastId,
        user_id: first!.userId,
        prize_type: 'bitcoin',
        prize_value: 10000,
        avatar_id: null,
        status: 'sent',
      },
      {
        tournament_id: pastId,
        user_id: first!.userId,
        prize_type: 'avatar',
        prize_value: 0,
        avatar_id: 'laser-eyes',
        status: 'sent',
      },
    ]);
    await page.goto('/tournaments/past');
    await expect(page.getByRole('article', { name: names.past }).getByText('10,000 sats distributed')).toBeVisible();
    await page.goto(`/tournament/${pastId}/results`);
    await expect(page.getByRole('heading', { level: 1, name: names.past })).toBeVisible();
    await expect(page.getByText(`${shortDate(past.start)} - ${shortDate(past.end)}`)).toBeVisible();
    // The header adds up the Bitcoin Rewards listed below it, and says how much of it was sent.
    await expect(page.getByText('12,000 sats awarded, 10,000 sent so far')).toBeVisible();
    await expect(page.getByText('19,000 sats')).toHaveCount(0);

    const final = page.getByRole('region', { name: 'Final Leaderboard' });
    const top = final.getByRole('listitem').first();
    await expect(top.getByRole('img', { name: 'Gold medal, rank 1' })).toBeVisible();
    await expect(top.getByRole('link', { name: first!.username })).toHaveAttribute('href', `/users/${first!.userId}`);
    await expect(top.getByText(`Level ${first!.level ?? '-'} • `)).toBeVisible();
    await expect(top.getByText(first!.score.toLocaleString('en-US'))).toBeVisible();
    await expect(final.getByRole('listitem').nth(1).getByRole('img', { name: 'Silver medal, rank 2' })).toBeVisible();
    await expect(final.getByRole('listitem').nth(2).getByRole('img', { name: 'Bronze medal, rank 3' })).toBeVisible();
    if (participants > 3) await expect(final.getByRole('listitem').nth(3).getByText('#4')).toBeVisible();

    const bitcoin = page.getByRole('region', { name: 'Bitcoin Rewards' }).getByRole('listitem');
    await expect(bitcoin).toHaveCount(2);
    await expect(bitcoin.first()).toContainText(first!.username);
    await expect(bitcoin.first()).toContainText('Rank #1');
    await expect(bitcoin.first()).toContainText('10,000 sats');
    await expect(bitcoin.first()).toContainText('Sent');
    await expect(bitcoin.nth(1)).toContainText('Rank #2');
    await expect(bitcoin.nth(1)).toContainText('Not sent yet');
    await expect(page.getByRole('region', { name: 'Avatar Rewards' })).toContainText('1 player earned this avatar');

    // The report loads when the dialog opens, rendered from Markdown and sanitised.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/tournaments/${pastId}/report`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Detailed Report' }).click();
    const dialog = page.getByRole('dialog', { name: `${names.past} - Post-Mortem Report` });
    await expect(
      dialog.getByText('Comprehensive tournament analysis with detailed statistics and insights'),
    ).toBeVisible();
    await expect(dialog.getByText('Loading report...')).toBeVisible();
    release();
    await expect(dialog.getByRole('heading', { name: 'How it went' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Replay' })).toHaveAttribute('href', 'https://example.com/replay');
    const [scores, facts] = [dialog.getByRole('table').first(), dialog.getByRole('table').nth(1)];
    await expect(scores.getByRole('columnheader')).toHaveText(['round', 'leader']);
    await expect(scores.getByRole('cell', { name: 'nobody' })).toBeVisible();
    // A table written with an empty header row has none: its first column heads its rows.
    await expect(facts.getByRole('columnheader')).toHaveCount(0);
    await expect(facts.getByRole('row')).toHaveCount(1);
    await expect(facts.getByRole('rowheader', { name: 'Runs' })).toBeVisible();
    await expect(dialog.locator('script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expectAccessible(page);
  });

  test('a tournament without a report, players or prizes says so', async ({ page }) => {
    await page.goto(`/tournament/${quietId}/results`);
    await expect(page.getByText('No results available')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bitcoin Rewards' })).toHaveCount(0);
    await expect(page.getByText('sats distributed')).toHaveCount(0);
    await page.getByRole('button', { name: 'Detailed Report' }).click();
    await expect(page.getByRole('dialog').getByText('No detailed report available for this tournament')).toBeVisible();
  });

  test('the results of a tournament that has not ended say so, with its prize pool (nothing distributed yet)', async ({
    page,
  }) => {
    await page.goto(`/tournament/${upcomingId}/results`);
    await expect(page.getByRole('heading', { level: 1, name: names.upcoming })).toBeVisible();
    await expect(page.getByText('UPCOMING', { exact: true })).toBeVisible();
    await expect(page.getByText('9,500 sats prize pool')).toBeVisible();
    await expect(page.getByText('sats distributed')).toHaveCount(0);
    const note = page.getByRole('note');
    await expect(note).toContainText('This tournament has not started yet: its results appear here once it ends.');
    await expect(note.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/tournament/${upcomingId}`);
    await expect(page.getByRole('region', { name: 'Current Standings' })).toContainText('No results available');
    await expect(page.getByRole('region', { name: 'Final Leaderboard' })).toHaveCount(0);
    // A finished one has no such note.
    await page.goto(`/tournament/${pastId}/results`);
    await expect(page.getByRole('region', { name: 'Final Leaderboard' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('a missing tournament is not found', async ({ page }) => {
    const response = await page.goto('/tournament/987654/results');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Tournament Not Found' })).toBeVisible();
    await expect(page.getByText('The requested tournament could not be found.')).toBeVisible();
  });
});

test("an upcoming card left open past the start reads 'Starting soon'", async ({ page }) => {
  const now = wholeSeconds(Date.now());
  const name = `Dawn Quiz ${now % 100_000}`;
  // Mr Quiz, running long after its start: no other test's featured or REKT! tournament moves.
  await createTournament(await adminRequest(page), tournamentForm(name, 'mr-quiz', now + 2 * MINUTE, now + 10 * DAY));

  await stopClockAt(page, new Date(now));
  await page.goto('/tournaments/upcoming');
  const card = page.getByRole('article', { name });
  // Soonest first, so on screen: its countdown hydrates, then ticks with the page's clock.
  await expect(card.locator('astro-island:has(time)')).not.toHaveAttribute('ssr', /.*/);
  await expect(card.getByText(/^Starts in [12]m$/)).toBeVisible();
  await page.clock.runFor(3 * MINUTE);
  await expect(card.getByText('Starting soon', { exact: true })).toBeVisible();
  await expect(card.getByText(/Starts in/)).toHaveCount(0);
});

test('tournament lists and results fit a 360 px screen @narrow', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const now = wholeSeconds(Date.now());
  const adminContext = await browser.newContext();
  const admin = await adminRequest(await adminContext.newPage());
  const rewards = {
    firstPlaceSats: 1_000_000,
    avatarRewards: ['btc-player', 'laser-eyes', 'hodl-knight', 'pizza-chef'].map((avatarId) => ({
      avatarId,
      eligibility: 'all_players' as const,
    })),
  };
  await createTournament(
    admin,
    tournamentForm(
      `Narrow Upcoming Championship ${now % 100_000}`,
      'fishing-for-sats',
      now + 5 * HOUR,
      now + 2 * DAY,
      rewards,
    ),
  );
  const { id } = await createTournament(
    admin,
    tournamentForm(`Narrow Past Championship ${now % 100_000}`, 'rekt', now - 20 * DAY, now - DAY, rewards, {
      reportContent: REPORT,
    }),
  );
  await adminContext.close();
  for (const path of ['/tournaments/upcoming', '/tournaments/past', `/tournament/${id}/results`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: 'Detailed Report' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'How it went' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("a player's best finish counts a tournament still running, the same on the profile and the dashboard", async ({
  page,
  browser,
}) => {
  const now = wholeSeconds(Date.now());
  const adminContext = await browser.newContext();
  // Running for days: the player's only finishes are ranks in running tournaments.
  await createTournament(
    await adminRequest(await adminContext.newPage()),
    tournamentForm(`Long Haul ${now % 100_000}`, 'rekt', now - MINUTE, now + 10 * DAY),
  );
  await adminContext.close();
  const username = `hauler_${now % 100_000}`;
  await signInThroughApi(page, await registerThroughApi(page.request, username));
  const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: number };
  const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=rekt')).json();
  expect(
    (
      await postSignedRun(page.request, gameToken, 'rekt', { runId: `e2e-haul-${now}`, score: 1_234, level: 3 })
    ).status(),
  ).toBe(201);

  await page.goto(`/users/${me.id}`);
  const history = page.getByRole('region', { name: 'Tournament History' });
  const entries = history.getByRole('listitem');
  await expect(entries.first()).toBeVisible();
  const ranks = (await entries.getByText(/^#[\d,]+$/).allTextContents()).map((rank) =>
    Number(rank.slice(1).replaceAll(',', '')),
  );
  const best = `#${Math.min(...ranks).toLocaleString('en-US')}`;
  await expect(history.getByRole('definition').nth(1)).toHaveText(best);

  await page.goto('/');
  // Each tile: its number (second definition of BEST TOURNAMENT FINISH's tile), then what it counts.
  const tiles = page.getByRole('region', { name: 'Overall Arcade Performance' }).getByRole('definition');
  await expect(tiles.nth(2)).toHaveText(best);
  await expect(tiles.nth(3)).toHaveText('LIVE: your rank now, the tournament is still running');
});

test.describe('a run in the featured tournament', () => {
  test('enters the player on its board', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const now = wholeSeconds(Date.now());
    const name = `Sprint ${now % 100_000}`;
    const adminContext = await browser.newContext();
    const admin = await adminRequest(await adminContext.newPage());
    // Ends before any other running tournament of this worker's arcade (a second before the one
    // featured now, which an earlier test may have made), so it is the featured one.
    const before = (await (await admin.get('/api/tournaments/featured')).json()) as {
      status: string;
      endDate: string;
    } | null;
    const end = Math.min(
      now + 20 * MINUTE,
      before?.status === 'active' ? wholeSeconds(Date.parse(before.endDate)) - SECOND : Infinity,
    );
    expect(end, 'a tournament of this arcade ends within two minutes').toBeGreaterThan(now + 2 * MINUTE);
    const { id } = await createTournament(
      admin,
      tournamentForm(name, 'rekt', now - MINUTE, end, { firstPlaceSats: 2100 }),
    );
    await adminContext.close();

    const username = `sprinter_${now % 100_000}`;
    await signInThroughApi(page, await registerThroughApi(page.request, username));
    const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=rekt')).json();
    const run = await postSignedRun(page.request, gameToken, 'rekt', {
      runId: `e2e-tournament-${now}`,
      score: 987_654,
      level: 42,
    });
    expect(run.status()).toBe(201);

    await page.goto('/tournament');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('ENDS IN')).toBeVisible();
    const own = page.locator('tr[data-own]');
    await expect(own.getByRole('link', { name: username })).toBeVisible();
    await expect(own.getByText('YOU')).toBeVisible();
    await expect(own.getByText('987,654')).toBeVisible();
    await expect(own).toHaveAttribute('data-rank', '1');
    await page.goto(`/tournament/${id}`);
    await expect(page.locator('tr[data-own]').getByText('987,654')).toBeVisible();
    await expectAccessible(page);
  });
});
