import { readFileSync } from 'node:fs';
import { expect, gameUrl, latestRun, playIn, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// Fair play (README, "Fair play"): the shared simulations give the same results in Chromium as in
// Node (tests/unit/replay.test.ts), and real runs played in the frame are stored as verified.
const golden = JSON.parse(readFileSync('tests/fixtures/golden-replays.json', 'utf8'));

test.describe('fair play', () => {
  test('the shared simulations replay the golden runs in Chromium exactly as in Node', async ({ page }) => {
    // on the games' origin, where the reference games are served
    await page.goto(gameUrl('/arcade-games/rekt/'));
    const results = await page.evaluate(async (runs) => {
      const rekt = await import('/arcade-games/rekt/game.js' as string);
      const fishing = await import('/arcade-games/fishing-for-sats/game.js' as string);
      return {
        rekt: runs.rekt.map((run: any) => rekt.replay(run.seed, run.flaps, 10_000_000)),
        fishing: runs.fishing.map((run: any) =>
          fishing.replayTrip(run.seed, run.startedAt, run.inputs, 10_000_000, Infinity, run.rules),
        ),
      };
    }, golden);
    expect(results.rekt).toEqual(golden.rekt.map((run: any) => run.expected));
    expect(results.fishing).toEqual(golden.fishing.map((run: any) => run.expected));
  });

  test('a REKT! run played in the frame is replayed by the server and stored as verified', async ({ page }) => {
    const { frame, userId } = await playIn(page, `Fair_Bird_${test.info().repeatEachIndex}`, {
      url: '/arcade-games/rekt/',
      name: 'REKT!',
    });
    await frame.getByRole('button', { name: /^play/i }).first().click();
    const game = (await (await frame.owner().elementHandle())!.contentFrame())!;
    // A few flaps, each once the bird falls again (the game's own snapshot says so), then it falls
    // to the ground: the run ends and is submitted with its log.
    /** Waits until the bird rises (or falls); answers whether the run still goes on. */
    const bird = async (rising: boolean) => {
      const phase = await game.waitForFunction((up) => {
        const now = (window as unknown as { __arcadeDebug: () => { phase: string; vy?: number } }).__arcadeDebug();
        return (now.phase !== 'playing' || (up ? (now.vy ?? 0) < 0 : (now.vy ?? 0) > 0)) && now.phase;
      }, rising);
      return (await phase.jsonValue()) === 'playing';
    };
    // (a key pressed after the run ended would start the next one)
    for (let i = 0; i < 4 && (await bird(false)); i++) {
      await page.keyboard.press('Space');
      if (!(await bird(true))) break;
    }
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    const shown = Number((await frame.locator('#final-score').textContent())!.replace(/,/g, ''));
    expect(await latestRun(page, userId, 'rekt')).toEqual({
      count: 1,
      run: expect.objectContaining({ score: shown, verified: true }),
    });
  });

  test('a Fishing for Sats! trip played in the frame is replayed by the server and stored as verified', async ({
    page,
  }) => {
    test.setTimeout(150_000); // the fish takes its time to bite, and game time runs slow on a starved machine
    const { frame, userId } = await playIn(page, `Fair_Angler_${test.info().repeatEachIndex}`, {
      url: '/arcade-games/fishing-for-sats/',
      name: 'Fishing for Sats!',
    });
    await frame.getByRole('button', { name: /^play/i }).first().click();
    await expect(frame.locator('body')).toHaveAttribute('data-phase', 'aim');
    // Hold to charge, release once the game charges the cast, wait for the bite and strike, then end the trip.
    await page.keyboard.down('Space');
    await expect(frame.locator('body')).toHaveAttribute('data-phase', 'charging');
    await page.keyboard.up('Space');
    // a bite comes within 6 s of game time, which a starved machine stretches (tests/e2e/fishing.spec.ts)
    await expect(frame.locator('body')).toHaveAttribute('data-phase', 'bite', { timeout: 60_000 });
    await page.keyboard.press('Space');
    // Hooked (or too slow on a busy machine): either way the trip ends here.
    await expect(frame.locator('body')).toHaveAttribute('data-phase', /reeling|lost|aim/);
    await frame.getByRole('button', { name: /end trip/i }).click();
    // END TRIP asks first (main's fishing game since its confirmation; this test had not followed)
    await frame.getByRole('button', { name: 'END NOW' }).click();
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    expect(await latestRun(page, userId, 'fishing-for-sats')).toEqual({
      count: 1,
      run: expect.objectContaining({ score: 0, fishCaught: 0, verified: true }),
    });
  });

  test('a Mr Quiz run played in the frame is scored by the server and stored as verified', async ({ page }) => {
    test.setTimeout(120_000); // ten questions, each shown for a moment after its answer
    const { frame, userId } = await playIn(page, `Fair_Thinker_${test.info().repeatEachIndex}`, {
      url: '/arcade-games/mr-quiz/',
      name: 'Mr Quiz',
    });
    await frame
      .getByRole('button', { name: /^(play|start)/i })
      .first()
      .click();
    for (let question = 1; question <= 10; question++) {
      await expect(frame.locator('body')).toHaveAttribute('data-question', String(question));
      // The browser does not know the right answer of a saved run (only the server does).
      expect(await frame.locator('body').evaluate(() => (window as any).__arcadeDebug().answer)).toBeNull();
      await frame.locator('.answer').first().click();
      await expect(frame.locator('#q-feedback')).toHaveText(/^(Correct!|Wrong! The answer was)/);
    }
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    const shown = Number((await frame.locator('#final-score').textContent())!.replace(/,/g, ''));
    expect(await latestRun(page, userId, 'mr-quiz')).toEqual({
      count: 1,
      run: expect.objectContaining({ score: shown, verified: true }),
    });
  });
});
