import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '~/lib/format';
import { registerUser } from '~/server/auth/accounts';
import { assertLiveSession, createSession, revokeAllSessions, revokeSession } from '~/server/auth/sessions';
import { GAME_TOTAL_SHARDS, RUNS_PER_MINUTE, submitRun, type GameRules } from '~/server/games/runs';
import { getGlobalStats, getRektAchievements, getUserStats, listUserScores } from '~/server/games/stats';
import {
  cachedGameTokens,
  GAME_TOKEN_MINUTES,
  issueGameToken,
  MAX_CACHED_TOKENS,
  verifyGameToken,
} from '~/server/games/tokens';
import { DIALECTS, freshServices, type TestServices, appErrorOf as status } from '../support/services';

const rekt: GameRules = {
  gameId: 'rekt',
  maxScore: 1_000_000,
  maxLevel: 1000,
  maxFishPerRun: 0,
  hasFish: false,
  hasFormations: true,
};
const fishing: GameRules = {
  gameId: 'fishing-for-sats',
  maxScore: 1_000_000,
  maxLevel: 100,
  maxFishPerRun: 200,
  hasFish: true,
  hasFormations: false,
};

describe('game tokens', () => {
  const secret = 'test-secret-key-that-is-long-enough-0123456789';
  it('are signed for about 30 minutes and name the player and their game', async () => {
    const now = Date.now();
    const { token, expiresAt } = await issueGameToken(secret, { id: 42, username: 'zed' }, 'session-ref', 'rekt', now);
    expect(expiresAt - now).toBe(GAME_TOKEN_MINUTES * MINUTE);
    expect(await verifyGameToken(secret, token, now + 1000)).toMatchObject({
      userId: 42,
      username: 'zed',
      sessionRef: 'session-ref',
      gameId: 'rekt',
    });
  });

  it('refuse a token that names no game (one from before tokens named theirs opened every game)', async () => {
    const now = Date.now();
    const { token } = await issueGameToken(secret, { id: 42, username: 'zed' }, 'session-ref', 'rekt', now);
    const [head, body] = token.split('.');
    const { game: _game, ...claims } = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const unsigned = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const key = createHmac('sha256', secret).update('game-token-signing-key').digest();
    const gameless = `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    expect(await status(verifyGameToken(secret, gameless, now))).toEqual([401, 'The game token is not valid.']);
  });

  it('refuse expired, forged, missing and foreign-key tokens with 401', async () => {
    const now = Date.now();
    const { token } = await issueGameToken(secret, { id: 1, username: 'a' }, 'session-ref', 'rekt', now);
    expect(await status(verifyGameToken(secret, token, now + 31 * MINUTE))).toEqual([
      401,
      'The game token has expired. Refresh the game to get a new one.',
    ]);
    expect((await status(verifyGameToken(`${secret}-other`, token, now)))[0]).toBe(401);
    const [head, body] = token.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: '2' }),
    ).toString('base64url');
    expect(await status(verifyGameToken(secret, `${head}.${forgedBody}.${token.split('.')[2]}`, now))).toEqual([
      401,
      'The game token is not valid.',
    ]);
    expect((await status(verifyGameToken(secret, null, now)))[0]).toBe(401);
    expect((await status(verifyGameToken(secret, 'not.a.jwt', now)))[0]).toBe(401);
  });

  it('a token verified once (and remembered) is still refused once it expires', async () => {
    const now = Date.now();
    const { token } = await issueGameToken(secret, { id: 7, username: 'cached' }, 'session-ref', 'rekt', now);
    const { expiresAt } = await verifyGameToken(secret, token, now);
    expect(await verifyGameToken(secret, token, expiresAt - 1)).toMatchObject({ userId: 7 });
    expect(await status(verifyGameToken(secret, token, expiresAt))).toEqual([
      401,
      'The game token has expired. Refresh the game to get a new one.',
    ]);
    expect(await status(verifyGameToken(secret, token, now + 31 * MINUTE))).toEqual([
      401,
      'The game token has expired. Refresh the game to get a new one.',
    ]);
  });

  it('a forged or foreign-key token is refused even after the genuine one was remembered', async () => {
    const now = Date.now();
    const { token } = await issueGameToken(secret, { id: 8, username: 'genuine' }, 'session-ref', 'rekt', now);
    await verifyGameToken(secret, token, now);
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    expect(await status(verifyGameToken(secret, forged, now))).toEqual([401, 'The game token is not valid.']);
    expect(await status(verifyGameToken(secret, `${token}x`, now))).toEqual([401, 'The game token is not valid.']);
    expect((await status(verifyGameToken(`${secret}-other`, token, now)))[0]).toBe(401);
    // and the genuine token still works
    expect(await verifyGameToken(secret, token, now)).toMatchObject({ userId: 8 });
  });

  it(`remembers at most ${MAX_CACHED_TOKENS} tokens and still verifies the ones it forgot`, async () => {
    const other = `${secret}-bounded`;
    const now = Date.now();
    const first = await issueGameToken(other, { id: 1, username: 'first' }, 'session-ref', 'rekt', now);
    await verifyGameToken(other, first.token, now);
    for (let id = 2; id <= MAX_CACHED_TOKENS + 1; id++) {
      const { token } = await issueGameToken(other, { id, username: `p${id}` }, 'session-ref', 'rekt', now);
      await verifyGameToken(other, token, now);
    }
    expect(cachedGameTokens(other)).toBe(MAX_CACHED_TOKENS);
    expect(await verifyGameToken(other, first.token, now)).toMatchObject({ userId: 1 });
    expect(cachedGameTokens(other)).toBe(MAX_CACHED_TOKENS);
    // A limit, not a wait: 10,001 tokens signed and verified take about 5 s of CPU alone, and took
    // over 20 s in a CI run beside the browser tests on a slow day.
  }, 90_000);
});

describe.each(DIALECTS)('runs on %s', (dialect) => {
  let s: TestServices;
  let userId: number;
  beforeEach(async () => {
    s = await freshServices(dialect);
    await registerUser(s, { username: 'runner', email: 'runner@example.com' }, { ip: '1.1.1.1', country: 'US' });
    userId = (await s.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(async () => {
    await s.close();
  });

  it('a game token lives only as long as its session, and only for its own player', async () => {
    const session = await createSession(s.db, userId);
    const other = await createSession(s.db, userId);
    await assertLiveSession(s.db, session.ref, userId);
    expect((await status(assertLiveSession(s.db, session.ref, userId + 1)))[0]).toBe(401);
    expect((await status(assertLiveSession(s.db, 'no-such-session', userId)))[0]).toBe(401);
    expect((await status(assertLiveSession(s.db, session.ref, userId, session.expiresAt)))[0]).toBe(401);
    await revokeSession(s.db, session.token);
    expect(await status(assertLiveSession(s.db, session.ref, userId))).toEqual([
      401,
      'The game token belongs to a session that has ended. Sign in again to play.',
    ]);
    await assertLiveSession(s.db, other.ref, userId);
    await revokeAllSessions(s.db, userId);
    expect((await status(assertLiveSession(s.db, other.ref, userId)))[0]).toBe(401);
  });

  it('stores a run, counts it and keeps the best per game', async () => {
    const first = await submitRun(s, rekt, userId, { runId: 'r1', score: 1200, level: 3 });
    expect(first).toMatchObject({
      created: true,
      run: { runId: 'r1', score: 1200, level: 3 },
      best: { score: 1200, level: 3, totalPlays: 1 },
    });
    const worse = await submitRun(s, rekt, userId, { runId: 'r2', score: 800, level: 5 });
    expect(worse.best).toMatchObject({ score: 1200, level: 3, totalPlays: 2 });
    const better = await submitRun(s, rekt, userId, { runId: 'r3', score: 5000, level: 9 });
    expect(better.best).toMatchObject({ score: 5000, level: 9, totalPlays: 3 });
    expect(await getUserStats(s.db, userId)).toEqual({ bestScore: 5000, totalPlays: 3, verifiedPlays: 0 });
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: 3 });
    expect(await getGlobalStats(s.db, 'mr-quiz')).toEqual({ totalGames: 0 });
    const scores = await listUserScores(s.db, userId, 'rekt');
    expect(scores).toMatchObject({ count: 3, best: 5000 });
    expect(scores.scores.map((r) => r.score).sort()).toEqual([1200, 5000, 800].sort());
  });

  it('a replayed runId is returned as stored and never counts twice; the same runId with another result is a 409', async () => {
    await submitRun(s, rekt, userId, { runId: 'same', score: 100, level: 2 });
    const replay = await submitRun(s, rekt, userId, { runId: 'same', score: 100, level: 2 });
    expect(replay).toMatchObject({ created: false, run: { score: 100 }, best: { score: 100, totalPlays: 1 } });
    const reused =
      'This runId was already used for another run, with another result. Give each run its own runId (resending the very same run is fine).';
    expect(await status(submitRun(s, rekt, userId, { runId: 'same', score: 999_999, level: 2 }))).toEqual([
      409,
      reused,
    ]);
    expect(await status(submitRun(s, rekt, userId, { runId: 'same', score: 100, level: 3 }))).toEqual([409, reused]);
    expect(
      await status(
        submitRun(s, fishing, userId, {
          runId: 'catch',
          score: 50,
          fish: [{ name: 'Sat Sardine', points: 50, weight: 1, quality: 3 }],
        }).then(() => submitRun(s, fishing, userId, { runId: 'catch', score: 50, fish: [] })),
      ),
    ).toEqual([409, reused]);
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: 1 });
    expect(await s.db.selectFrom('runs').select(['run_id', 'score']).orderBy('run_id').execute()).toEqual([
      { run_id: 'catch', score: 50 },
      { run_id: 'same', score: 100 },
    ]);
  });

  it('concurrent runs of one player keep the true best and every play', async () => {
    const scores = Array.from({ length: 20 }, (_, i) => (i * 7919) % 1000);
    await Promise.all(scores.map((score, i) => submitRun(s, rekt, userId, { runId: `c${i}`, score })));
    const row = await s.db.selectFrom('game_stats').selectAll().executeTakeFirstOrThrow();
    expect(row.best_score).toBe(Math.max(...scores));
    expect(row.plays).toBe(20);
  });

  it('many players running at once: every run counts once in the sharded game total', async () => {
    const players = [userId];
    for (let i = 1; i < 12; i++) {
      const row = await s.db
        .insertInto('users')
        .values({
          username: `p${i}`,
          username_key: `p${i}`,
          email: `p${i}@example.com`,
          country: 'DE',
          created_at: Date.now(),
          last_seen_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      players.push(row.id);
    }
    const submissions = players.flatMap((id) =>
      Array.from({ length: 15 }, (_, i) => submitRun(s, rekt, id, { runId: `m${i}`, score: i * 10 })),
    );
    // and a replay of each player's first run, racing with it
    const replays = players.map((id) => submitRun(s, rekt, id, { runId: 'm0', score: 0 }));
    const results = await Promise.all([...submissions, ...replays]);
    expect(results.filter((r) => r.created)).toHaveLength(players.length * 15);
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: players.length * 15 });
    // spread over shards, not one hot row
    const shards = await s.db
      .selectFrom('game_totals')
      .select(['shard', 'total_runs'])
      .where('game_id', '=', 'rekt')
      .execute();
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.every((row) => row.shard >= 0 && row.shard < GAME_TOTAL_SHARDS)).toBe(true);
    for (const id of players)
      expect(await getUserStats(s.db, id)).toEqual({ bestScore: 140, totalPlays: 15, verifiedPlays: 0 });
  });

  async function morePlayers(count: number): Promise<number[]> {
    const rows = await s.db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `b${i}`,
          username_key: `b${i}`,
          email: `b${i}@example.com`,
          country: 'FR',
          created_at: Date.now(),
          last_seen_at: null,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  it('runs that arrive together are written together, in one commit', async () => {
    const players = await morePlayers(12);
    const results = await Promise.all(
      players.map((id, i) => submitRun(s, rekt, id, { runId: 'together', score: 100 + i })),
    );
    expect(results.every((r) => r.created)).toBe(true);
    // one batch: its runs all count in the one total row it picked
    const shards = await s.db
      .selectFrom('game_totals')
      .select(['shard', 'total_runs'])
      .where('game_id', '=', 'rekt')
      .execute();
    expect(shards).toEqual([{ shard: shards[0]!.shard, total_runs: 12 }]);
    for (const [i, id] of players.entries())
      expect(await getUserStats(s.db, id)).toEqual({ bestScore: 100 + i, totalPlays: 1, verifiedPlays: 0 });
  });

  it("a player over the limit gets 429 while the others' runs in the same batch are stored", async () => {
    const [other] = await morePlayers(1);
    const now = Date.now();
    for (let i = 0; i < 3; i++) await submitRun(s, rekt, userId, { runId: `w${i}`, score: i }, now, 3);
    const [over, fine] = await Promise.all([
      status(submitRun(s, rekt, userId, { runId: 'over', score: 50 }, now + 1000, 3)),
      submitRun(s, rekt, other!, { runId: 'fine', score: 60 }, now + 1000, 3),
    ]);
    expect(over[0]).toBe(429);
    expect(fine.created).toBe(true);
    expect(await s.db.selectFrom('runs').select('run_id').where('run_id', 'in', ['over', 'fine']).execute()).toEqual([
      { run_id: 'fine' },
    ]);
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: 4 });
  });

  it('a run whose player no longer exists fails alone with 401: the rest of its batch is stored', async () => {
    const players = await morePlayers(4);
    const ghost = 987_654; // no such player: the run breaks the foreign key
    const results = await Promise.allSettled(
      [...players, ghost].map((id, i) => submitRun(s, rekt, id, { runId: 'mixed', score: 10 + i })),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({
      status: 401,
      message: 'The player of this game token no longer exists.',
    });
    expect(await s.db.selectFrom('runs').select('user_id').orderBy('user_id').execute()).toEqual(
      players.map((id) => ({ user_id: id })),
    );
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: 4 });
  });

  it('a runId replayed while it is being stored counts once; every answer shows the stored run, and another result under it is a 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        submitRun(s, rekt, userId, { runId: 'race', score: 100, achievements: { spiral: true } }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const stored = results.find((r) => r.created)!;
    for (const r of results) expect(r).toMatchObject({ run: stored.run, best: { score: 100, totalPlays: 1 } });
    // Eight different results under one new runId at once: one is stored, each other one is refused.
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => status(submitRun(s, rekt, userId, { runId: 'race-2', score: 200 + i }))),
    );
    expect(outcomes.map(([code]) => code).sort()).toEqual([0, 409, 409, 409, 409, 409, 409, 409]);
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: 2 });
    expect(await s.db.selectFrom('runs').select('id').execute()).toHaveLength(2);
  });

  it('concurrent runs keep the true best and when it was first reached', async () => {
    const t0 = Date.UTC(2026, 10, 1);
    await submitRun(s, rekt, userId, { runId: 'first', score: 700, level: 7 }, t0);
    // equal and lower scores later never move the best or its time; one higher run does
    const runs = Array.from({ length: 30 }, (_, i) => ({
      runId: `c${i}`,
      score: i === 17 ? 900 : i % 3 === 0 ? 700 : (i * 37) % 700,
      level: i,
    }));
    await Promise.all(runs.map((run, i) => submitRun(s, rekt, userId, run, t0 + 1000 + i)));
    const row = await s.db.selectFrom('game_stats').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      plays: 31,
      best_score: 900,
      best_level: 17,
      best_reached_at: t0 + 1017,
      last_played_at: t0 + 1029,
    });

    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submitRun(s, rekt, userId, { runId: `tie${i}`, score: 900, level: 99 }, t0 + 5000 + i),
      ),
    );
    expect(
      await s.db
        .selectFrom('game_stats')
        .select(['best_score', 'best_level', 'best_reached_at', 'plays'])
        .executeTakeFirstOrThrow(),
    ).toEqual({
      best_score: 900,
      best_level: 17,
      best_reached_at: t0 + 1017,
      plays: 41,
    });
  });

  it('keeps the fish of the best fishing run, heaviest points first', async () => {
    const fish = [
      { name: 'Sat Sardine', points: 10, weight: 0.4, quality: 2 },
      { name: 'Whale', points: 500, weight: 120.5, quality: 5 },
    ];
    const result = await submitRun(s, fishing, userId, { runId: 'f1', score: 510, fish });
    expect(result.best.fishCaught).toBe(2);
    const row = await s.db.selectFrom('game_stats').select('best_fish_json').executeTakeFirstOrThrow();
    expect(JSON.parse(row.best_fish_json!).map((f: { name: string }) => f.name)).toEqual(['Whale', 'Sat Sardine']);
  });

  it('records REKT formation achievements once', async () => {
    await submitRun(s, rekt, userId, { runId: 'a1', score: 10, achievements: { spiral: true, zigzag: false } });
    await submitRun(s, rekt, userId, { runId: 'a2', score: 10, achievements: { spiral: true, 'mega circle': true } });
    const achievements = await getRektAchievements(s.db, 'RUNNER');
    expect(achievements).toMatchObject({ spiral: true, 'mega circle': true, zigzag: false, 'long line': false });
    expect(Object.keys(achievements)).toHaveLength(8);
    expect((await status(getRektAchievements(s.db, 'ghost')))[0]).toBe(404);
  });

  it('refuses implausible results with 400', async () => {
    expect(await status(submitRun(s, rekt, userId, { runId: 'x1', score: 1_000_001 }))).toEqual([
      400,
      'A rekt score can be at most 1000000.',
    ]);
    expect((await status(submitRun(s, rekt, userId, { runId: 'x2', score: 1, level: 1001 })))[0]).toBe(400);
    expect((await status(submitRun(s, rekt, userId, { runId: 'x3', score: 1, fish: [] })))[0]).toBe(400);
    expect(
      (await status(submitRun(s, rekt, userId, { runId: 'x4', score: 1, achievements: { nope: true } })))[1],
    ).toMatch(/Unknown achievement: nope/);
    expect(
      (
        await status(
          submitRun(s, fishing, userId, {
            runId: 'x5',
            score: 5,
            fish: [{ name: 'Whale', points: 500, weight: 1, quality: 5 }],
          }),
        )
      )[1],
    ).toMatch(/worth more points/);
    expect(await s.db.selectFrom('runs').select('id').execute()).toHaveLength(0);
  });

  it(`limits a player to ${RUNS_PER_MINUTE} runs a minute`, async () => {
    const now = Date.now();
    for (let i = 0; i < RUNS_PER_MINUTE; i++) await submitRun(s, rekt, userId, { runId: `l${i}`, score: i }, now);
    const [code, message] = await status(submitRun(s, rekt, userId, { runId: 'over', score: 1_000 }, now + 20_000));
    expect([code, message]).toEqual([
      429,
      'Too many runs of this game from this player. Please try again in 40 seconds.',
    ]);
    // an over-limit run changes nothing: no run, no play, no total, and the window is not pushed on
    expect(await s.db.selectFrom('runs').select('id').where('run_id', '=', 'over').execute()).toHaveLength(0);
    expect(await getUserStats(s.db, userId)).toEqual({
      bestScore: RUNS_PER_MINUTE - 1,
      totalPlays: RUNS_PER_MINUTE,
      verifiedPlays: 0,
    });
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: RUNS_PER_MINUTE });
    expect(
      await s.db
        .selectFrom('rate_limits')
        .select(['count', 'window_start'])
        .where('key', '=', `runs:user:${userId}:rekt`)
        .executeTakeFirstOrThrow(),
    ).toEqual({ count: RUNS_PER_MINUTE, window_start: now });
    expect((await status(submitRun(s, rekt, userId, { runId: 'l0', score: 0 }, now + 30_000)))[0]).toBe(429);
    await submitRun(s, rekt, userId, { runId: 'later', score: 1 }, now + 61_000);
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: RUNS_PER_MINUTE + 1 });
  });

  it('a run is never part of a transaction another caller has open (and rolls back)', async () => {
    let begun!: () => void;
    const inside = new Promise<void>((r) => (begun = r));
    const failing = s.db.transaction().execute(async (trx) => {
      await trx.insertInto('rate_limits').values({ key: 'other-work', window_start: 1, count: 1 }).execute();
      begun();
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('rolled back');
    });
    await inside;
    const run = submitRun(s, rekt, userId, { runId: 'meanwhile', score: 5 });
    await expect(failing).rejects.toThrow('rolled back');
    expect((await run).created).toBe(true);
    expect(await s.db.selectFrom('runs').select('run_id').execute()).toEqual([{ run_id: 'meanwhile' }]);
    expect(await getGlobalStats(s.db, 'rekt')).toEqual({ totalGames: 1 });
  });
});
