import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  lookByEye,
  postSignedRun,
  registerThroughApi,
  signInThroughApi,
  test,
} from './support';

// The catch log on Fishing for Sats!'s page (notes/games.md): a signed-in player sees every kind of
// fish, landed or not, with how many, the heaviest, the best quality and the first catch; a visitor
// is asked to sign in. Trips are posted signed by the game's secret (a real one takes minutes).

for (const size of [
  { width: 1366, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`a player sees their catch log on the game's page (${size.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const username = `Log_Angler_${size.width}_${test.info().repeatEachIndex}`;
    await signInThroughApi(page, await registerThroughApi(request, username));
    const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=fishing-for-sats')).json();
    const trips = [
      [
        { name: 'Coin Carp', points: 30, weight: 4.2, quality: 5 },
        { name: 'Coin Carp', points: 20, weight: 6.5, quality: 3 },
        { name: 'Lightning Eel', points: 70, weight: 3.1, quality: 4 },
      ],
      [{ name: 'Coin Carp', points: 25, weight: 2, quality: 4 }],
    ];
    for (const [i, fish] of trips.entries()) {
      const answer = await postSignedRun(page.request, gameToken, 'fishing-for-sats', {
        runId: `e2e-log-${size.width}-${Date.now()}-${i}`,
        score: fish.reduce((sum, f) => sum + f.points, 0),
        fish,
      });
      expect(answer.status()).toBe(201);
    }

    await page.goto('/games/fishing-for-sats');
    const log = page.getByRole('list', { name: 'Your catch log' });
    await expect(log.getByRole('listitem')).toHaveCount(9);
    await expect(page.locator('[data-catch-summary]')).toHaveText('2 of 9 kinds landed · 4 fish on 2 trips');
    const carp = log.locator('[data-species="Coin Carp"]');
    await expect(carp).toHaveAttribute('data-caught', 'true');
    await expect(carp).toContainText('Landed3');
    await expect(carp).toContainText('Heaviest6.5 kg');
    await expect(carp.getByLabel('5 of 5 stars')).toBeVisible();
    const today = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: '2-digit' }).format(
      new Date(),
    );
    await expect(carp).toContainText(`First caught${today}`);
    await expect(log.locator('[data-species="Whale"]')).toContainText('Not caught yet · rare: the abyss only');
    await expect(log.locator('[data-species="Sat Sardine"]')).toContainText('Not caught yet: cast to 0-50 M');
    await page.getByRole('heading', { name: 'Your Catch Log' }).scrollIntoViewIfNeeded();
    await lookByEye(page, { path: test.info().outputPath(`catch-log-${size.width}.png`), fullPage: true });
    await lookByEye(page.getByRole('region', { name: 'Your Catch Log' }), {
      path: test.info().outputPath(`catch-log-section-${size.width}.png`),
    });
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  });
}

test('a visitor is asked to sign in for a catch log', async ({ page }) => {
  await page.goto('/games/fishing-for-sats');
  const section = page.getByRole('region', { name: 'Your Catch Log' });
  await expect(section).toContainText('to keep a catch log: every kind of fish you land in Fishing for Sats!');
  await section.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
