import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, latestOutboxMail, newClientIp, sessionCookie } from '../support/api';
import { postSignedRun } from '../support/fair-play';
import { gameTokenFor } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

interface Player {
  id: number;
  cookie: string;
  token: (gameId: string) => Promise<string>;
}

describe.each(DIALECTS)('leaderboard API against the built server on %s', (dialect) => {
  let server: RunningServer;
  let players: Record<string, Player>;

  async function join(on: RunningServer, username: string, country: string): Promise<Player> {
    const ip = newClientIp();
    const email = `${username.toLowerCase()}@example.com`;
    await call(on, '/api/auth/register', { body: { username, email }, ip, headers: { 'cf-ipcountry': country } });
    const verified = await call(on, '/api/auth/verify-magic-link', {
      body: { token: latestOutboxMail(on.dataDir, email).token, confirm: true },
      ip,
    });
    const cookie = sessionCookie(verified);
    // a token opens one game: one for each game the test plays
    const token = (gameId: string) => gameTokenFor(on, cookie, gameId);
    return { id: verified.json.user.id, cookie, token };
  }

  let runs = 0;
  async function play(on: RunningServer, player: Player, game: string, body: object) {
    // a run whose result the test chooses goes signed, as a game's own server sends it (README, "Fair play")
    const result = await postSignedRun(on, await player.token(game), game, { runId: `r${++runs}`, ...body });
    expect(result.status).toBe(201);
  }

  /**
   * The built server on a fresh database with four players, Ana and Cyd in Germany, Ben in the US and
   * Idle in France, and their runs: fishing-for-sats Ben 900, Ana 300, then Cyd 300; REKT! Ana alone.
   */
  async function seededArcade() {
    const opened = await startServerOn(dialect, { TRUST_PROXY: '1' });
    try {
      const seeded: Record<string, Player> = {
        ana: await join(opened, 'Ana', 'DE'),
        ben: await join(opened, 'Ben', 'US'),
        cy: await join(opened, 'Cyd', 'DE'),
        idle: await join(opened, 'Idle', 'FR'),
      };
      await play(opened, seeded.ana!, 'fishing-for-sats', {
        score: 300,
        fish: [
          { name: 'Perch', points: 100, weight: 0.9, quality: 2 },
          { name: 'Pike', points: 200, weight: 4.5, quality: 4 },
        ],
      });
      await play(opened, seeded.ben!, 'fishing-for-sats', { score: 900 });
      await play(opened, seeded.cy!, 'fishing-for-sats', { score: 300 });
      await play(opened, seeded.ana!, 'rekt', { score: 50, level: 3 });
      return { server: opened, players: seeded };
    } catch (error) {
      await opened.stop();
      throw error;
    }
  }

  // The arcade the tests share, read only: its boards are stated exactly, rank by rank, so a test
  // that plays a run brings an arcade of its own.
  beforeAll(async () => {
    ({ server, players } = await seededArcade());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists a game page by page, with every field of an entry', async () => {
    const first = await call(server, '/api/leaderboards/fishing-for-sats?type=global&page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.json.pagination).toEqual({ page: 1, limit: 2, hasMore: true, totalPlayers: 3 });
    expect(first.json.entries.map((e: { rank: number; username: string }) => `${e.rank}:${e.username}`)).toEqual([
      '1:Ben',
      '2:Ana',
    ]);
    expect(first.json.entries[1]).toMatchObject({
      userId: players.ana!.id,
      score: 300,
      level: null,
      country: 'DE',
      fishCaught: 2,
      fishDetails: [
        { name: 'Pike', points: 200, weight: 4.5, quality: 4 },
        { name: 'Perch', points: 100, weight: 0.9, quality: 2 },
      ],
      activeAvatar: null,
    });
    expect(Date.parse(first.json.entries[1].createdAt)).toBeGreaterThan(Date.now() - 600_000);
    const second = await call(server, '/api/leaderboards/fishing-for-sats?page=2&limit=2');
    expect(second.json).toMatchObject({ entries: [{ rank: 3, username: 'Cyd' }], pagination: { hasMore: false } });
    // defaults: global, page 1, 50 rows
    expect((await call(server, '/api/leaderboards/rekt')).json).toMatchObject({
      entries: [{ rank: 1, username: 'Ana', level: 3 }],
      pagination: { page: 1, limit: 50, hasMore: false, totalPlayers: 1 },
    });
  });

  it('scopes to a country and lists the countries that have players', async () => {
    const de = await call(server, '/api/leaderboards/fishing-for-sats?type=country&country=de&page=1&limit=50');
    expect(de.json.entries.map((e: { rank: number; username: string }) => `${e.rank}:${e.username}`)).toEqual([
      '1:Ana',
      '2:Cyd',
    ]);
    expect(de.json.pagination.totalPlayers).toBe(2);
    // Idle (FR) never played: France is not listed
    expect((await call(server, '/api/leaderboards/countries')).json).toEqual({
      countries: [
        { code: 'DE', name: 'Germany' },
        { code: 'US', name: 'United States' },
      ],
    });
  });

  it("answers the signed-in player's rank, at once after a new best", async () => {
    // Cyd's new best reorders the board: on an arcade of its own, the shared one stays as seeded.
    const { server, players } = await seededArcade();
    onTestFinished(() => server.stop());
    const rank = (player: Player, query = '') =>
      call(server, `/api/leaderboards/fishing-for-sats/user-rank${query}`, { cookie: player.cookie });
    expect((await rank(players.cy!)).json).toEqual({
      rank: 3,
      score: 300,
      fishCaught: 0,
      level: null,
      totalPlayers: 3,
      page: 1,
    });
    expect((await rank(players.cy!, '?type=country&country=DE')).json).toMatchObject({ rank: 2, totalPlayers: 2 });
    expect((await rank(players.idle!)).json).toEqual({
      rank: null,
      score: 0,
      fishCaught: 0,
      level: null,
      totalPlayers: 3,
      page: null,
    });
    await play(server, players.cy!, 'fishing-for-sats', {
      score: 1000,
      fish: [{ name: 'Carp', points: 1000, weight: 2, quality: 5 }],
    });
    expect((await rank(players.cy!)).json).toEqual({
      rank: 1,
      score: 1000,
      fishCaught: 1,
      level: null,
      totalPlayers: 3,
      page: 1,
    });
    expect((await call(server, '/api/leaderboards/fishing-for-sats?limit=1')).json.entries[0]).toMatchObject({
      username: 'Cyd',
      score: 1000,
    });
  });

  it('asks for sign-in before telling a rank', async () => {
    const anonymous = await call(server, '/api/leaderboards/fishing-for-sats/user-rank');
    expect(anonymous).toMatchObject({ status: 401, json: { error: 'Sign in to see your rank.' } });
  });

  it('answers bad input with clear 4xx errors', async () => {
    const cases: [string, number, string | RegExp][] = [
      ['/api/leaderboards/pong', 404, /There is no game "pong" in the arcade/],
      ['/api/leaderboards/pong/user-rank', 404, /There is no game "pong"/],
      ['/api/leaderboards/rekt?type=weekly', 400, 'type must be global or country'],
      ['/api/leaderboards/rekt?type=country', 400, 'Choose a country for the country leaderboard (country=US)'],
      ['/api/leaderboards/rekt?type=country&country=ZZ', 400, /"ZZ" is not a country code we know/],
      ['/api/leaderboards/rekt?type=country&country=USA', 400, /two-letter country code/],
      ['/api/leaderboards/rekt?page=0', 400, 'page must be a whole number from 1 to 100000'],
      ['/api/leaderboards/rekt?page=1.5', 400, 'page must be a whole number from 1 to 100000'],
      ['/api/leaderboards/rekt?page=100001', 400, 'page must be a whole number from 1 to 100000'],
      ['/api/leaderboards/rekt?limit=101', 400, 'limit must be a whole number from 1 to 100'],
      ['/api/leaderboards/rekt?limit=0', 400, 'limit must be a whole number from 1 to 100'],
      ['/api/leaderboards/rekt?limit=', 400, 'limit must be a whole number from 1 to 100'],
    ];
    for (const [path, status, message] of cases) {
      const result = await call(server, path, { cookie: players.ana!.cookie });
      expect(result.status, path).toBe(status);
      if (typeof message === 'string') expect(result.json.error, path).toBe(message);
      else expect(result.json.error, path).toMatch(message);
    }
    expect(
      (
        await call(server, '/api/leaderboards/rekt?type=country&country=DE', {
          cookie: players.ana!.cookie,
          method: 'POST',
        })
      ).status,
    ).toBe(405);
    expect(
      (await call(server, '/api/leaderboards/rekt/user-rank?type=country&country=XX', { cookie: players.ana!.cookie }))
        .status,
    ).toBe(400);
  });
});
