import type { Frame, Page, Request } from '@playwright/test';
import { expect, gameUrl, latestRun, lookByEye, playIn, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// No reload mid-run (issue 33): the play page hands the game a fresh token by message before the
// old one ends, a result refused for an expired token is sent again with the next one, once, and
// Refresh Game asks first during a run. The page's clock is Playwright's, moved forward past the
// refresh point (20 minutes); the server's is real, so its tokens stay valid meanwhile.

const REKT = { url: '/arcade-games/rekt/', name: 'REKT!' };
const REFRESH = '20:01';

/** REKT!'s own document in the play page's frame (the Frame object survives a reload of it). */
function rektFrame(page: Page): Frame {
  return page.frames().find((f) => f.url().startsWith(gameUrl(REKT.url)))!;
}

/**
 * Fly the bird from inside the frame, as scripts/autoplay.ts does: flap (a Space key press, the
 * game's own input) whenever it is below the next gap and not already rising fast. The run lasts
 * until `land(frame)`.
 */
async function fly(frame: Frame) {
  await frame.evaluate(() => {
    type Snapshot = { phase: string; y?: number; vy?: number; gapY?: number | null };
    const w = window as unknown as { __arcadeDebug(): Snapshot; __flying?: boolean };
    w.__flying = true;
    const tick = () => {
      if (!w.__flying) return;
      const now = w.__arcadeDebug();
      if (now.phase === 'playing' && (now.vy ?? 0) > -20 && (now.y ?? 0) > (now.gapY ?? 102) + 8) {
        window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Space' }));
        window.dispatchEvent(new KeyboardEvent('keyup', { code: 'Space' }));
      }
      requestAnimationFrame(tick);
    };
    tick();
  });
}

/** Stop flapping: the bird falls and the run ends. */
async function land(frame: Frame) {
  await frame.evaluate(() => ((window as unknown as { __flying?: boolean }).__flying = false));
}

/** What the frame's game says of itself: its phase, and a mark left in its document (gone on a reload). */
async function frameState(frame: Frame) {
  // a frame that is loading again has no game yet (no phase) until its script has run
  return frame.evaluate(() => {
    const game = window as unknown as { __arcadeDebug?: () => { phase: string }; __mark?: string };
    return { phase: game.__arcadeDebug?.().phase ?? null, mark: game.__mark ?? null };
  });
}

/** The game tokens the play page fetched, in order. */
function tokensOf(page: Page): string[] {
  const tokens: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/auth/game-token') && response.status() === 200)
      tokens.push((await response.json()).gameToken);
  });
  return tokens;
}

/** The frame's Game API calls to `path` (POSTs only), with their bearer tokens. */
function callsTo(page: Page, path: RegExp): { auth: string; body: string | null }[] {
  const calls: { auth: string; body: string | null }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname))
      calls.push({ auth: request.headers()['authorization'] ?? '', body: request.postData() });
  });
  return calls;
}

test.describe('a fresh game token without a reload', () => {
  test('a REKT! run kept alive past the refresh point goes on in the same document, and is saved once with the fresh token', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tokens = tokensOf(page);
    const tickets = callsTo(page, /^\/api\/games\/rekt\/runs\/start$/);
    const runs = callsTo(page, /^\/api\/games\/rekt\/runs$/);
    // the play page's and the game's consoles (the SDK says a wrong origin there) stay free of errors
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.clock.install();
    const { frame, userId } = await playIn(page, `Long_Flyer_${test.info().repeatEachIndex}`, REKT);
    const game = rektFrame(page);
    await game.evaluate(() => ((window as unknown as { __mark: string }).__mark = 'first load'));
    expect(tokens).toHaveLength(1);

    // flying from before the run starts: on a slow machine a run's first frames take many steps
    // each, and a bird left alone for them is REKT before a later start could flap
    await fly(game);
    await frame.getByRole('button', { name: /^play/i }).first().click();
    await expect.poll(async () => (await frameState(game)).phase).toBe('playing');
    await page.clock.fastForward(REFRESH);
    // the page fetched a fresh token and handed it over: the SDK fetches its next ticket with it
    await expect.poll(() => tokens.length).toBe(2);
    await expect.poll(() => tickets.some((t) => t.auth === `Bearer ${tokens[1]}`)).toBe(true);
    // still the same run, in the same document: nothing reloaded
    expect(await frameState(game)).toEqual({ phase: 'playing', mark: 'first load' });
    await expect(page.getByRole('heading', { name: 'Playing: REKT!' })).toBeVisible();

    await land(game);
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'saved', { timeout: 30_000 });
    expect(runs.map((r) => r.auth)).toEqual([`Bearer ${tokens[1]}`]);
    const shown = Number((await frame.locator('#final-score').textContent())!.replace(/,/g, ''));
    expect(await latestRun(page, userId, 'rekt')).toEqual({
      count: 1,
      run: expect.objectContaining({ score: shown, verified: true }),
    });
    expect(errors).toEqual([]);
  });

  test('a result refused for an expired token is saved once the fresh token arrives, once', async ({ page }) => {
    test.setTimeout(120_000);
    const tokens = tokensOf(page);
    const tickets = callsTo(page, /^\/api\/games\/rekt\/runs\/start$/);
    const runs = callsTo(page, /^\/api\/games\/rekt\/runs$/);
    // the arcade refuses the first submission as it does an expired token; the next go through
    let refused = 0;
    await page.route('**/api/games/rekt/runs', async (route) => {
      if (route.request().method() === 'POST' && refused === 0) {
        refused += 1;
        return route.fulfill({
          status: 401,
          headers: { 'access-control-allow-origin': new URL(gameUrl()).origin },
          json: { error: 'The game token has expired. Refresh the game to get a new one.' },
        });
      }
      return route.fallback();
    });
    await page.clock.install();
    const { frame, userId } = await playIn(page, `Late_Saver_${test.info().repeatEachIndex}`, REKT);
    // the bird falls at once: the run ends and its result meets the "expired" token
    await frame.getByRole('button', { name: /^play/i }).first().click();
    await expect(frame.locator('#run-status')).toHaveText('Your session expired - press Refresh Game in the arcade', {
      timeout: 30_000,
    });
    expect(runs).toHaveLength(1);
    expect(await latestRun(page, userId, 'rekt')).toEqual({ count: 0, run: undefined });

    // the page's refresh hands over a fresh token: the kept result goes again with it, and is saved
    await page.clock.fastForward(REFRESH);
    await expect(frame.locator('#run-status')).toContainText('Saved! Best:', { timeout: 30_000 });
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'saved');
    expect(tokens).toHaveLength(2);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toEqual({ auth: `Bearer ${tokens[1]}`, body: runs[0]!.body });
    expect(await latestRun(page, userId, 'rekt')).toEqual({
      count: 1,
      run: expect.objectContaining({ verified: true }),
    });

    // a later token sends nothing more: the SDK's next ticket comes with it, and no run
    await page.clock.fastForward(REFRESH);
    await expect.poll(() => tokens.length).toBe(3);
    await expect.poll(() => tickets.some((t) => t.auth === `Bearer ${tokens[2]}`)).toBe(true);
    expect(runs).toHaveLength(2);
    expect((await latestRun(page, userId, 'rekt')).count).toBe(1);
  });

  test('Refresh Game asks first during a run, and reloads at once between runs', async ({ page }) => {
    test.setTimeout(120_000);
    const tokens = tokensOf(page);
    const { frame } = await playIn(page, `Careful_Flyer_${test.info().repeatEachIndex}`, REKT);
    const game = rektFrame(page);
    await game.evaluate(() => ((window as unknown as { __mark: string }).__mark = 'first load'));
    // flying from before the run starts: on a slow machine a run's first frames take many steps
    // each, and a bird left alone for them is REKT before a later start could flap
    await fly(game);
    await frame.getByRole('button', { name: /^play/i }).first().click();
    await expect.poll(async () => (await frameState(game)).phase).toBe('playing');

    await page.getByRole('button', { name: 'Refresh Game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refresh the game?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'A run is in progress. Refreshing reloads the game: the run ends here and its score is not saved.',
    );
    await expect(dialog.getByRole('button', { name: 'Keep Playing' })).toBeFocused();
    await lookByEye(page, { path: test.info().outputPath('refresh-confirm-desktop.png') });
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(dialog.getByRole('button', { name: 'Refresh Anyway' })).toBeInViewport();
    await lookByEye(page, { path: test.info().outputPath('refresh-confirm-360.png') });
    await page.setViewportSize({ width: 1366, height: 900 });

    // Keep Playing: nothing reloads, no token is fetched
    await dialog.getByRole('button', { name: 'Keep Playing' }).click();
    await expect(dialog).toBeHidden();
    expect(await frameState(game)).toEqual({ phase: 'playing', mark: 'first load' });
    expect(tokens).toHaveLength(1);

    // Refresh Anyway: a fresh token and a fresh load of the game
    await page.getByRole('button', { name: 'Refresh Game' }).click();
    await dialog.getByRole('button', { name: 'Refresh Anyway' }).click();
    await expect.poll(() => tokens.length).toBe(2);
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'ready');
    // (while the frame reloads its document may be gone for a moment: asked again)
    await expect
      .poll(async () => (await frameState(rektFrame(page)).catch(() => ({ mark: 'reloading' }))).mark)
      .toBeNull();

    // between runs Refresh Game reloads without asking
    await page.getByRole('button', { name: 'Refresh Game' }).click();
    await expect.poll(() => tokens.length).toBe(3);
    await expect(dialog).toBeHidden();
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'ready');
  });
});
