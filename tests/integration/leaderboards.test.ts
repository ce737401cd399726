import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '~/lib/format';
import { updateCountry } from '~/server/auth/accounts';
import { AppError } from '~/server/shared/errors';
import { submitRun, type GameRules } from '~/server/games/runs';
import { leaderboardPage, rankedCountries, userRank } from '~/server/leaderboards/boards';
import { CACHED_PAGES, Rankings, SYNC_INTERVAL_MS } from '~/server/leaderboards/rankings';
import { DIALECTS, freshServices, type TestServices } from '../support/services';

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
const GLOBAL = { type: 'global' } as const;
const T0 = Date.UTC(2026, 10, 1);

describe.each(DIALECTS)('leaderboards on %s', (dialect) => {
  let s: TestServices;
  let runs = 0;

  /** A player straight in the database (country as given), returning their id. */
  async function player(username: string, country = 'US'): Promise<number> {
    const row = await s.db
      .insertInto('users')
      .values({
        username,
        username_key: username.toLowerCase(),
        email: `${username}@example.com`,
        country,
        created_at: T0 - DAY,
        last_seen_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A finished run through the real ingestion service (which tells the rankings itself). */
  async function play(userId: number, score: number, at: number, game = rekt, extra: object = {}) {
    await submitRun(s, game, userId, { runId: `run-${++runs}`, score, level: 2, ...extra }, at, 1_000);
  }

  const page = (p = 1, limit = 50, scope: { type: 'global' | 'country'; country?: string } = GLOBAL, game = 'rekt') =>
    leaderboardPage(s.db, s.rankings, game, scope, p, limit);
  const names = async (p = 1, limit = 50, scope: { type: 'global' | 'country'; country?: string } = GLOBAL) =>
    (await page(p, limit, scope)).entries.map((e) => `${e.rank}:${e.username}`);

  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  it('ranks by best score, then by who reached it first, then by id: unique and consecutive', async () => {
    const ann = await player('ann');
    const bob = await player('bob');
    const cid = await player('cid');
    const dee = await player('dee');
    await play(ann, 500, T0 + 30);
    await play(bob, 500, T0 + 10);
    await play(cid, 900, T0 + 50);
    await play(dee, 500, T0 + 10);
    // a lower later run changes nothing, an equal later run does not move the first to reach it
    await play(bob, 100, T0 + 60);
    await play(ann, 500, T0 + 70);
    expect(await names()).toEqual(['1:cid', '2:bob', '3:dee', '4:ann']);
    const rank = await userRank(s.rankings, 'rekt', GLOBAL, dee);
    expect(rank).toEqual({ rank: 3, score: 500, fishCaught: 0, level: 2, totalPlayers: 4, page: 1 });
    // a page already answered follows the next change
    await play(ann, 950, T0 + 80);
    expect(await names()).toEqual(['1:ann', '2:cid', '3:bob', '4:dee']);
  });

  it('lists players with a score only, and answers rank null for a player without one', async () => {
    const ann = await player('ann');
    const newcomer = await player('newcomer');
    await play(ann, 10, T0);
    expect(await names()).toEqual(['1:ann']);
    expect(await userRank(s.rankings, 'rekt', GLOBAL, newcomer)).toEqual({
      rank: null,
      score: 0,
      fishCaught: 0,
      level: null,
      totalPlayers: 1,
      page: null,
    });
    // a score in another game is not a score in this one
    expect((await page(1, 50, GLOBAL, 'mr-quiz')).entries).toEqual([]);
    expect((await page(1, 50, GLOBAL, 'mr-quiz')).pagination).toEqual({
      page: 1,
      limit: 50,
      hasMore: false,
      totalPlayers: 0,
    });
  });

  it('pages: full pages, the last page, an empty page past the end, hasMore and totalPlayers', async () => {
    for (let i = 1; i <= 7; i++) await play(await player(`p${i}`), 1000 - i, T0 + i);
    const first = await page(1, 3);
    expect(first.entries.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(first.pagination).toEqual({ page: 1, limit: 3, hasMore: true, totalPlayers: 7 });
    expect((await page(2, 3)).entries.map((e) => e.username)).toEqual(['p4', 'p5', 'p6']);
    const last = await page(3, 3);
    expect(last.entries.map((e) => `${e.rank}:${e.username}`)).toEqual(['7:p7']);
    expect(last.pagination.hasMore).toBe(false);
    expect(await page(4, 3)).toEqual({
      entries: [],
      pagination: { page: 4, limit: 3, hasMore: false, totalPlayers: 7 },
    });
    expect((await page(2, 4)).pagination.hasMore).toBe(false);
    expect((await page(1, 7)).pagination.hasMore).toBe(false);
  });

  it('scopes to one country with its own consecutive ranks and totals', async () => {
    const us1 = await player('us_one', 'US');
    const de1 = await player('de_one', 'DE');
    const us2 = await player('us_two', 'US');
    const unknown = await player('nowhere', 'XX');
    await play(us1, 300, T0);
    await play(de1, 900, T0);
    await play(us2, 600, T0);
    await play(unknown, 50, T0);
    expect(await names(1, 50, { type: 'country', country: 'us' })).toEqual(['1:us_two', '2:us_one']);
    expect(await names(1, 50, { type: 'country', country: 'DE' })).toEqual(['1:de_one']);
    expect(await names(1, 50, { type: 'country', country: 'FR' })).toEqual([]);
    expect(await userRank(s.rankings, 'rekt', { type: 'country', country: 'US' }, us1)).toMatchObject({
      rank: 2,
      totalPlayers: 2,
      homeCountry: 'US',
    });
    // On another country's board the answer says whose board the player is on; without a score, none.
    expect(await userRank(s.rankings, 'rekt', { type: 'country', country: 'DE' }, us1)).toMatchObject({
      rank: null,
      totalPlayers: 1,
      homeCountry: 'US',
    });
    expect(await userRank(s.rankings, 'fishing-for-sats', { type: 'country', country: 'US' }, us1)).toMatchObject({
      rank: null,
      homeCountry: null,
    });
    expect(await userRank(s.rankings, 'rekt', { type: 'global' }, us1)).not.toHaveProperty('homeCountry');
    expect(await rankedCountries(s.rankings)).toEqual([
      { code: 'DE', name: 'Germany' },
      { code: 'US', name: 'United States' },
    ]);
    // moving country moves the player between country boards
    await updateCountry(s, us1, 'DE');
    expect(await names(1, 50, { type: 'country', country: 'DE' })).toEqual(['1:de_one', '2:us_one']);
    expect(await names(1, 50, { type: 'country', country: 'US' })).toEqual(['1:us_two']);
    expect(await userRank(s.rankings, 'rekt', { type: 'country', country: 'US' }, us1)).toMatchObject({
      rank: null,
      homeCountry: 'DE',
    });
  });

  it('moves a player up when they beat their best, and carries the details of the best run', async () => {
    const ids = await Promise.all(['ann', 'bob', 'cid'].map((n) => player(n)));
    for (const [i, id] of ids.entries())
      await play(id, 100 * (3 - i), T0 + i, fishing, {
        fish: [{ name: 'Minnow', points: 10, weight: 0.2, quality: 1 }],
      });
    expect((await userRank(s.rankings, 'fishing-for-sats', GLOBAL, ids[2]!)).rank).toBe(3);
    const fish = [
      { name: 'Minnow', points: 5, weight: 0.1, quality: 1 },
      { name: 'Golden Koi', points: 400, weight: 3.5, quality: 5 },
      { name: 'Bass', points: 80, weight: 1.2, quality: 3 },
    ];
    await play(ids[2]!, 1000, T0 + 100, fishing, { fish, level: 7 });
    expect(await userRank(s.rankings, 'fishing-for-sats', GLOBAL, ids[2]!)).toEqual({
      rank: 1,
      score: 1000,
      fishCaught: 3,
      level: 7,
      totalPlayers: 3,
      page: 1,
    });
    const [top] = (await page(1, 50, GLOBAL, 'fishing-for-sats')).entries;
    expect(top).toEqual({
      rank: 1,
      userId: ids[2],
      username: 'cid',
      score: 1000,
      level: 7,
      country: 'US',
      createdAt: new Date(T0 - DAY).toISOString(),
      fishCaught: 3,
      fishDetails: [fish[1], fish[2], fish[0]],
      activeAvatar: null,
    });
  });

  it('follows changes another server process made, within the sync interval', async () => {
    const ann = await player('ann');
    const bob = await player('bob', 'FR');
    await play(ann, 500, T0);
    let now = Date.now();
    const other = new Rankings(s.db, () => now);
    expect((await leaderboardPage(s.db, other, 'rekt', GLOBAL, 1, 50)).pagination.totalPlayers).toBe(1);
    // written by "this" process, no touch reaches the other one
    await submitRun(s, rekt, bob, { runId: 'elsewhere', score: 800 }, Date.now(), 1_000);
    await updateCountry(s, ann, 'DE');
    now += SYNC_INTERVAL_MS + 1;
    const after = await leaderboardPage(s.db, other, 'rekt', GLOBAL, 1, 50);
    expect(after.entries.map((e) => `${e.rank}:${e.username}:${e.country}`)).toEqual(['1:bob:FR', '2:ann:DE']);
    expect(
      (await leaderboardPage(s.db, other, 'rekt', { type: 'country', country: 'DE' }, 1, 50)).entries.map(
        (e) => e.username,
      ),
    ).toEqual(['ann']);
  });

  it('places a new run and a country change at once: the services tell the rankings, not the caller', async () => {
    const ann = await player('ann');
    const now = Date.now();
    // A clock that never moves: the change feed never looks again, only what the services tell counts.
    const frozen = new Rankings(s.db, () => now);
    const app = { ...s, rankings: frozen };
    expect((await leaderboardPage(s.db, frozen, 'rekt', GLOBAL, 1, 50)).entries).toEqual([]);
    await submitRun(app, rekt, ann, { runId: 'told', score: 300 }, now, 1_000);
    expect(
      (await leaderboardPage(s.db, frozen, 'rekt', GLOBAL, 1, 50)).entries.map(
        (e) => `${e.rank}:${e.username}:${e.country}`,
      ),
    ).toEqual(['1:ann:US']);
    await updateCountry(app, ann, 'JP');
    expect(
      (await leaderboardPage(s.db, frozen, 'rekt', { type: 'country', country: 'JP' }, 1, 50)).entries.map(
        (e) => e.username,
      ),
    ).toEqual(['ann']);
  });

  it('keeps up when more players changed since the last look than it remembers one by one', async () => {
    await page();
    const ids = await Promise.all(Array.from({ length: 700 }, (_, i) => player(`many_${i}`)));
    const now = Date.now();
    await s.db
      .insertInto('game_stats')
      .values(
        ids.map((id, i) => ({
          user_id: id,
          game_id: 'rekt',
          plays: 1,
          best_score: i,
          best_level: null,
          best_fish_count: 0,
          best_fish_json: null,
          best_reached_at: now,
          last_played_at: now,
        })),
      )
      .execute();
    for (const id of ids) s.rankings.touch(id);
    const first = await page(1, 2);
    expect(first.pagination.totalPlayers).toBe(700);
    expect(first.entries.map((e) => e.username)).toEqual(['many_699', 'many_698']);
  });

  it(`keeps at most ${CACHED_PAGES} answered pages per game, the least recently used going first`, async () => {
    await play(await player('ann'), 500, T0);
    await page(1, 1);
    for (let p = 2; p <= CACHED_PAGES + 20; p++) await page(p, 1);
    const pages = s.rankings.game('rekt').pages;
    expect(pages.size).toBe(CACHED_PAGES);
    expect(pages.has('|1|1')).toBe(false);
    expect(pages.has(`|${CACHED_PAGES + 20}|1`)).toBe(true);
  });

  it('refuses country codes it does not know', async () => {
    for (const country of ['ZZ', 'XX', '12', 'usa', '']) {
      const error = await page(1, 50, { type: 'country', country }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
  });
});
