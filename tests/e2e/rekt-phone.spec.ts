import { expect, gameUrl, test } from './support';

// REKT! on a phone (README, "One REKT! world on every screen"): held upright, a prompt asks to turn
// the phone (the world is as wide on every screen, so upright it is a strip) and PLAY UPRIGHT plays
// on there; held sideways, the game fills the screen with no prompt.

test('held upright, REKT! asks to turn the phone and still lets the player play upright', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(gameUrl('/arcade-games/rekt/'));
  const prompt = page.getByRole('region', { name: 'TURN YOUR PHONE SIDEWAYS' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('every screen sees as far ahead');
  await page.screenshot({ path: test.info().outputPath('rekt-upright-prompt-360.png') });
  await page.getByRole('button', { name: 'PLAY UPRIGHT' }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole('button', { name: 'PLAY', exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-state', 'playing');
  // a tap on the screen flaps: the bird rises
  await page.locator('#stage').click({ position: { x: 180, y: 400 } });
  await page.waitForFunction(() => (window as any).__arcadeDebug().vy < 0);
  await page.screenshot({ path: test.info().outputPath('rekt-upright-playing-360.png') });
  // The choice holds for the visit: a reload plays upright at once.
  await page.reload();
  await expect(page.getByRole('button', { name: 'PLAY', exact: true })).toBeVisible();
  await expect(prompt).toBeHidden();
});

test('held sideways (and on a desktop), REKT! shows no prompt', async ({ page }) => {
  for (const size of [
    { width: 740, height: 360 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(gameUrl('/arcade-games/rekt/'));
    await expect(page.getByRole('button', { name: 'PLAY', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'TURN YOUR PHONE SIDEWAYS' })).toBeHidden();
    await page.screenshot({ path: test.info().outputPath(`rekt-ready-${size.width}.png`) });
  }
});
