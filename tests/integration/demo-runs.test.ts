import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_ADMINS,
  demoFishingTrip,
  demoPlayers,
  demoRektRun,
  demoRunArgs,
  loadDemoArcade,
} from '../../scripts/demo-data';
import { replay as replayRekt } from '~games/rekt/game.js';
import { replayTrip } from '~games/fishing-for-sats/game.js';
import { REKT_FORMATIONS } from '~/lib/schemas/games';
import { QUIZ_ROUNDS, QUIZ_SECONDS } from '~/server/games/quiz-scoring';
import type { Db } from '~/server/db';
import { DIALECTS, freshServices, type TestServices } from '../support/services';

// The demo arcade's runs are runs the games could have produced (README, "Demo data"): REKT! and
// fishing runs are the autoplayers' flights and trips, which the games' own replays give back; Mr
// Quiz runs follow the quiz's scoring.

/** Every REKT! tier's edge (src/lib/achievements.ts): the demo has a best run on each side of each. */
const TIER_EDGES = [5_000, 10_000, 15_000, 20_000, 40_000, 50_000, 100_000, 250_000];
const NOW = Date.UTC(2026, 10, 26, 12);

async function demoRuns(db: Db) {
  return db
    .selectFrom('runs')
    .select(['user_id', 'game_id', 'run_id', 'score', 'level', 'fish_json', 'achievements_json', 'created_at'])
    .orderBy('id')
    .execute();
}

describe.each(DIALECTS)('demo runs on %s', (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  it('are runs the games could have produced: replayed REKT! flights and fishing trips, quizzes within the scoring', async () => {
    await loadDemoArcade(s.db, [...DEMO_ADMINS, ...demoPlayers(40)], NOW);
    const runs = await demoRuns(s.db);
    const of = (game: string) => runs.filter((r) => r.game_id === game);
    expect(of('rekt').length).toBeGreaterThan(100);
    expect(of('fishing-for-sats').length).toBeGreaterThan(100);
    expect(of('mr-quiz').length).toBeGreaterThan(100);

    // Nobody was last seen before they joined or before their last run (the admin room shows both).
    const users = await s.db.selectFrom('users').select(['id', 'created_at', 'last_seen_at']).execute();
    for (const user of users) {
      const lastRun = Math.max(0, ...runs.filter((r) => r.user_id === user.id).map((r) => Number(r.created_at)));
      expect(Number(user.last_seen_at), `player ${user.id}`).toBeGreaterThanOrEqual(
        Math.max(Number(user.created_at), lastRun),
      );
      expect(Number(user.last_seen_at)).toBeLessThanOrEqual(NOW);
    }

    // REKT!: every run replays, from the seed its id names, to the stored score, level and formations.
    for (const run of of('rekt')) {
      const args = demoRunArgs(run.run_id);
      expect(args, run.run_id).not.toBeNull();
      const flight = demoRektRun(args!.seed, args!.arg);
      const replayed = replayRekt(args!.seed, flight.flaps, 120 * 60 * 30);
      expect([run.run_id, run.score, run.level], run.run_id).toEqual([run.run_id, replayed.score, replayed.level]);
      expect(JSON.parse(run.achievements_json!)).toEqual(replayed.achievements);
      expect(run.level).toBeGreaterThanOrEqual(1);
      // A level needs ten pillars each, and every pillar passed pays at least 25 points.
      expect(run.score).toBeGreaterThanOrEqual(25 * 10 * (run.level! - 1));
    }
    // The formations a player unlocked are those their runs completed.
    const unlocked = await s.db.selectFrom('user_achievements').select(['user_id', 'name']).execute();
    const completed = new Set(
      of('rekt').flatMap((r) =>
        Object.entries(JSON.parse(r.achievements_json!) as Record<string, boolean>)
          .filter(([, done]) => done)
          .map(([name]) => `${r.user_id}:${name}`),
      ),
    );
    expect(new Set(unlocked.map((a) => `${a.user_id}:${a.name}`))).toEqual(completed);
    expect(unlocked.every((a) => (REKT_FORMATIONS as readonly string[]).includes(a.name))).toBe(true);

    // Fishing: every trip replays, from its seed and start, to the stored catch and score.
    for (const run of of('fishing-for-sats')) {
      const args = demoRunArgs(run.run_id)!;
      const startedAt = Number(run.created_at);
      const trip = demoFishingTrip(args.seed, startedAt, args.arg);
      const replayed = replayTrip(args.seed, startedAt, trip.inputs, 60 * 600);
      expect(run.score, run.run_id).toBe(replayed.score);
      const fish = JSON.parse(run.fish_json ?? '[]') as { points: number }[];
      expect(fish).toEqual([...replayed.fish].sort((a, b) => b.points - a.points));
      expect(run.level).toBeNull();
    }

    // Mr Quiz: the level is the right answers, each worth 100 points and a time bonus of at most 150.
    for (const run of of('mr-quiz')) {
      expect(run.level).not.toBeNull();
      expect(run.level).toBeGreaterThanOrEqual(0);
      expect(run.level).toBeLessThanOrEqual(QUIZ_ROUNDS);
      expect(run.score, run.run_id).toBeGreaterThanOrEqual(100 * run.level!);
      expect(run.score, run.run_id).toBeLessThanOrEqual((100 + QUIZ_SECONDS * 10) * run.level!);
    }

    // No board row says "Level 0" beside points.
    const bests = await s.db.selectFrom('game_stats').select(['game_id', 'best_score', 'best_level']).execute();
    expect(bests.filter((b) => b.best_level !== null && b.best_level < 1 && Number(b.best_score) > 0)).toEqual([]);
    expect(bests.filter((b) => b.game_id === 'rekt').every((b) => (b.best_level ?? 0) >= 1)).toBe(true);
    // (a minute: it makes and replays some 300 fishing trips of rules 2, a long fight each, on a shared machine)
  }, 60_000);
});

// One database is enough for what the runs are; the same arcade twice is compared on SQLite.
describe('the demo arcade', () => {
  it('has best REKT! runs on both sides of every tier edge, most runs under 30,000 and the same arcade from the same accounts and now', async () => {
    const accounts = [...DEMO_ADMINS, ...demoPlayers(60)];
    const s = await freshServices('sqlite');
    const again = await freshServices('sqlite');
    try {
      await loadDemoArcade(s.db, accounts, NOW);
      const bests = (
        await s.db.selectFrom('game_stats').select('best_score').where('game_id', '=', 'rekt').execute()
      ).map((b) => Number(b.best_score));
      for (const edge of TIER_EDGES) {
        expect(
          bests.some((b) => b < edge && b >= edge * 0.97),
          `a best just under ${edge}`,
        ).toBe(true);
        expect(
          bests.some((b) => b >= edge && b < edge * 1.03),
          `a best at ${edge} or just over`,
        ).toBe(true);
      }
      const rekt = (await demoRuns(s.db)).filter((r) => r.game_id === 'rekt').map((r) => r.score);
      expect(rekt.filter((score) => score < 30_000).length / rekt.length).toBeGreaterThan(0.9);

      await loadDemoArcade(again.db, accounts, NOW);
      const key = (r: Awaited<ReturnType<typeof demoRuns>>[number]) =>
        [r.user_id, r.game_id, r.run_id, r.score, r.level, r.fish_json, r.achievements_json, Number(r.created_at)].join(
          '|',
        );
      expect((await demoRuns(again.db)).map(key)).toEqual((await demoRuns(s.db)).map(key));
    } finally {
      await s.close();
      await again.close();
    }
    // Two demo arcades of 62 players with runs flown to 250,000: about 13 s each on a busy machine.
  }, 90_000);
});
