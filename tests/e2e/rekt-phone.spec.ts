import { expect, gameUrl, latestRun, lookByEye, playIn, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// REKT! on a phone (notes/games.md, "REKT! upright"): held upright the world is drawn square at the
// top of the screen, as wide as the screen (a view 240 virtual pixels wide, the bird further left and
// a radar of the candles beyond the edge), the ground going on below where the thumb taps; held
// sideways, and on a desktop, the 400-wide view. The view never changes the simulation: a run played
// upright is replayed by the server and stored as verified.

type Debug = { phase: string; viewWidth: number; vy?: number };
const debug = () => (window as unknown as { __arcadeDebug(): Debug }).__arcadeDebug();

test('held upright, REKT! fills the width with a bigger world and plays at once, no prompt', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(gameUrl('/arcade-games/rekt/'));
  await expect(page.getByRole('button', { name: 'PLAY', exact: true })).toBeVisible();
  await expect(page.getByText('TURN YOUR PHONE SIDEWAYS')).toHaveCount(0);
  expect((await page.evaluate(debug)).viewWidth).toBe(240);
  // The world: the full width and as tall (the strip it replaces was 216 px tall).
  const box = (await page.locator('#screen').boundingBox())!;
  expect(box.width).toBe(360);
  expect(box.height).toBe(360);
  await expect(page.getByText('TAP ANYWHERE TO FLAP')).toBeVisible();
  await lookByEye(page, { path: test.info().outputPath('rekt-upright-ready-360.png') });
  await page.getByRole('button', { name: 'PLAY', exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-state', 'playing');
  // a tap below the world, on the ground, flaps: the bird rises (raw input, at once: the bird falls
  // to the ground within a second)
  await page.mouse.click(180, 600);
  const rose = await page.waitForFunction(() => {
    const now = (window as any).__arcadeDebug();
    return now.phase !== 'playing' ? 'fell' : now.vy < 0 && 'rose';
  });
  expect(await rose.jsonValue()).toBe('rose');
  await lookByEye(page, { path: test.info().outputPath('rekt-upright-playing-360.png') });
});

test('held sideways (and on a desktop), REKT! shows the wide view, no tap pad', async ({ page }) => {
  for (const size of [
    { width: 740, height: 360 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(gameUrl('/arcade-games/rekt/'));
    await expect(page.getByRole('button', { name: 'PLAY', exact: true })).toBeVisible();
    expect((await page.evaluate(debug)).viewWidth).toBe(400);
    await expect(page.getByText('TAP ANYWHERE TO FLAP')).toBeHidden();
    await lookByEye(page, { path: test.info().outputPath(`rekt-ready-${size.width}.png`) });
  }
});

test('a run played upright is replayed by the server and stored as verified', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { frame, userId } = await playIn(page, `Upright_Bird_${test.info().repeatEachIndex}`, {
    url: '/arcade-games/rekt/',
    name: 'REKT!',
  });
  const game = (await (await frame.owner().elementHandle())!.contentFrame())!;
  expect((await game.evaluate(debug)).viewWidth).toBe(240);
  await frame.getByRole('button', { name: /^play/i }).first().click();
  /** Waits until the bird rises (or falls); answers whether the run still goes on. */
  const bird = async (rising: boolean) => {
    const phase = await game.waitForFunction((up) => {
      const now = (window as unknown as { __arcadeDebug: () => { phase: string; vy?: number } }).__arcadeDebug();
      return (now.phase !== 'playing' || (up ? (now.vy ?? 0) < 0 : (now.vy ?? 0) > 0)) && now.phase;
    }, rising);
    return (await phase.jsonValue()) === 'playing';
  };
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
