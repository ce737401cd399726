import { expect, gameUrl, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// A reference game whose frame throws keeps running (README, "Fair play"): the failure is logged
// once and the next frames are drawn, so a drawing bug is a glitch, never a game frozen until a
// reload (issue 23).
const GAMES = [
  { name: 'REKT!', path: '/arcade-games/rekt/' },
  { name: 'Fishing for Sats!', path: '/arcade-games/fishing-for-sats/' },
  { name: 'Mr Quiz', path: '/arcade-games/mr-quiz/' },
];

interface Breakable {
  /** Draws that throw before drawing works again. */
  __failDraws: number;
  /** Draws since drawing worked again. */
  __drawsAfter: number;
}

for (const game of GAMES) {
  test(`${game.name} logs a frame that throws once and goes on drawing`, async ({ page }) => {
    const errors: string[] = [];
    const logged: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto(gameUrl(game.path));
    await expect(page.locator('body')).toHaveAttribute('data-state', 'ready');

    // The canvas fails to draw for three frames (as a bug in the drawing code would), then works again.
    await page.evaluate(() => {
      const w = window as unknown as Window & Breakable;
      w.__failDraws = 3;
      w.__drawsAfter = 0;
      const drawImage = CanvasRenderingContext2D.prototype.drawImage as (...args: unknown[]) => void;
      CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
        if (w.__failDraws > 0) {
          w.__failDraws -= 1;
          throw new Error('the canvas failed to draw');
        }
        w.__drawsAfter += 1;
        drawImage.apply(this, args);
      } as typeof CanvasRenderingContext2D.prototype.drawImage;
    });
    // Later frames draw again: the game loop is alive.
    await page.waitForFunction(() => {
      const w = window as unknown as Window & Breakable;
      return w.__failDraws === 0 && w.__drawsAfter >= 10;
    });

    expect(errors).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('A frame of the game failed; the game goes on.');
    expect(logged[0]).toContain('the canvas failed to draw');
  });
}

test('REKT! shows a phone held sideways as much of the world as a desktop, and upright its upright view', async ({
  browser,
}) => {
  const widths: number[] = [];
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 740, height: 360 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(gameUrl('/arcade-games/rekt/'));
    await expect(page.locator('body')).toHaveAttribute('data-state', 'ready');
    widths.push(
      await page.evaluate(
        () => (window as unknown as { __arcadeDebug(): { viewWidth: number } }).__arcadeDebug().viewWidth,
      ),
    );
    await context.close();
  }
  // The bird flies at x 44 of the wide view: a phone once saw about 80 px ahead of it against 676 on
  // a desktop. Upright, the view is 240 wide with the bird at x 24 and a radar of the candles beyond
  // (tests/e2e/rekt-phone.spec.ts).
  expect(widths).toEqual([240, 400, 400]);
});
