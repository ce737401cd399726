import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '~/lib/format';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { postSignedRun, signedHeaders } from '../support/fair-play';
import { gameTokenFor, signUpPlayer } from '../support/players';
import { externalGameOrigins, startServer, type RunningServer } from '../support/server';
import { DIALECTS, createPgDatabase } from '../support/services';

describe.each(DIALECTS)('Game API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let cookie: string;
  /** The player's game token for each reference game: a token opens one game. */
  const tokens: Record<string, string> = {};
  let gameToken: string;
  let userId: number;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const env: Record<string, string> = { TRUST_PROXY: '1' };
    if (dialect === 'postgres') {
      const db = await createPgDatabase({ migrated: true });
      env.DATABASE_URL = db.url;
      drop = db.drop;
    }
    server = await startServer(env);
    const ip = newClientIp();
    await call(server, '/api/auth/register', { body: { username: 'Gamer_One', email: 'gamer@example.com' }, ip });
    const verified = await call(server, '/api/auth/verify-magic-link', {
      body: { token: latestOutboxMail(server.dataDir, 'gamer@example.com').token, confirm: true },
      ip,
    });
    cookie = sessionCookie(verified);
    userId = verified.json.user.id;
    for (const gameId of ['rekt', 'mr-quiz', 'fishing-for-sats'])
      tokens[gameId] = await gameTokenFor(server, cookie, gameId);
    gameToken = tokens.rekt!;
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  const bearer = (gameId = 'rekt') => ({ authorization: `Bearer ${tokens[gameId]}` });

  it('issues game tokens to signed-in players only', async () => {
    expect((await call(server, '/api/auth/game-token?gameId=rekt')).status).toBe(401);
    const info = await call(server, '/api/games/token-info', { headers: bearer(), noOrigin: true });
    expect(info).toMatchObject({ status: 200, json: { userId, username: 'Gamer_One', gameId: 'rekt' } });
    expect(Date.parse(info.json.expiresAt) - Date.now()).toBeGreaterThan(29 * MINUTE);
  });

  /** The game's total of runs on this server, which the other tests' runs add to. */
  const totalGames = async (gameId: string) =>
    (await call(server, `/api/stats/global/${gameId}`)).json.stats.totalGames as number;

  it('stores a run (201), replays it (200) and updates the stats calls', async () => {
    // a player of its own, whose stats hold this run alone
    const keeper = await signUpPlayer(server, 'Run_Keeper');
    const before = await totalGames('rekt');
    // A result the test chooses: sent as a game's own server sends it, signed (README, "Fair play").
    const body = { runId: 'run-abc-1', score: 4200, level: 4, achievements: { spiral: true } };
    const first = await postSignedRun(server, keeper.gameToken, 'rekt', body);
    expect(first).toMatchObject({
      status: 201,
      json: {
        run: { runId: 'run-abc-1', score: 4200, level: 4, verified: true },
        best: { score: 4200, totalPlays: 1 },
      },
    });
    const replay = await postSignedRun(server, keeper.gameToken, 'rekt', body);
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(first.json);
    // the run counts once, the replay not again
    expect(await totalGames('rekt')).toBe(before + 1);
    expect((await call(server, `/api/stats/user/${keeper.id}`)).json).toEqual({
      stats: { bestScore: 4200, totalPlays: 1, verifiedPlays: 1 },
    });
    expect((await call(server, `/api/scores/user/${keeper.id}?gameId=rekt`)).json).toMatchObject({
      count: 1,
      best: 4200,
      scores: [{ score: 4200, verified: true }],
    });
    expect((await call(server, '/api/achievements/player/run_keeper')).json).toMatchObject({
      success: true,
      achievements: { spiral: true, zigzag: false },
    });
  });

  it('takes concurrent runs: each counts once, the best is the highest', async () => {
    const scores = Array.from({ length: 30 }, (_, i) => (i * 7919) % 5000);
    const before = await totalGames('mr-quiz');
    const answers = await Promise.all(
      scores.map((score, i) =>
        postSignedRun(server, tokens['mr-quiz']!, 'mr-quiz', { runId: `par-${i}`, score, level: i % 10 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(scores.map(() => 201));
    expect(await totalGames('mr-quiz')).toBe(before + 30);
    expect((await call(server, `/api/scores/user/${userId}?gameId=mr-quiz`)).json).toMatchObject({
      count: 30,
      best: Math.max(...scores),
    });
    // The same run again is answered as stored; another result under its runId is refused.
    const again = await postSignedRun(server, tokens['mr-quiz']!, 'mr-quiz', {
      runId: 'par-3',
      score: scores[3],
      level: 3,
    });
    expect(again).toMatchObject({
      status: 200,
      json: { run: { runId: 'par-3', score: scores[3] }, best: { score: Math.max(...scores), totalPlays: 30 } },
    });
    expect(await postSignedRun(server, tokens['mr-quiz']!, 'mr-quiz', { runId: 'par-3', score: 1 })).toMatchObject({
      status: 409,
      json: { error: expect.stringMatching(/^This runId was already used for another run/) },
    });
    expect((await call(server, `/api/scores/user/${userId}?gameId=mr-quiz`)).json).toMatchObject({
      count: 30,
      best: Math.max(...scores),
    });
  });

  it('answers CORS only for catalogue game origins', async () => {
    const preflight = await fetch(`${server.url}/api/games/rekt/runs`, {
      method: 'OPTIONS',
      headers: {
        origin: server.url,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(server.url);
    // a signed result may come from the player's browser (the Game SDK's submitSigned)
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, X-Arcade-Signature',
    );
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const foreign = await call(server, '/api/games/rekt/runs', {
      body: { runId: 'x', score: 1 },
      headers: { ...bearer(), origin: 'https://evil.example' },
    });
    expect(foreign).toMatchObject({ status: 403, json: { error: 'This origin may not call the Game API.' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a game token opens its own game alone: tickets, runs, answers and token info of another are refused (403)', async () => {
    expect(await call(server, '/api/auth/game-token', { cookie })).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^Add \?gameId= with one of: .*rekt/) },
    });
    expect((await call(server, '/api/auth/game-token?gameId=pong', { cookie })).status).toBe(404);
    const quiz = await call(server, '/api/games/mr-quiz/runs/start', { method: 'POST', headers: bearer('mr-quiz') });
    expect(quiz.status).toBe(201);
    const refused = {
      status: 403,
      json: {
        error: expect.stringMatching(
          /^This game token was issued for REKT!?, not Mr\.? Quiz: each game gets a token of its own/,
        ),
      },
    };
    const rekt = bearer('rekt');
    expect(await call(server, '/api/games/mr-quiz/runs/start', { method: 'POST', headers: rekt })).toMatchObject(
      refused,
    );
    expect(
      await call(server, `/api/games/mr-quiz/runs/${quiz.json.runId}/answers`, {
        body: { question: 0, choice: 0, ms: 1000 },
        headers: rekt,
      }),
    ).toMatchObject(refused);
    const run = { userId, runId: 'wall-1', score: 5, level: 1 };
    expect(
      await call(server, '/api/games/mr-quiz/runs', { body: run, headers: { ...rekt, ...signedHeaders(run) } }),
    ).toMatchObject(refused);
    expect(await call(server, '/api/games/token-info?gameId=mr-quiz', { headers: rekt, noOrigin: true })).toMatchObject(
      refused,
    );
    // from another game's page (its origin), token-info refuses it too, naming no game of its own
    const games = new URL(server.gamesUrl);
    for (const origin of await externalGameOrigins(server))
      expect(await call(server, '/api/games/token-info', { headers: { ...rekt, origin } })).toMatchObject({
        status: 403,
        json: { error: expect.stringMatching(/^This game token was issued for REKT!?: each game/) },
      });
    expect(await call(server, '/api/games/token-info', { headers: { ...rekt, origin: games.origin } })).toMatchObject({
      status: 200,
      json: { gameId: 'rekt' },
    });
    // the quiz's own token still answers: nothing of it was touched
    const answer = await call(server, `/api/games/mr-quiz/runs/${quiz.json.runId}/answers`, {
      body: { question: 0, choice: 0, ms: 1000 },
      headers: bearer('mr-quiz'),
    });
    expect(answer.status).toBe(200);
    expect(await call(server, '/api/games/token-info?gameId=rekt', { headers: rekt, noOrigin: true })).toMatchObject({
      status: 200,
      json: { userId, gameId: 'rekt' },
    });
    expect((await call(server, '/api/games/token-info?gameId=pong', { headers: rekt, noOrigin: true })).status).toBe(
      404,
    );
  });

  it("answers each game's CORS for that game's origin alone", async () => {
    const preflight = async (gameId: string, origin: string) =>
      (
        await call(server, `/api/games/${gameId}/runs`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        })
      ).headers.get('access-control-allow-origin');
    for (const gameId of ['rekt', 'mr-quiz', 'fishing-for-sats']) {
      expect(await preflight(gameId, server.gamesUrl)).toBe(server.gamesUrl);
      expect(await preflight(gameId, server.url)).toBe(server.url);
    }
    for (const external of await externalGameOrigins(server)) {
      expect(await preflight('hello-sats', external)).toBe(external);
      expect(await preflight('hello-sats', server.gamesUrl)).toBeNull();
      for (const gameId of ['rekt', 'mr-quiz', 'fishing-for-sats'])
        expect(await preflight(gameId, external)).toBeNull();
      const refused = await call(server, '/api/games/rekt/runs/start', {
        method: 'POST',
        headers: { ...bearer('rekt'), origin: external },
      });
      expect(refused).toMatchObject({ status: 403, json: { error: 'This origin may not call the Game API.' } });
    }
  });

  it('answers every bad input with a clear 4xx', async () => {
    // The genuine token has been used (and remembered) by now: one with another player's id but
    // the genuine signature must still fail.
    const [head, body, signature] = gameToken.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: String(userId + 1) }),
    ).toString('base64url');
    const forged = { authorization: `Bearer ${head}.${forgedBody}.${signature}` };
    const cases: [string, Parameters<typeof call>[2], number, string | RegExp][] = [
      [
        '/api/games/pong/runs',
        { body: { runId: 'a', score: 1 }, headers: bearer() },
        404,
        'There is no game "pong" in the arcade.',
      ],
      ['/api/games/rekt/runs', { body: { runId: 'a', score: 1 } }, 401, /game token is required/],
      [
        '/api/games/rekt/runs',
        { body: { runId: 'a', score: 1 }, headers: { authorization: 'Bearer forged.token.here' } },
        401,
        'The game token is not valid.',
      ],
      [
        '/api/games/rekt/runs',
        { body: { runId: 'a', score: 1 }, headers: { authorization: 'Basic abc' } },
        401,
        /game token is required/,
      ],
      [
        '/api/games/rekt/runs',
        { body: { runId: 'a', score: 1 }, headers: forged },
        401,
        'The game token is not valid.',
      ],
      ['/api/games/token-info', { headers: forged }, 401, 'The game token is not valid.'],
      ['/api/games/rekt/runs', { body: { score: 1 }, headers: bearer() }, 400, 'runId is required'],
      ['/api/games/rekt/runs', { body: { runId: 'a b', score: 1 }, headers: bearer() }, 400, /runId must be/],
      ['/api/games/rekt/runs', { body: { runId: 'a', score: -1 }, headers: bearer() }, 400, 'score must be 0 or more'],
      [
        '/api/games/rekt/runs',
        { body: { runId: 'a', score: 1.5 }, headers: bearer() },
        400,
        'score must be a whole number',
      ],
      [
        '/api/games/rekt/runs',
        { body: { runId: 'a', score: '9' }, headers: bearer() },
        400,
        'score must be a whole number',
      ],
      [
        '/api/games/rekt/runs',
        {
          body: { userId, runId: 'a', score: 2_000_000 },
          headers: { ...bearer(), ...signedHeaders({ userId, runId: 'a', score: 2_000_000 }) },
        },
        400,
        /at most 1000000/,
      ],
      [
        '/api/games/fishing-for-sats/runs',
        {
          body: { runId: 'a', score: 9, fish: [{ name: 'Eel', points: 1, weight: 1, quality: 6 }] },
          headers: bearer('fishing-for-sats'),
        },
        400,
        'Fish quality must be 1 to 5',
      ],
      [
        '/api/games/fishing-for-sats/runs',
        {
          body: { runId: 'a', score: 9, fish: [{ name: 'Eel', points: 1, weight: 0, quality: 3 }] },
          headers: bearer('fishing-for-sats'),
        },
        400,
        /more than 0 kg/,
      ],
      [
        '/api/games/mr-quiz/runs',
        {
          body: { userId, runId: 'a', score: 9, achievements: { spiral: true } },
          headers: {
            ...bearer('mr-quiz'),
            ...signedHeaders({ userId, runId: 'a', score: 9, achievements: { spiral: true } }),
          },
        },
        400,
        /no achievements/,
      ],
      ['/api/games/rekt/runs', { body: '{oops', headers: bearer() }, 400, 'The request body is not valid JSON.'],
      ['/api/games/rekt/runs', { method: 'GET', headers: bearer() }, 405, /Use POST/],
      ['/api/stats/user/abc', {}, 400, 'The user id must be a positive whole number.'],
      ['/api/stats/global/pong', {}, 404, /no game "pong"/],
      ['/api/scores/user/1', {}, 400, /Add \?gameId=/],
      ['/api/scores/user/1?gameId=pong', {}, 404, /There is no game "pong" in the arcade/],
      ['/api/achievements/player/nobody_here', {}, 404, 'User not found'],
      ['/api/test/game-token-validation?token=x', {}, 404, /no API/],
      ['/api/debug/triggerfish-auth', {}, 404, /no API/],
    ];
    for (const [path, options, status, message] of cases) {
      const result = await call(server, path, { noOrigin: true, ...options });
      expect({ path, status: result.status, body: options?.body }).toEqual({ path, status, body: options?.body });
      expect(result.json?.error).toMatch(message);
    }
  });

  /** A new player signed in twice (two sessions), with a game token from the first. */
  async function playerWithTwoSessions(username: string) {
    const ip = newClientIp();
    const email = `${username.toLowerCase()}@example.com`;
    await call(server, '/api/auth/register', { body: { username, email }, ip });
    const first = sessionCookie(
      await call(server, '/api/auth/verify-magic-link', {
        body: { token: latestOutboxMail(server.dataDir, email).token, confirm: true },
        ip,
      }),
    );
    await call(server, '/api/auth/send-magic-link', { body: { email }, ip });
    const second = sessionCookie(
      await call(server, '/api/auth/verify-magic-link', {
        body: { token: latestOutboxMail(server.dataDir, email).token, confirm: true },
        ip,
      }),
    );
    const token = await gameTokenFor(server, first, 'rekt');
    const run = (runId: string) => postSignedRun(server, token, 'rekt', { runId, score: 10, level: 1 });
    const info = () =>
      call(server, '/api/games/token-info', { headers: { authorization: `Bearer ${token}` }, noOrigin: true });
    return { first, second, run, info };
  }

  it('a game token dies with its session: after sign-out token-info and runs answer 401 at once', async () => {
    const player = await playerWithTwoSessions('Quitter_One');
    expect((await player.run('before')).status).toBe(201); // remembered by the server from here on
    expect((await player.info()).status).toBe(200);
    expect((await call(server, '/api/auth/logout', { method: 'POST', cookie: player.first })).status).toBe(200);
    expect(await player.info()).toMatchObject({
      status: 401,
      json: { error: 'The game token belongs to a session that has ended. Sign in again to play.' },
    });
    expect((await player.run('after')).status).toBe(401);
    // the other session of the same player still plays
    const other = await gameTokenFor(server, player.second, 'rekt');
    expect(
      (await call(server, '/api/games/token-info', { headers: { authorization: `Bearer ${other}` }, noOrigin: true }))
        .status,
    ).toBe(200);
  });

  it('a game token dies when its player signs out everywhere (from another session)', async () => {
    const player = await playerWithTwoSessions('Quitter_Two');
    expect((await player.run('before')).status).toBe(201);
    expect(
      (await call(server, '/api/account/sign-out-everywhere', { method: 'POST', cookie: player.second })).status,
    ).toBe(200);
    expect((await player.info()).status).toBe(401);
    expect((await player.run('after')).status).toBe(401);
  });
});
