import { sql } from 'kysely';
import { REKT_FORMATIONS, type BestView, type RunView, type SubmitRunRequest } from '../../lib/schemas/games';
import { hit } from '../auth/rate-limit';
import type { Db } from '../db';
import { badRequest } from '../errors';

/** What the server knows of a catalogue game when it takes a run (from the games collection). */
export interface GameRules {
  gameId: string;
  maxScore: number;
  maxLevel: number;
  maxFishPerRun: number;
  /** True for the game whose runs carry fish (fishing). */
  hasFish: boolean;
  /** True for the game whose runs carry formation achievements (REKT). */
  hasFormations: boolean;
}

/** Runs one player may submit per minute, unless the operator sets `RUNS_PER_MINUTE`. */
export const RUNS_PER_MINUTE = 60;

export interface SubmittedRun {
  /** False when the runId was already stored: the stored run is returned and nothing counts twice. */
  created: boolean;
  run: RunView;
  best: BestView;
}

/** Refuse results no honest run of this game can produce. */
export function assertPlausible(game: GameRules, input: SubmitRunRequest): void {
  if (input.score > game.maxScore) throw badRequest(`A ${game.gameId} score can be at most ${game.maxScore}.`);
  if (input.level !== undefined && input.level > game.maxLevel) throw badRequest(`A ${game.gameId} level can be at most ${game.maxLevel}.`);
  if (input.fish !== undefined) {
    if (!game.hasFish) throw badRequest(`${game.gameId} runs do not catch fish.`);
    if (input.fish.length > game.maxFishPerRun) throw badRequest(`A ${game.gameId} run can catch at most ${game.maxFishPerRun} fish.`);
    const total = input.fish.reduce((sum, f) => sum + f.points, 0);
    if (total > input.score) throw badRequest('The fish are worth more points than the run scored.');
  }
  if (input.achievements !== undefined) {
    if (!game.hasFormations) throw badRequest(`${game.gameId} runs have no achievements to report.`);
    const unknown = Object.keys(input.achievements).filter((name) => !(REKT_FORMATIONS as readonly string[]).includes(name));
    if (unknown.length) throw badRequest(`Unknown achievement: ${unknown[0]}. Known: ${REKT_FORMATIONS.join(', ')}.`);
  }
}

/**
 * Rows a game's total is split over (see migration `0004_game_total_shards`): each run counts in one
 * chosen at random, so concurrent runs seldom wait for the same row; the total is their sum.
 */
export const GAME_TOTAL_SHARDS = 128;

const iso = (ms: number) => new Date(ms).toISOString();

async function readRun(db: Db, userId: number, gameId: string, runId: string): Promise<SubmittedRun> {
  const run = await db.selectFrom('runs').selectAll().where('user_id', '=', userId).where('game_id', '=', gameId).where('run_id', '=', runId).executeTakeFirstOrThrow();
  const best = await db.selectFrom('game_stats').selectAll().where('user_id', '=', userId).where('game_id', '=', gameId).executeTakeFirstOrThrow();
  return {
    created: false,
    run: { runId: run.run_id, gameId: run.game_id, score: run.score, level: run.level, fishCaught: run.fish_count, createdAt: iso(run.created_at) },
    best: { score: best.best_score, level: best.best_level, fishCaught: best.best_fish_count, totalPlays: best.plays, reachedAt: iso(best.best_reached_at) },
  };
}

/**
 * Store a finished run and fold it into the player's best for the game, the game's total and the
 * player's achievements, in one transaction. The best is updated by one conditional upsert, so
 * concurrent runs of one player keep the true best. Resubmitting a runId changes nothing.
 */
export async function submitRun(
  db: Db,
  game: GameRules,
  userId: number,
  input: SubmitRunRequest,
  now = Date.now(),
  runsPerMinute = RUNS_PER_MINUTE,
): Promise<SubmittedRun> {
  assertPlausible(game, input);
  const fishJson = input.fish?.length ? JSON.stringify([...input.fish].sort((a, b) => b.points - a.points)) : null;
  const fishCount = input.fish?.length ?? 0;
  const level = input.level ?? null;

  // One transaction (one commit) for the rate limit and the run: an over-limit run changes nothing.
  const fresh = await db.transaction().execute(async (trx) => {
    await hit(trx, `runs:user:${userId}`, { max: runsPerMinute, windowMs: 60_000, what: 'runs from this player' }, now);
    const inserted = await trx
      .insertInto('runs')
      .values({
        user_id: userId,
        game_id: game.gameId,
        run_id: input.runId,
        score: input.score,
        level,
        fish_count: fishCount,
        fish_json: fishJson,
        achievements_json: input.achievements ? JSON.stringify(input.achievements) : null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'game_id', 'run_id']).doNothing())
      .returning(['run_id', 'game_id', 'score', 'level', 'fish_count', 'created_at'])
      .executeTakeFirst();
    if (!inserted) return null;

    const better = sql<boolean>`excluded.best_score > game_stats.best_score`;
    const best = await trx
      .insertInto('game_stats')
      .values({
        user_id: userId,
        game_id: game.gameId,
        plays: 1,
        best_score: input.score,
        best_level: level,
        best_fish_count: fishCount,
        best_fish_json: fishJson,
        best_reached_at: now,
        last_played_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'game_id']).doUpdateSet({
          plays: sql`game_stats.plays + 1`,
          last_played_at: sql`case when excluded.last_played_at > game_stats.last_played_at then excluded.last_played_at else game_stats.last_played_at end`,
          best_level: sql`case when ${better} then excluded.best_level else game_stats.best_level end`,
          best_fish_count: sql`case when ${better} then excluded.best_fish_count else game_stats.best_fish_count end`,
          best_fish_json: sql`case when ${better} then excluded.best_fish_json else game_stats.best_fish_json end`,
          best_reached_at: sql`case when ${better} then excluded.best_reached_at else game_stats.best_reached_at end`,
          // last, so the conditions above still compare against the old best
          best_score: sql`case when ${better} then excluded.best_score else game_stats.best_score end`,
        }),
      )
      .returning(['best_score', 'best_level', 'best_fish_count', 'plays', 'best_reached_at'])
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('game_totals')
      .values({ game_id: game.gameId, shard: Math.floor(Math.random() * GAME_TOTAL_SHARDS), total_runs: 1 })
      .onConflict((oc) => oc.columns(['game_id', 'shard']).doUpdateSet({ total_runs: sql`game_totals.total_runs + 1` }))
      .execute();

    const unlocked = Object.entries(input.achievements ?? {}).filter(([, done]) => done);
    if (unlocked.length) {
      await trx
        .insertInto('user_achievements')
        .values(unlocked.map(([name]) => ({ user_id: userId, name, unlocked_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .execute();
    }
    return { run: inserted, best };
  });

  // A replayed runId: answer with what was stored.
  if (!fresh) return readRun(db, userId, game.gameId, input.runId);
  const { run, best } = fresh;
  return {
    created: true,
    run: { runId: run.run_id, gameId: run.game_id, score: run.score, level: run.level, fishCaught: run.fish_count, createdAt: iso(run.created_at) },
    best: { score: best.best_score, level: best.best_level, fishCaught: best.best_fish_count, totalPlays: best.plays, reachedAt: iso(best.best_reached_at) },
  };
}
