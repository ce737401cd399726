import { FISH } from '../../games/fishing-for-sats/game.js';
import { expect, gameUrl, lookByEye, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// Fishing for Sats! rules 2 (notes/games.md): once a fish is hooked, the tension meter shows that
// fish's own sweet band, and the word for where the tension is (LOOSE, SWEET, TIGHT).

type Snapshot = { phase: string; fish: string | null; band: [number, number] | null; tension: number | null };
const snapshot = () => (window as unknown as { __arcadeDebug(): Snapshot }).__arcadeDebug();

for (const size of [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  test(`the tension meter shows the hooked fish's sweet band (${size.width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await page.goto(gameUrl('/arcade-games/fishing-for-sats/'));
    await page.getByRole('button', { name: 'PLAY', exact: true }).click();
    const body = page.locator('body');
    await expect(body).toHaveAttribute('data-phase', 'aim');
    await page.keyboard.down('Space');
    await expect(body).toHaveAttribute('data-phase', 'charging');
    await page.keyboard.up('Space');
    // strike the moment it bites (a bite waits 1.2 s of game time)
    await page.waitForFunction(() => (window as any).__arcadeDebug().phase === 'bite', undefined, { timeout: 60_000 });
    await page.keyboard.press('Space');
    await expect(body).toHaveAttribute('data-phase', 'reeling');
    const now = await page.evaluate(snapshot);
    expect(now.band).toEqual(FISH.find((f) => f.name === now.fish)!.reel.band);
    // a few taps toward the band, then the picture
    for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
    await lookByEye(page, { path: test.info().outputPath(`fishing-reeling-${size.width}.png`) });
  });
}
