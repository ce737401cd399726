import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { HELLO_SATS_URL } from './global-setup';
import { expect, gamesOrigin, playIn, registerThroughApi, test, waitForMail, mailCount } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// The wall between a game and the player's account (README, "Games on their own origin"): a script
// in a game's frame cannot set, replace or drop the arcade's cookies, and a game token opens the
// game it was issued for alone.

const ARCADE = () => process.env.E2E_BASE_URL!;

/** Another player's live session token, as a game that knew one would plant it. */
async function otherSession(request: APIRequestContext, username: string): Promise<string> {
  const email = await registerThroughApi(request, username);
  const before = mailCount(email);
  const headers = { origin: ARCADE() };
  expect((await request.post('/api/auth/send-magic-link', { data: { email }, headers })).status()).toBe(200);
  const mail = await waitForMail(email, before);
  const verified = await request.post('/api/auth/verify-magic-link', {
    data: { token: mail.token, confirm: true },
    headers,
  });
  expect(verified.status()).toBe(200);
  const set = verified
    .headersArray()
    .find((h) => h.name.toLowerCase() === 'set-cookie' && /sats_session=/.test(h.value));
  return /sats_session=([^;]+)/.exec(set!.value)![1]!;
}

/**
 * From inside `frame`, every cookie a script can try to write for the arcade: each name the arcade
 * reads (and their `__Host-`/`__Secure-` forms), each path, each domain (none, both loopback names,
 * the arcade's host), with and without Secure and SameSite=None, holding another player's session
 * and junk; then a cross-origin sign-out post with whatever cookies the browser attaches. Returns
 * what the frame's own jar holds afterwards.
 */
async function plantCookies(frame: Frame, arcade: string, stolen: string) {
  return frame.evaluate(
    async ({ arcade, stolen }) => {
      const names = [
        'sats_session',
        '__Host-sats_session',
        '__Secure-sats_session',
        'sats_signin',
        '__Host-sats_signin',
      ];
      const paths = ['/', '/api', '/api/auth', '/api/auth/me', '/api/games'];
      const host = new URL(arcade).hostname;
      const domains = ['', 'localhost', '.localhost', '127.0.0.1', '.127.0.0.1', host, location.hostname];
      const extras = ['', '; Secure', '; SameSite=None; Secure', '; SameSite=Lax'];
      for (const value of ['junk', stolen])
        for (const name of names)
          for (const path of paths)
            for (const domain of domains)
              for (const extra of extras)
                document.cookie = `${name}=${value}; path=${path}${domain ? `; domain=${domain}` : ''}${extra}; max-age=3600`;
      // a flood: many cookies of the frame's own, in case the jar pushes out the arcade's
      for (let i = 0; i < 200; i++) document.cookie = `flood${i}=${'x'.repeat(100)}; path=/`;
      const logout = await fetch(`${arcade}/api/auth/logout`, {
        method: 'POST',
        credentials: 'include',
        mode: 'no-cors',
      }).then(
        (r) => r.type,
        (e: Error) => e.name,
      );
      return { cookie: document.cookie, logout };
    },
    { arcade, stolen },
  );
}

/** Who the arcade says is signed in, asked by the arcade's own page (the browser's own cookie jar). */
const whoAmI = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/auth/me')).json()) as { user: { username: string } | null }).user,
  );

/** The arcade's cookies in the browser: name and value of each. */
async function arcadeCookies(page: Page) {
  return (await page.context().cookies(ARCADE()))
    .filter((c) => /sats/.test(c.name))
    .map((c) => `${c.name}=${c.value}`)
    .sort();
}

test.describe("a game cannot reach the player's session", () => {
  for (const game of [
    { kind: 'a reference game', url: '/arcade-games/rekt/', name: 'REKT!', origin: () => gamesOrigin() },
    {
      kind: 'the Hello Sats example game',
      url: HELLO_SATS_URL,
      name: 'Hello Sats',
      origin: () => new URL(HELLO_SATS_URL).origin,
    },
  ])
    test(`${game.kind} sets every cookie it can, and the player stays who they are`, async ({ page, request }) => {
      const username = `Walled_${game.name.replace(/\W/g, '')}_${test.info().repeatEachIndex}`;
      const stolen = await otherSession(
        request,
        `Other_${game.name.replace(/\W/g, '')}_${test.info().repeatEachIndex}`,
      );
      await playIn(page, username, { url: game.url, name: game.name });
      const before = await arcadeCookies(page);
      // the session, and the sign-in cookie of the browser that asked for the link
      expect(before).toEqual([expect.stringMatching(/^sats_session=/), expect.stringMatching(/^sats_signin=/)]);
      const frame = page.frames().find((f) => f.url().startsWith(game.origin()))!;
      // the games' default origin shares no host name with the arcade (the other loopback name)
      expect(new URL(frame.url()).hostname).not.toBe(new URL(ARCADE()).hostname);

      // (the frame's own jar may take some of them, on its own host: no concern of the arcade's)
      const planted = await plantCookies(frame, ARCADE(), stolen);
      // the cross-origin sign-out went nowhere
      expect(['opaque', 'TypeError']).toContain(planted.logout);

      // the arcade's jar is as it was: the player's session alone, same value
      expect(await arcadeCookies(page)).toEqual(before);
      // the next arcade request: the same player, signed in
      expect(await whoAmI(page)).toMatchObject({ username });
      await page.reload();
      await expect(page.getByRole('heading', { name: `Playing: ${game.name}` })).toBeVisible();
      expect(await whoAmI(page)).toMatchObject({ username });
      // origin protection is unchanged: the arcade's own page may still act, a foreign origin may not
      const own = await page.evaluate(async () => (await fetch('/api/auth/game-token?gameId=rekt')).status);
      expect(own).toBe(200);
      const foreign = await page.request.post('/api/auth/logout', { headers: { origin: game.origin() } });
      expect(foreign.status()).toBe(403);
      expect(await whoAmI(page)).toMatchObject({ username });
    });
});

test.describe('one token, one game', () => {
  test("a game's token is refused by every other game: tickets, runs, answers, token info", async ({ page }) => {
    const username = `One_Game_${test.info().repeatEachIndex}`;
    // the token the play page hands Hello Sats, a third party's game
    const handed = page.waitForResponse((r) => r.url().includes('/api/auth/game-token?gameId=hello-sats'));
    await playIn(page, username, { url: HELLO_SATS_URL, name: 'Hello Sats' });
    const helloToken = ((await (await handed).json()) as { gameToken: string }).gameToken;
    const helloFrame = page.frames().find((f) => f.url().startsWith(HELLO_SATS_URL))!;

    // from Hello Sats's own frame: its token works for itself, REKT!'s API does not answer it
    const fromHello = await helloFrame.evaluate(
      async ({ arcade, token }) => {
        const call = (path: string, method = 'POST') =>
          fetch(`${arcade}${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: method === 'POST' ? '{}' : undefined,
          }).then(
            async (r) => `${r.status} ${((await r.json()) as { gameId?: string; error?: string }).gameId ?? ''}`,
            (e: Error) => e.name,
          );
        return {
          own: await call('/api/games/token-info', 'GET'),
          rektTicket: await call('/api/games/rekt/runs/start'),
          quizTicket: await call('/api/games/mr-quiz/runs/start'),
        };
      },
      { arcade: ARCADE(), token: helloToken },
    );
    expect(fromHello).toEqual({ own: '200 hello-sats', rektTicket: 'TypeError', quizTicket: 'TypeError' });

    // the same token taken anywhere else (a server, another game's frame): 403 with the reason
    const refused = {
      status: 403,
      error: expect.stringMatching(/^This game token was issued for Hello Sats, not (REKT!|Mr Quiz|Fishing for Sats!)/),
    };
    const bearer = { authorization: `Bearer ${helloToken}` };
    const quiz = (await (await page.request.post('/api/games/mr-quiz/runs/start', { headers: bearer })).json()) as {
      error: string;
    };
    expect({ status: 403, error: quiz.error }).toEqual(refused);
    const answers = [
      await page.request.post('/api/games/rekt/runs/start', { headers: bearer }),
      await page.request.post('/api/games/rekt/runs', { headers: bearer, data: { runId: 'wall-1', score: 1 } }),
      await page.request.post('/api/games/mr-quiz/runs/wall-1/answers', {
        headers: bearer,
        data: { question: 0, choice: 0, ms: 1000 },
      }),
      await page.request.get('/api/games/token-info?gameId=fishing-for-sats', { headers: bearer }),
    ];
    for (const answer of answers)
      expect({ status: answer.status(), error: ((await answer.json()) as { error: string }).error }).toEqual(refused);

    // and inside REKT!'s frame, with Hello Sats's token: the arcade's refusal, readable by the game
    await page.goto('/play?url=%2Farcade-games%2Frekt%2F&name=REKT!');
    await expect(page.frameLocator('iframe[title="REKT!"]').locator('body')).toHaveAttribute('data-state', 'ready');
    const rektFrame = page.frames().find((f) => f.url().startsWith(gamesOrigin()))!;
    const inRekt = await rektFrame.evaluate(
      async ({ arcade, token }) => {
        const call = (path: string, init: RequestInit = {}) =>
          fetch(`${arcade}${path}`, {
            method: 'POST',
            ...init,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          }).then(async (r) => `${r.status} ${((await r.json()) as { error?: string }).error ?? ''}`);
        return [
          await call('/api/games/rekt/runs/start'),
          await call('/api/games/rekt/runs', { body: JSON.stringify({ runId: 'wall-2', score: 1 }) }),
          await call('/api/games/mr-quiz/runs/wall-2/answers', {
            body: JSON.stringify({ question: 0, choice: 0, ms: 1000 }),
          }),
          await call('/api/games/token-info?gameId=rekt', { method: 'GET' }),
          // naming no game, from REKT!'s origin
          await call('/api/games/token-info', { method: 'GET' }),
        ];
      },
      { arcade: ARCADE(), token: helloToken },
    );
    for (const answer of inRekt) expect(answer).toMatch(/^403 This game token was issued for Hello Sats/);
  });
});
