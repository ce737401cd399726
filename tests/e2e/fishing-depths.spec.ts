import { expect, gameUrl, lookByEye, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// Fishing for Sats!: where each fish lives (README, "Fishing for Sats! depths"): the ready screen
// lists every fish with its depth band, and while the cast charges the game names the fish living
// at the depth it would land.

for (const size of [
  { width: 1366, height: 768 },
  { width: 360, height: 740 },
]) {
  test(`the depth guide and the fish at the aimed depth (${size.width} px)`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(gameUrl('/arcade-games/fishing-for-sats/'));
    await page.getByText('Where the fish live').click();
    const guide = page.getByRole('list', { name: 'Each fish and the depths it lives at' });
    await expect(guide.getByRole('listitem')).toHaveCount(9);
    await expect(guide.getByRole('listitem').first()).toHaveText(/Sat Sardine\s*0-50 M/);
    await expect(guide.getByRole('listitem').last()).toHaveText(/Whale\s*85-100 M/);
    await lookByEye(page, { path: test.info().outputPath(`fishing-depths-${size.width}.png`) });
    await page.getByRole('button', { name: 'PLAY', exact: true }).click();
    await expect(page.locator('body')).toHaveAttribute('data-phase', 'aim');
    await page.keyboard.down('Space');
    await expect(page.locator('body')).toHaveAttribute('data-phase', 'charging');
    await lookByEye(page, { path: test.info().outputPath(`fishing-charging-${size.width}.png`) });
    await page.keyboard.up('Space');
  });
}
