import { HELLO_SATS_URL } from './global-setup';
import { expect, gamesOrigin, latestRun, playIn, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// The Game SDK's example game (examples/hello-sats, docs/bring-your-own-game.md) walked through the
// whole loop a studio's game goes: on an origin of its own, it connects, learns who plays, starts
// a run with the arcade's ticket, its own server judges and signs the result, the SDK submits it,
// and the run is stored verified and stands on the game's leaderboard.

test.describe('the Game SDK example game', () => {
  test('plays on a third origin, and its signed run is stored verified on the leaderboard', async ({ page }) => {
    const catalogue = await page.request.get('/api/leaderboards/hello-sats?type=global');
    expect(
      catalogue.status(),
      'the arcade was built without the example game: build with ARCADE_EXAMPLE_GAME=1 (npm test does)',
    ).toBe(200);

    const username = `Jar_Guesser_${test.info().repeatEachIndex}`;
    // what the SDK sends the arcade (the run goes on as sent)
    const submitted: { body: string; signature: string; authorization: string }[] = [];
    await page.route('**/api/games/hello-sats/runs', async (route) => {
      const request = route.request();
      if (request.method() === 'POST')
        submitted.push({
          body: request.postData() ?? '',
          signature: (await request.headerValue('x-arcade-signature')) ?? '',
          authorization: (await request.headerValue('authorization')) ?? '',
        });
      await route.continue();
    });
    const { frame, userId } = await playIn(page, username, { url: HELLO_SATS_URL, name: 'Hello Sats' });
    // a third origin: neither the arcade's nor the reference games'
    const gameFrame = page.frames().find((f) => f.url().startsWith(HELLO_SATS_URL))!;
    const third = new URL(gameFrame.url()).origin;
    expect(third).not.toBe(new URL(page.url()).origin);
    expect(third).not.toBe(gamesOrigin());
    // the SDK took the nonce and the token from the fragment and removed it
    expect(new URL(gameFrame.url()).hash).toBe('');

    await frame.getByRole('button', { name: 'Start a round' }).click();
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'playing');
    await expect(frame.locator('#hint')).toHaveText('The jar is filled. Your guess?');

    // Halving the range finds any jar of 1 to 100 within the seven guesses.
    let low = 1;
    let high = 100;
    let guesses = 0;
    for (;;) {
      const guess = Math.floor((low + high) / 2);
      guesses += 1;
      const before = await frame.locator('#hint').textContent();
      await frame.getByLabel('Your guess (1-100)').fill(String(guess));
      await frame.getByRole('button', { name: 'Guess', exact: true }).click();
      await expect(frame.locator('#hint')).not.toHaveText(before ?? '');
      const hint = (await frame.locator('#hint').textContent()) ?? '';
      if (hint.startsWith('Right!')) {
        expect(hint).toBe(`Right! The jar holds ${guess} sats.`);
        break;
      }
      expect(hint).toBe(`${hint.startsWith('More') ? 'More' : 'Fewer'} than ${guess}. ${7 - guesses} left.`);
      if (hint.startsWith('More')) low = guess + 1;
      else high = guess - 1;
      expect(guesses).toBeLessThan(7);
    }

    // 700 points for the first guess, 100 less for each one more
    const score = (8 - guesses) * 100;
    await expect(frame.locator('body')).toHaveAttribute('data-state', 'saved');
    await expect(frame.locator('#status')).toHaveText(`Saved and verified! Best: ${score}`);
    // the round is over: the guess field goes, a new round can start
    await expect(frame.getByLabel('Your guess (1-100)')).toBeHidden();
    await expect(frame.getByRole('button', { name: 'Play again' })).toBeVisible();
    expect(submitted).toHaveLength(1);
    expect(JSON.parse(submitted[0]!.body)).toEqual({ userId, runId: expect.any(String), score, level: guesses });
    expect(await latestRun(page, userId, 'hello-sats')).toEqual({
      count: 1,
      run: expect.objectContaining({ score, level: guesses, verified: true }),
    });
    const board = await (await page.request.get('/api/leaderboards/hello-sats?type=global&limit=100')).json();
    expect(board.entries).toContainEqual(expect.objectContaining({ username, userId, score, level: guesses }));

    // unlisted: on no page of the arcade, the player's own profile included
    await page.goto(`/users/${userId}`);
    await expect(page.getByRole('heading', { name: username })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Game Performance' })).toContainText('No games played yet');
    // nor counted in the overall statistics
    await expect(page.getByRole('region', { name: 'Overall Statistics' })).toContainText(
      'No game statistics available',
    );
    await expect(page.getByText(/hello.sats/i)).toHaveCount(0);
    for (const path of ['/games', '/leaderboards']) {
      await page.goto(path);
      await expect(page.getByText('Fishing for Sats!').first()).toBeVisible();
      await expect(page.getByText(/hello.sats/i), path).toHaveCount(0);
    }

    // A result changed on its way fails the arcade's signature check: the score is the game
    // server's, never the browser's.
    const sent = submitted[0]!;
    const changed = JSON.stringify({ ...JSON.parse(sent.body), score: score === 700 ? 600 : 700 });
    const forged = await page.request.post('/api/games/hello-sats/runs', {
      headers: {
        authorization: sent.authorization,
        'x-arcade-signature': sent.signature,
        'content-type': 'application/json',
      },
      data: changed,
    });
    expect(forged.status()).toBe(401);
    expect((await forged.json()).error).toMatch(/^The signature does not match the request body\. .*GAME_SECRETS/);
    expect((await latestRun(page, userId, 'hello-sats')).count).toBe(1);
  });
});
