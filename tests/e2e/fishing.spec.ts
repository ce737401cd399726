import type { Frame, FrameLocator, Page } from '@playwright/test';
import { expect, latestRun, playIn, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// Fishing for Sats! as a new player fishes it, in its frame on the play page: a bite left alone
// costs that cast, never the trip (issue 23), and what the angler lands afterwards is replayed by
// the server and stored as verified. The angler goes by what the game shows (its phase on <body>,
// its snapshot `__arcadeDebug()`), checked on every animation frame where a moment counts (a bite
// waits 1.2 s of game time), so a slow machine only makes the trip longer.
const FISHING = { url: '/arcade-games/fishing-for-sats/', name: 'Fishing for Sats!' };
/** The angler reels whenever the tension is below the middle of the fish's sweet band (drawn on the meter). */
/**
 * The longest the angler waits for what the game shows next: a bite comes within 6 s of game time
 * (0.7 s flight, up to 1.2 s sinking, up to 4 s wait), and on a starved machine game time runs
 * slow (a frame advances it by 50 ms at most).
 */
const BITE_WITHIN = 60_000;

interface Snapshot {
  phase: string;
  tension: number | null;
  band: [number, number] | null;
  message: string | null;
}

/** Uncaught errors on the page and errors the game logs (a frame that throws is logged). */
function watchGameErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.location().url.includes('/arcade-games/'))
      errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Wait until the game's snapshot shows every value of `want` (checked on each animation frame). */
async function gameShows(game: Frame, want: Partial<Snapshot>, timeout = BITE_WITHIN) {
  await game.waitForFunction(
    (w) => {
      const now = (window as unknown as { __arcadeDebug: () => Record<string, unknown> }).__arcadeDebug();
      return Object.entries(w).every(([key, value]) => now[key] === value);
    },
    want,
    { timeout },
  );
}

/** Hold to charge and let go as soon as the power meter shows: a short cast into the shallows. */
async function castLine(page: Page, frame: FrameLocator) {
  const body = frame.locator('body');
  await expect(body).toHaveAttribute('data-phase', 'aim');
  await page.keyboard.down('Space');
  await expect(body).toHaveAttribute('data-phase', 'charging');
  await page.keyboard.up('Space');
  await expect(body).toHaveAttribute('data-phase', /flying|sinking|waiting/);
}

/** Strike the moment the fish bites, then reel while the tension is low; answers how the fight ended. */
async function strikeAndReel(page: Page, game: Frame): Promise<string> {
  await gameShows(game, { phase: 'bite' });
  await page.keyboard.press('Space');
  for (;;) {
    const next = await game.waitForFunction(
      () => {
        const { phase, tension, band } = (window as unknown as { __arcadeDebug: () => Snapshot }).__arcadeDebug();
        if (phase !== 'reeling') return phase;
        return tension !== null && band && tension < (band[0] + band[1]) / 2 ? 'reel' : false;
      },
      undefined,
      { timeout: BITE_WITHIN },
    );
    const what = (await next.jsonValue()) as string;
    if (what !== 'reel') return what;
    await page.keyboard.press('Space');
  }
}

test.describe('Fishing for Sats!', () => {
  test('a missed bite costs one cast, not the trip: the angler fishes on, the catch is stored verified, and PLAY AGAIN starts a new trip', async ({
    page,
  }) => {
    test.setTimeout(300_000); // two trips of real casts, bites and fights
    const errors = watchGameErrors(page);
    // A player of their own on each run of the test (--repeat-each, retries): the stored runs are counted.
    const { frame, userId } = await playIn(
      page,
      `Slow_Angler_${test.info().repeatEachIndex}${test.info().retry}`,
      FISHING,
    );
    const game = (await (await frame.owner().elementHandle())!.contentFrame())!;
    const body = frame.locator('body');
    await frame.getByRole('button', { name: 'PLAY', exact: true }).click();

    // First cast: the fish bites, and the new angler does not press in time.
    await castLine(page, frame);
    await gameShows(game, { phase: 'bite' });
    await gameShows(game, { phase: 'lost', message: 'TOO SLOW!' });
    // The game goes on to the second cast.
    await gameShows(game, { phase: 'aim' });
    await expect(frame.locator('#hud-cast')).toHaveText('2/5');
    await expect(frame.locator('#hud-fish')).toHaveText('0');

    // Second cast: strike on the bite and reel it in.
    await castLine(page, frame);
    expect(await strikeAndReel(page, game)).toBe('caught');
    const caught = frame.getByRole('dialog', { name: 'Caught!' });
    await expect(caught).toBeVisible();
    const points = Number((await caught.locator('#catch-points').textContent())!.replace(/[^0-9]/g, ''));
    expect(points).toBeGreaterThan(0);
    await caught.getByRole('button', { name: 'NEXT CAST' }).click();
    await expect(body).toHaveAttribute('data-phase', 'aim');
    await expect(frame.locator('#hud-cast')).toHaveText('3/5');
    await expect(frame.locator('#hud-fish')).toHaveText('1');

    // Enough for tonight: END TRIP asks first; KEEP FISHING goes on, END NOW ends it. The trip is
    // scored and saved, and the server's replay agrees.
    await frame.getByRole('button', { name: 'END TRIP' }).click();
    const ask = frame.getByRole('alertdialog', { name: 'End the trip now? Your catch so far is scored.' });
    await ask.getByRole('button', { name: 'KEEP FISHING' }).click();
    await expect(ask).toBeHidden();
    await expect(body).toHaveAttribute('data-phase', 'aim');
    await frame.getByRole('button', { name: 'END TRIP' }).click();
    await ask.getByRole('button', { name: 'END NOW' }).click();
    await expect(frame.getByRole('list', { name: 'Your catch' }).getByRole('listitem')).toHaveCount(1);
    await expect(frame.locator('#final-score')).toHaveText(points.toLocaleString('en-US'));
    await expect(body).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    expect(await latestRun(page, userId, 'fishing-for-sats')).toEqual({
      count: 1,
      run: expect.objectContaining({ score: points, fishCaught: 1, verified: true }),
    });
    expect(errors).toEqual([]);

    // PLAY AGAIN: a new trip that plays (the line flies and sinks) and is saved in turn.
    await frame.getByRole('button', { name: 'PLAY AGAIN' }).click();
    await expect(body).toHaveAttribute('data-state', 'playing');
    await expect(frame.locator('#hud-cast')).toHaveText('1/5');
    await expect(frame.locator('#hud-score')).toHaveText('0');
    await castLine(page, frame);
    await gameShows(game, { phase: 'waiting' });
    await frame.getByRole('button', { name: 'END TRIP' }).click();
    await frame.getByRole('button', { name: 'END NOW' }).click();
    await expect(body).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    expect(await latestRun(page, userId, 'fishing-for-sats')).toEqual({
      count: 2,
      run: expect.objectContaining({ score: 0, fishCaught: 0, verified: true }),
    });

    expect(errors).toEqual([]);
  });
});

interface Ambience {
  music: boolean;
  sea: boolean;
  running: string;
  scheduled: number;
  musicLevel: number;
}

/** The game's ambience snapshot (games/fishing-for-sats/ambience.js). */
function ambience(page: Page): Promise<Ambience> {
  return page.evaluate(() => (window as unknown as { __fishingAmbience: () => Ambience }).__fishingAmbience());
}

test.describe('Fishing for Sats! sound', () => {
  test('the lofi loop and the sea play after the first input, and the music toggle stops the loop', async ({
    page,
  }) => {
    await page.goto(FISHING.url);
    const music = page.getByRole('button', { name: 'Music' });
    // A first visit with a mouse: music on, but nothing plays before the player's first input.
    await expect(music).toHaveAttribute('aria-pressed', 'true');
    await expect(music).toHaveText('♫ ON');
    expect(await ambience(page)).toMatchObject({ running: 'none', scheduled: 0 });

    await page.getByRole('button', { name: 'PLAY' }).click();
    await expect.poll(async () => (await ambience(page)).running).toBe('running');
    // Notes keep being scheduled (the loop looks 0.4 s ahead) and the music is audible.
    const first = (await ambience(page)).scheduled;
    await expect.poll(async () => (await ambience(page)).scheduled).toBeGreaterThan(first + 10);
    await expect.poll(async () => (await ambience(page)).musicLevel).toBeGreaterThan(0.1);
    expect((await ambience(page)).sea).toBe(true);

    await music.click();
    await expect(music).toHaveText('♫ OFF');
    await expect.poll(async () => (await ambience(page)).musicLevel).toBeLessThan(0.01);
    // Off means no more notes: the count stands still across several of the loop's looks ahead.
    const stopped = (await ambience(page)).scheduled;
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect((await ambience(page)).scheduled).toBe(stopped);
  });

  test('a phone starts with the music off, and the choice is remembered', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(FISHING.url);
    const music = page.getByRole('button', { name: 'Music' });
    await expect(music).toHaveAttribute('aria-pressed', 'false');
    await expect(music).toHaveText('♫ OFF');
    await music.tap();
    await expect(music).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });
});
