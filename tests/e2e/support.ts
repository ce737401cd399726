import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { latestOutboxMail } from '../support/api';
import { signedHeaders, tokenUserId } from '../support/fair-play';
import { startServer, type RunningServer } from '../support/server';
import { localUtc } from '../support/tournaments';
import type { E2EWorkerArcades } from './global-setup';

/** The operator settings the pages were built from. */
export const site = JSON.parse(readFileSync('src/content/settings/site.json', 'utf8')).site as {
  productName: string;
  donationAddress: string;
  chatInviteUrl: string;
};

/**
 * Playwright's `test`, with an arcade of its worker's own and a client address of its own for every
 * test.
 *
 * Every worker starts its own built server (its own port, games origin, data directory and SQLite
 * file) on a copy of the template the global setup prepared, and every test of the worker runs
 * against it: `baseURL`, and `E2E_BASE_URL`, `E2E_GAMES_URL` and `E2E_DATA_DIR` in the worker's
 * environment (set before its first test: read them when a test runs, never when a spec is loaded).
 * Tests of one worker still share its arcade, so a test makes its own players and tournaments.
 *
 * A test that plays a game in a frame says so: `test.use({ gameApi: true })` (see `gameApi` below);
 * without it the game's calls to the arcade fail.
 *
 * The e2e server trusts `X-Forwarded-For`, so the per-address mail and sign-in limits count each
 * test apart and the suite can grow without one test using up another's budget.
 */
/** Whether the running test's contexts route the Game API (`gameApi`). */
let routeGameApi = false;

async function routeTheGameApi(context: BrowserContext, arcade: RunningServer) {
  await context.route(`${arcade.url}/api/games/**`, (route) => route.continue());
}

export const test = base.extend<{ gameApi: boolean; gameApiRoutes: void }, { arcade: RunningServer; browser: Browser }>(
  {
    arcade: [
      async ({}, use, workerInfo) => {
        const shared = JSON.parse(process.env.E2E_WORKER_ARCADES ?? 'null') as E2EWorkerArcades | null;
        if (!shared) throw new Error('E2E_WORKER_ARCADES is not set: the e2e global setup prepares the arcades');
        const dataDir = mkdtempSync(join(tmpdir(), 'sats-arcade-e2e-worker-'));
        cpSync(shared.templateDir, dataDir, { recursive: true });
        const server = await startServer(shared.env, { dataDir, port: shared.ports[workerInfo.parallelIndex] });
        process.env.E2E_BASE_URL = server.url;
        process.env.E2E_GAMES_URL = server.gamesUrl;
        process.env.E2E_DATA_DIR = server.dataDir;
        await use(server);
        await server.stop();
      },
      { scope: 'worker', auto: true, timeout: 60_000 },
    ],
    baseURL: async ({ arcade }, use) => use(arcade.url),
    // The per-test X-Forwarded-For below rides on every request, the games' cross-origin Game API
    // calls too, whose CORS preflight then asks for a header no player's browser sends (and the
    // arcade rightly does not allow). In a test that plays a game in a frame (`gameApi`), a route on
    // the Game API in each of its contexts (its own and those it opens) makes Playwright answer those
    // preflights itself; the calls still go to the arcade, and its answers' CORS headers
    // (Access-Control-Allow-Origin, exactly the games' origin) still decide what the game may read.
    // The server's own preflight answers are checked in tests/api/games-origin.test.ts. Only those
    // tests: a route makes the browser hand every request of the context to Playwright and turns its
    // cache off, which cost the other tests about a tenth of their time.
    gameApi: [false, { option: true }],
    gameApiRoutes: [
      async ({ gameApi }, use) => {
        routeGameApi = gameApi;
        await use();
        routeGameApi = false;
      },
      { auto: true },
    ],
    context: async ({ context, gameApi, arcade }, use) => {
      if (gameApi) await routeTheGameApi(context, arcade);
      await use(context);
    },
    browser: [
      async ({ browser, arcade }, use) => {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
          const context = await newContext(...args);
          if (routeGameApi) await routeTheGameApi(context, arcade);
          return context;
        };
        await use(browser);
      },
      { scope: 'worker' },
    ],
    extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
      const h = hashOf(`${testInfo.testId}#${testInfo.retry}#${testInfo.repeatEachIndex}`);
      await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}` });
    },
    // A test may end while its page is still navigating (a sign-out's way home, say). Chromium can
    // then hang closing the context until the test times out, so the page's last navigation is
    // left to finish first (for up to 5 s).
    page: async ({ page }, use) => {
      const settled = navigationSettled(page);
      await use(page);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
    },
  },
);

/** A function answering when `page`'s latest main-frame navigation has loaded, failed or the page closed. */
function navigationSettled(page: Page): () => Promise<void> {
  let latest: Promise<void> = Promise.resolve();
  page.on('request', (request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    latest = new Promise<void>((resolve) => {
      const done = () => {
        page.off('load', done).off('close', done).off('requestfailed', failed);
        resolve();
      };
      const failed = (other: Request) => {
        if (other === request) done();
      };
      page.on('load', done).on('close', done).on('requestfailed', failed);
    });
  });
  return () => latest;
}

function hashOf(text: string): number {
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

export { expect };

/**
 * An address on the games' origin (GAMES_ORIGIN, where the reference games are served, never the
 * arcade's own): `gameUrl('/arcade-games/rekt/')`.
 */
export function gameUrl(path = '/'): string {
  const origin = process.env.E2E_GAMES_URL;
  if (!origin) throw new Error('E2E_GAMES_URL is not set: the e2e global setup starts the server and sets it');
  return new URL(path, origin).toString();
}

/** The games' origin itself (`http://127.0.0.1:43124`). */
export function gamesOrigin(): string {
  return new URL(gameUrl()).origin;
}

export const testPlayer = { id: 7, username: 'satoshi_fan', email: 'fan@example.com', isAdmin: false };

/**
 * Make the page believe a player is signed in by answering `GET /api/auth/me` in the browser.
 * For the public pages' signed-in states only: the accounts tests sign in for real.
 */
export async function pretendSignedIn(page: Page, user = testPlayer) {
  await page.route('**/api/auth/me', (route) => route.fulfill({ json: { user } }));
}

/**
 * Answer `GET /api/auth/me` with a signed-out visitor (`{ user: null }`) only once `release()` is
 * called, to watch the loading state; `asked` resolves when the page has asked.
 */
export async function signedOutWhenReleased(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/api/auth/me', async (route) => {
    asked();
    await released;
    await route.fulfill({ json: { user: null } });
  });
  return { asked: wasAsked, release };
}

/** Wait until the page knows who is signed in (the header's account area has left its skeleton). */
export async function waitForSession(page: Page) {
  await expect(page.locator('header .skeleton')).toHaveCount(0);
  await expect(page.locator('header astro-island[ssr]')).toHaveCount(0);
}

/**
 * axe finds no serious or critical violation on the page as it is now. Only violations are asked
 * for (`resultTypes`): axe still runs every rule on every element, but makes a selector for the
 * elements of the violations alone (one each for what passed), the slow tail of a scan of a long
 * page.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * A picture of what a player sees, for a person to look at (handbook, "Tests": screenshots of every
 * changed page). Taken on a developer's run, or with E2E_SCREENSHOTS=1; CI keeps no pictures and
 * skips them, since encoding a long page's PNG costs the browser as much as loading the page.
 */
export async function lookByEye(target: Page | Locator, options: Parameters<Page['screenshot']>[0] & { path: string }) {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  await target.screenshot(options);
}

/** Nothing sticks out sideways: the page fits the viewport's width. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Wait until the island holding `selector` has hydrated (Astro drops the `ssr` attribute then). */
export async function waitForIsland(page: Page, selector: string) {
  await expect(page.locator(`astro-island:has(${selector})`).first()).not.toHaveAttribute('ssr', /.*/);
}

/**
 * Stop the page's clock so timers fire only when the test moves time on (`page.clock.runFor`).
 * Call before `page.goto`.
 */
export async function freezeClock(page: Page) {
  const start = new Date('2026-11-22T12:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/** The newest development-outbox mail to `to` on the e2e server (link token and code). */
export function outboxMail(to: string) {
  return latestOutboxMail(process.env.E2E_DATA_DIR ?? '', to);
}

/** Wait until a mail to `to` has arrived in the e2e server's outbox, newer than `after` mails. */
export async function waitForMail(to: string, after = 0) {
  let mail: ReturnType<typeof outboxMail> | undefined;
  await expect
    .poll(() => {
      try {
        const dir = `${process.env.E2E_DATA_DIR}/outbox`;
        const count = readdirSync(dir).filter((f) => f.endsWith(`-${to}.txt`)).length;
        if (count <= after) return false;
        mail = outboxMail(to);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  return mail!;
}

/** How many mails to `to` the outbox holds. */
export function mailCount(to: string): number {
  try {
    return readdirSync(`${process.env.E2E_DATA_DIR}/outbox`).filter((f) => f.endsWith(`-${to}.txt`)).length;
  } catch {
    return 0;
  }
}

/** Create an account through the API (as the sign-up dialog would) and return its address. */
export async function registerThroughApi(request: APIRequestContext, username: string): Promise<string> {
  const email = `${username.toLowerCase()}@players.test`;
  const response = await request.post('/api/auth/register', {
    data: { username, email },
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(response.status()).toBe(201);
  return email;
}

/** Sign the page's browser in as the owner of `email`: ask for a link, open it from the outbox. */
export async function signInThroughLink(page: Page, email: string) {
  const before = mailCount(email);
  const response = await page.request.post('/api/auth/send-magic-link', {
    data: { email },
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
  });
  expect(response.status()).toBe(200);
  const mail = await waitForMail(email, before);
  await page.goto(`/auth/callback?token=${mail.token}`);
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Sign the page's browser in as the owner of `email` as the sign-in page does, without loading it:
 * the mailed link's token posted to `/api/auth/verify-magic-link` (for tests about what comes after).
 */
export async function signInThroughApi(page: Page, email: string) {
  const before = mailCount(email);
  const origin = { origin: process.env.E2E_BASE_URL ?? '' };
  expect((await page.request.post('/api/auth/send-magic-link', { data: { email }, headers: origin })).status()).toBe(
    200,
  );
  const mail = await waitForMail(email, before);
  expect(
    (
      await page.request.post('/api/auth/verify-magic-link', {
        data: { token: mail.token, confirm: true },
        headers: origin,
      })
    ).status(),
  ).toBe(200);
}

/**
 * A new player, signed in, on the play page of `game` (a reference game in its frame): the frame,
 * ready with the player's name shown.
 */
export async function playIn(
  page: Page,
  username: string,
  game: { url: string; name: string },
): Promise<{ frame: FrameLocator; userId: number }> {
  const email = await registerThroughApi(page.request, username);
  await signInThroughApi(page, email);
  const me = (await (await page.request.get('/api/auth/me')).json()).user;
  await page.goto(`/play?url=${encodeURIComponent(game.url)}&name=${encodeURIComponent(game.name)}`);
  const frame = page.frameLocator(`iframe[title="${game.name}"]`);
  // The frame comes after the play page's island has hydrated and fetched a game token, then loads the game.
  await expect(frame.locator('body')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(frame.getByText(`Playing as ${username}`)).toBeVisible();
  // played from the games' origin (GAMES_ORIGIN), never the arcade's own
  expect(page.frames().some((f) => f.url().startsWith(gameUrl(game.url)))).toBe(true);
  return { frame, userId: me.id as number };
}

/** The player's latest stored run of `gameId`, as the scores call shows it. */
export async function latestRun(page: Page, userId: number, gameId: string) {
  const scores = await (await page.request.get(`/api/scores/user/${userId}?gameId=${gameId}`)).json();
  return { count: scores.count, run: scores.scores[0] };
}

/** Answer `GET /api/auth/me` as for a visitor who is signed out (no wait on the real server). */
export async function pretendSignedOut(page: Page) {
  await page.route('**/api/auth/me', (route) => route.fulfill({ json: { user: null } }));
}

type Answer = Parameters<Route['fulfill']>[0];

/**
 * Answer calls to `url` (a glob such as `**\/api/auth/register`) in the browser with `answer`, and
 * record their JSON bodies. With `held`, every answer waits until `release()` is called, to watch
 * a pending state.
 */
export async function stubApi(page: Page, url: string, answer: Answer, { held = false } = {}) {
  let release = () => {};
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const bodies: unknown[] = [];
  await page.route(url, async (route) => {
    bodies.push(route.request().postDataJSON());
    await released;
    await route.fulfill(answer);
  });
  return { bodies, release };
}

/** The toast on screen shows `title` and `description` in the given look. */
export async function expectToast(
  page: Page,
  title: string,
  description: string | RegExp,
  variant: 'success' | 'destructive' | 'default' = 'default',
) {
  const toast = page.getByRole(variant === 'destructive' ? 'alert' : 'status').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
  await expect(toast).toHaveAttribute('data-variant', variant);
}

/**
 * The results page of a past tournament on the e2e server: the first one listed, or one an
 * administrator makes now over the demo players' REKT! runs of the last week.
 */
export async function pastResultsPath(browser: Browser): Promise<string> {
  const base = process.env.E2E_BASE_URL ?? '';
  const listed = (await (await fetch(`${base}/api/tournaments?status=past`)).json()) as {
    tournaments: { id: number }[];
  };
  if (listed.tournaments[0]) return `/tournament/${listed.tournaments[0].id}/results`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsAdmin(page);
    const end = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const response = await page.request.post('/api/admin/tournaments', {
      data: {
        name: 'Health Check Cup',
        gameId: 'rekt',
        description: 'A finished tournament for the page checks.',
        startDate: localUtc(end - 7 * 86_400_000),
        endDate: localUtc(end),
        timezoneOffset: '0',
        rewards: '{"firstPlaceSats":1000}',
      },
      headers: { origin: base },
    });
    expect(response.status()).toBe(201);
    return `/tournament/${(await response.json()).tournament.id}/results`;
  } finally {
    await context.close();
  }
}

/**
 * Post a run whose result the test chooses through the Game API, as a game's own server would
 * (signed with the game's secret: README, "Fair play"); a real run of that score would take
 * minutes to play. Answers the response.
 */
export function postSignedRun(
  request: APIRequestContext,
  gameToken: string,
  gameId: string,
  run: Record<string, unknown>,
) {
  const body = { userId: tokenUserId(gameToken), ...run };
  return request.post(`/api/games/${gameId}/runs`, {
    headers: { authorization: `Bearer ${gameToken}`, 'content-type': 'application/json', ...signedHeaders(body) },
    data: JSON.stringify(body),
  });
}

/**
 * Sign `page`'s browser in as the e2e administrator (user 1) with the session the global setup
 * opened once for every admin test (the page stays where it is).
 */
export async function signInAsAdmin(page: Page) {
  const state = JSON.parse(readFileSync(process.env.E2E_ADMIN_STATE ?? '', 'utf8')) as {
    cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
  };
  await page.context().addCookies(state.cookies);
}
