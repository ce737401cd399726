import { expect, gameUrl, gamesOrigin, registerThroughApi, signInThroughApi, signInThroughLink, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

test.describe('playing a game', () => {
  test('a player launches REKT! from the catalogue, plays a run and it counts', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Frame_Flyer');
    await signInThroughApi(page, email);
    const me = await (await page.request.get('/api/auth/me')).json();
    const before = (await (await page.request.get('/api/stats/global/rekt')).json()).stats.totalGames;

    await page.goto('/games');
    await page.getByRole('article', { name: 'REKT!', exact: true }).getByRole('link', { name: 'PLAY NOW' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/play' && url.searchParams.get('name') === 'REKT!');
    await expect(page.getByRole('heading', { name: 'Playing: REKT!' })).toBeVisible();
    await expect(page.getByText('Welcome, Frame_Flyer')).toBeVisible();
    // the game is on the games' origin, never the arcade's, with the frame's nonce in the fragment
    const newTab = await page.getByRole('link', { name: 'Open in New Tab' }).getAttribute('href');
    expect(newTab!.startsWith(gameUrl('/arcade-games/rekt/?arcade='))).toBe(true);
    expect(new URL(newTab!).hash).toMatch(/^#nonce=[\w-]{22}&token=/);

    const game = page.frameLocator('iframe[title="REKT!"]');
    await expect(game.locator('body')).toHaveAttribute('data-state', 'ready');
    await expect(game.getByText(/Frame_Flyer/).first()).toBeVisible();
    // The frame hands the game sound, full screen, controllers and the clipboard, and nothing the arcade denies.
    const frame = page.frames().find((f) => new URL(f.url()).pathname.startsWith('/arcade-games/rekt/'))!;
    expect(new URL(frame.url()).origin).toBe(gamesOrigin());
    // the game dropped the fragment (nonce and all) once it had read it
    expect(new URL(frame.url()).hash).toBe('');
    const features = [
      'autoplay',
      'fullscreen',
      'gamepad',
      'clipboard-write',
      'camera',
      'microphone',
      'geolocation',
      'payment',
    ];
    const allowed = await frame.evaluate(
      (names) =>
        names.filter((name) =>
          (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature(
            name,
          ),
        ),
      features,
    );
    expect(allowed).toEqual(['autoplay', 'fullscreen', 'gamepad', 'clipboard-write']);
    // Start and let the bird fall: the run ends on the ground and is submitted with the token.
    await game.getByRole('button', { name: /^play/i }).first().click();
    await expect(game.locator('body')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    await expect(game.locator('#run-status')).toContainText(/Saved/i);

    const stats = await (await page.request.get(`/api/stats/user/${me.user.id}`)).json();
    expect(stats.stats.totalPlays).toBe(1);
    // The server replayed the run from its ticket and input log (README, "Fair play").
    expect(stats.stats.verifiedPlays).toBe(1);
    const after = (await (await page.request.get('/api/stats/global/rekt')).json()).stats.totalGames;
    expect(after).toBe(before + 1);
    await page.goto('/games/rekt');
    await expect(page.locator('[data-games-played="rekt"]')).toHaveText(
      `${after.toLocaleString('en-US')} games played`,
    );
  });

  test('a reference game ignores a foreign ?arcade= and takes its token from the fragment, never the query', async ({
    page,
    request,
  }) => {
    const email = await registerThroughApi(request, 'Frag_Player');
    await signInThroughApi(page, email);
    const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=rekt')).json();
    const foreign: string[] = [];
    await page.context().route('https://evil.example/**', (route) => {
      foreign.push(route.request().url());
      return route.abort();
    });
    // the run is answered here, so the global REKT! total other tests count stays untouched (with
    // the CORS answer the arcade gives the games' origin)
    const submitted: string[] = [];
    const cors = {
      'access-control-allow-origin': gamesOrigin(),
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type',
    };
    await page.route('**/api/games/rekt/runs', (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      submitted.push(`${new URL(route.request().url()).origin} ${route.request().headers().authorization}`);
      return route.fulfill({ status: 201, headers: cors, json: { run: {}, best: { score: 1 } } });
    });
    await page.goto(
      gameUrl(`/arcade-games/rekt/?arcade=https%3A%2F%2Fevil.example#token=${gameToken}&username=Frag_Player`),
    );
    await expect(page.locator('body')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByText('Playing as Frag_Player')).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: /^play/i }).first().click();
    await expect(page.locator('body')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    expect(foreign).toEqual([]);
    // to the arcade the games' server named, never the query's
    expect(submitted).toEqual([`${new URL(process.env.E2E_BASE_URL!).origin} Bearer ${gameToken}`]);
  });

  test('a run the arcade cannot take yet is retried, then saved with Retry save; an expired token is said', async ({
    page,
  }) => {
    const email = await registerThroughApi(page.request, 'Retry_Player');
    await signInThroughLink(page, email);
    const { gameToken } = await (await page.request.get('/api/auth/game-token?gameId=rekt')).json();
    const cors = {
      'access-control-allow-origin': gamesOrigin(),
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type',
    };
    // the arcade's answers, in turn: down four times (the first try and its three retries), then
    // saved; then the token expired
    const answers = [503, 503, 503, 503, 201, 401];
    const bodies: string[] = [];
    await page.route('**/api/games/rekt/runs', (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      bodies.push(route.request().postData() ?? '');
      const status = answers.shift()!;
      if (status === 201) return route.fulfill({ status, headers: cors, json: { run: {}, best: { score: 1234 } } });
      return route.fulfill({ status, headers: cors, json: { error: status === 401 ? 'expired' : 'busy' } });
    });
    await page.goto(gameUrl(`/arcade-games/rekt/#token=${gameToken}&username=Retry_Player`));
    await expect(page.getByText('Playing as Retry_Player')).toBeVisible();
    await page.getByRole('button', { name: /^play/i }).first().click();
    // the bird falls: the run ends and is sent, retried three times, then given up for now
    await expect(page.locator('#run-status')).toHaveText(
      'The arcade had a problem (503) - your score is not saved yet.',
      { timeout: 30_000 },
    );
    await expect(page.locator('body')).toHaveAttribute('data-state', 'error');
    expect(bodies).toHaveLength(4);
    expect(new Set(bodies).size).toBe(1);
    await page.getByRole('button', { name: 'Retry save' }).click();
    await expect(page.locator('#run-status')).toHaveText('Saved! Best: 1,234');
    await expect(page.locator('body')).toHaveAttribute('data-state', 'saved');
    await expect(page.getByRole('button', { name: 'Retry save' })).toBeHidden();
    expect(bodies).toHaveLength(5);
    expect(bodies[4]).toBe(bodies[0]);
    // the next run meets an expired token
    await page.getByRole('button', { name: /^play again/i }).click();
    await expect(page.locator('#run-status')).toHaveText('Your session expired - press Refresh Game in the arcade', {
      timeout: 30_000,
    });
    await expect(page.locator('body')).toHaveAttribute('data-state', 'error');
  });

  test('/play refuses encoded traversal out of a game folder', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Path_Walker');
    await signInThroughApi(page, email);
    await page.goto('/play?url=%2Farcade-games%2Frekt%2F..%252f..%252fapi%252fauth%252fme&name=REKT!');
    await expect(page.getByRole('alert')).toContainText("This game isn't in the arcade's catalogue");
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('a URL outside the catalogue is refused with a way back', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Url_Tinkerer');
    await signInThroughApi(page, email);
    await page.goto('/play?url=https%3A%2F%2Fevil.example%2F&name=Evil');
    await expect(page.getByRole('alert')).toContainText("This game isn't in the arcade's catalogue");
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-out visitor is sent home from the play page and told to sign up', async ({ page }) => {
    await page.goto('/play?url=%2Farcade-games%2Frekt%2F&name=REKT!');
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Sign Up Required');
    await expect(toast).toContainText('Please sign up or log in to play REKT! and access the arcade.');
  });

  test('the game token is refreshed every 20 minutes (handed to the frame by message)', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Long_Sitter');
    await signInThroughApi(page, email);
    const tokenCalls: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/auth/game-token') && r.status() === 200) tokenCalls.push(r.url());
    });
    await page.clock.install();
    await page.goto('/play?url=%2Farcade-games%2Fmr-quiz%2F&name=Mr%20Quiz');
    const game = page.frameLocator('iframe[title="Mr Quiz"]');
    await expect(game.locator('body')).toHaveAttribute('data-state', 'ready');
    expect(tokenCalls).toHaveLength(1);
    await page.clock.fastForward('20:01');
    await expect.poll(() => tokenCalls.length).toBe(2);
    await expect(game.locator('body')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByRole('heading', { name: 'Playing: Mr Quiz' })).toBeVisible();
  });

  test('Refresh Game fetches a new token', async ({ page, request }) => {
    const email = await registerThroughApi(request, 'Refresher');
    await signInThroughApi(page, email);
    await page.goto('/play?url=%2Farcade-games%2Ffishing-for-sats%2F&name=Fishing%20for%20Sats!');
    await expect(page.frameLocator('iframe').locator('body')).toHaveAttribute('data-state', 'ready');
    const next = page.waitForResponse((r) => r.url().includes('/api/auth/game-token'));
    await page.getByRole('button', { name: 'Refresh Game' }).click();
    expect((await next).status()).toBe(200);
    await expect(page.frameLocator('iframe').locator('body')).toHaveAttribute('data-state', 'ready');
  });
  test("a game's frame, on the games' origin, can neither read the arcade's storage nor act with the player's cookie", async ({
    page,
    request,
  }) => {
    const email = await registerThroughApi(request, 'Iso_Player');
    await signInThroughLink(page, email);
    const arcade = new URL(page.url()).origin;
    // what the arcade keeps in the browser for this player
    await page.evaluate(() => {
      localStorage.setItem('arcade-secret', 'local-secret');
      sessionStorage.setItem('arcade-secret', 'session-secret');
    });
    await page.goto('/play?url=%2Farcade-games%2Frekt%2F&name=REKT!');
    await expect(page.frameLocator('iframe[title="REKT!"]').locator('body')).toHaveAttribute('data-state', 'ready');
    const frame = page.frames().find((f) => f.url().startsWith(gameUrl('/arcade-games/rekt/')))!;
    expect(new URL(frame.url()).origin).toBe(gamesOrigin());

    // run inside the real frame, as a game's own script would
    const seen = await frame.evaluate(async (arcadeOrigin) => {
      const attempt = async (what: () => unknown) => {
        try {
          return { value: await what() };
        } catch (error) {
          return { blocked: (error as Error).name };
        }
      };
      const text = async (r: Response) => `${r.status} ${await r.text()}`;
      return {
        origin: location.origin,
        // the frame's own storage: empty, or (a cross-site frame, as the games' origin now is) not
        // even open to it
        local: await attempt(() => localStorage.getItem('arcade-secret')),
        session: await attempt(() => sessionStorage.getItem('arcade-secret')),
        cookie: document.cookie,
        parentStorage: await attempt(() => (window.parent as Window).localStorage.getItem('arcade-secret')),
        parentDocument: await attempt(() => (window.parent as Window).document.cookie),
        me: await attempt(() => fetch(`${arcadeOrigin}/api/auth/me`, { credentials: 'include' }).then(text)),
        token: await attempt(() => fetch(`${arcadeOrigin}/api/auth/game-token`, { credentials: 'include' }).then(text)),
        // a form-like post the browser sends without asking (no CORS preflight): the arcade refuses it
        logout: await attempt(() =>
          fetch(`${arcadeOrigin}/api/auth/logout`, { method: 'POST', credentials: 'include', mode: 'no-cors' }).then(
            (r) => r.type,
          ),
        ),
        ownApi: await attempt(() => fetch('/api/auth/me', { credentials: 'include' }).then((r) => r.status)),
      };
    }, arcade);

    expect(seen.origin).toBe(gamesOrigin());
    expect([{ value: null }, { blocked: 'SecurityError' }]).toContainEqual(seen.local);
    expect([{ value: null }, { blocked: 'SecurityError' }]).toContainEqual(seen.session);
    // the session cookie is HttpOnly (and host-only: a games host name of its own never receives it)
    expect(seen.cookie).not.toContain('sats_session');
    expect(seen.parentStorage).toEqual({ blocked: 'SecurityError' });
    expect(seen.parentDocument).toEqual({ blocked: 'SecurityError' });
    // CORS gives the games' origin nothing of a cookie-authenticated answer
    expect(seen.me).toEqual({ blocked: 'TypeError' });
    expect(seen.token).toEqual({ blocked: 'TypeError' });
    // the post went out (a no-cors post needs no preflight; the games' origin is another site, so
    // the Lax cookie stays behind), and the arcade refused it; its answer (Cross-Origin-Resource-Policy: same-origin) is
    // not even handed to the game as an opaque one
    expect(seen.logout).toEqual({ blocked: 'TypeError' });
    // its own origin is not even a connection it may open (connect-src names the arcade alone),
    // and has no API anyway (tests/api/games-origin.test.ts)
    expect(seen.ownApi).toEqual({ blocked: 'TypeError' });
    // the player is still signed in: the post from the game's origin was refused
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.user.username).toBe('Iso_Player');
    await expect(page.getByText('Welcome, Iso_Player')).toBeVisible();
  });
});
