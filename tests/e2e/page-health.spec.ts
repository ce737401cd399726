import type { Browser, Page } from '@playwright/test';
import type { E2ELeaderboardPlayers } from './global-setup';
import { NOT_FOUND_PAGE, PUBLIC_PAGES as publicPages } from '../support/pages';
import { expect, expectAccessible, expectNoHorizontalOverflow, pastResultsPath, test } from './support';

const players = (): E2ELeaderboardPlayers => JSON.parse(process.env.E2E_LEADERBOARD_PLAYERS ?? '{}');

/** The pages that only mean something to a signed-in player, and a demo player's profile. */
const playerPages = () => [
  '/account',
  '/achievements',
  '/tournament',
  '/play?url=%2Farcade-games%2Frekt%2F&name=REKT!',
  `/users/${players().ranked.id}`,
];

/**
 * Collect every console error and uncaught page error from now on, and every breach of the page's
 * Content-Security-Policy or Permissions-Policy (Chromium logs some of those as warnings; the page
 * reports each CSP violation as an error, see {@link observePage}).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const policy = /Content Security Policy|Content-Security-Policy|Permissions-Policy/i.test(message.text());
    if (message.type() !== 'error' && !policy) return;
    const { url } = message.location();
    if (new URL(url, 'http://x').pathname === NOT_FOUND_PAGE && /status of 404/.test(message.text())) return;
    errors.push(`console: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** Visit `path` and wait until it has settled: loaded, no request in flight, islands hydrated (but those that wait to be seen). */
async function settle(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator(`astro-island[ssr]:not([client="visible"]):not([client="idle"]):not([opts*='"value":"visible"'])`),
  ).toHaveCount(0);
  // what the hydrated islands render and the layout shifts it makes are on screen two frames later
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForLoadState('networkidle');
}

/** A phone's screen, where the header gives a signed-in player's account button its own small room. */
const PHONE = { width: 360, height: 780 };

async function signedInPage(browser: Browser, viewport?: typeof PHONE) {
  const context = await browser.newContext({
    storageState: players().ranked.storageState,
    ...(viewport && { viewport }),
  });
  return { context, page: await context.newPage() };
}

/** Sum of the layout shifts the page made without a recent input (the CLS of a short visit). */
async function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  return page.evaluate(() => (window as unknown as { __shifts: { total: number; sources: string[] } }).__shifts);
}

/**
 * Record every layout shift from the first paint, before any script of the page runs, and log every
 * Content-Security-Policy violation as a console error (for {@link watchErrors}).
 */
async function observePage(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
    const shifts = { total: 0, sources: [] as string[] };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        const nodes = (entry.sources ?? []).map((s) => {
          const node = s.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 3).join('.')}`;
        });
        shifts.sources.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The most a page may shift while it loads (Lighthouse calls under 0.1 good; the arcade aims lower). */
const MAX_CLS = 0.02;

/** The page has settled without an error or a policy breach, shifted less than {@link MAX_CLS}, and is accessible. */
async function expectHealthy(page: Page, errors: string[]) {
  expect(errors).toEqual([]);
  const { total, sources } = await layoutShift(page);
  expect(total, sources.join('\n')).toBeLessThan(MAX_CLS);
  await expectAccessible(page);
}

// One visit per public page checks all of it (the suite used to load every page five times over):
// no console error, no breach of its Content-Security-Policy or Permissions-Policy, no layout shift
// while it loads, no serious accessibility violation; on a phone (the narrow project's Pixel 7 at
// 360 px) also nothing sticking out sideways. The headers of the pages are delivery.spec.ts's, the
// shared header and footer layout.spec.ts's.
test.describe('every public page, signed out', () => {
  for (const path of publicPages) {
    test(`${path} loads without an error or a layout shift, and is accessible`, async ({ page }) => {
      const errors = watchErrors(page);
      await observePage(page);
      await settle(page, path);
      await expectHealthy(page, errors);
    });

    test(`${path} fits a 360 px screen without an error or a layout shift, and is accessible @narrow`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await observePage(page);
      await settle(page, path);
      await expectNoHorizontalOverflow(page);
      await expectHealthy(page, errors);
    });
  }
});

test.describe('no console errors', () => {
  // the play page's game calls the arcade from its frame (support.ts, `gameApi`)
  test.use({ gameApi: true });
  // Limits, not waits: every page in turn takes about 1.4 min here beside one other test, so a
  // machine twice as slow needs about twice that.
  // the public pages are checked one by one above
  test('no other page logs an error for a signed-out visitor', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const results = await pastResultsPath(browser);
    const errors = watchErrors(page);
    await observePage(page);
    for (const path of [results, '/play', ...playerPages()]) {
      await settle(page, path);
      expect(errors, path).toEqual([]);
    }
  });

  test('no page logs an error for a signed-in player', async ({ browser }) => {
    test.setTimeout(180_000);
    const results = await pastResultsPath(browser);
    const { context, page } = await signedInPage(browser);
    const errors = watchErrors(page);
    await observePage(page);
    for (const path of [...publicPages, results, ...playerPages()]) {
      await settle(page, path);
      expect(errors, path).toEqual([]);
    }
    await context.close();
  });
});

test.describe('no layout shift', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 780 },
  ]) {
    test(`a tournament's results page does not shift while it loads at ${viewport.width} px, signed out`, async ({
      page,
      browser,
    }) => {
      const path = await pastResultsPath(browser);
      await page.setViewportSize(viewport);
      await observePage(page);
      await settle(page, path);
      const { total, sources } = await layoutShift(page);
      expect(total, sources.join('\n')).toBeLessThan(MAX_CLS);
    });
  }

  // the account menu and the dashboard load once the session names the player
  for (const [path, viewport] of [
    ['/'],
    ['/leaderboards'],
    ['/tournament'],
    ['/', PHONE],
    ['/about', PHONE],
  ] as const) {
    test(`${path} does not shift while it loads, signed in${viewport ? ' on a 360 px screen' : ''}`, async ({
      browser,
    }) => {
      const { context, page } = await signedInPage(browser, viewport);
      await observePage(page);
      await settle(page, path);
      const { total, sources } = await layoutShift(page);
      expect(total, sources.join('\n')).toBeLessThan(MAX_CLS);
      await context.close();
    });
  }
});
