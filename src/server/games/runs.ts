import { iso } from '~/lib/dates';
import { MINUTE } from '~/lib/format';
import { REKT_FORMATIONS, type BestView, type RunView, type SubmitRunRequest } from '~/lib/schemas/games';
import type { Services } from '../context';
import { badRequest } from '../shared/errors';
import { storeRun } from './run-store';

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
  /**
   * How the Game API makes sure a run was played (README, "Fair play"): the games collection's
   * `fairPlay`. Unset (runs stored straight through the service, as the demo data does): `none`.
   */
  fairPlay?: FairPlayMode;
}

/** `replay`: the server replays each run; `ticket`: a run needs a run ticket and its timing is checked; `none`. */
export type FairPlayMode = 'replay' | 'ticket' | 'none';

/** Runs one player may submit per minute, unless the operator sets `RUNS_PER_MINUTE`. */
export const RUNS_PER_MINUTE = 60;

/** A run to store: as the game reported it, or as the server's replay produced it (`verified`). */
export type RunToStore = SubmitRunRequest & {
  /** True when the server replayed the run (or the game's signed server vouched for it). */
  verified?: boolean;
  /**
   * Set for a run on an unused run ticket (its `runId`): the hash of the submitted body, which the
   * run store writes into the ticket as it stores the run (one atomic write), so the ticket serves
   * this run and no other.
   */
  ticketHash?: string;
};

export interface SubmittedRun {
  /** False when the runId was already stored: the stored run is returned and nothing counts twice. */
  created: boolean;
  run: RunView;
  best: BestView;
}

/** Refuse results no honest run of this game can produce. */
export function assertPlausible(game: GameRules, input: SubmitRunRequest): void {
  if (input.score > game.maxScore) throw badRequest(`A ${game.gameId} score can be at most ${game.maxScore}.`);
  if (input.level !== undefined && input.level > game.maxLevel)
    throw badRequest(`A ${game.gameId} level can be at most ${game.maxLevel}.`);
  if (input.fish !== undefined) {
    if (!game.hasFish) throw badRequest(`${game.gameId} runs do not catch fish.`);
    if (input.fish.length > game.maxFishPerRun)
      throw badRequest(`A ${game.gameId} run can catch at most ${game.maxFishPerRun} fish.`);
    const total = input.fish.reduce((sum, f) => sum + f.points, 0);
    if (total > input.score) throw badRequest('The fish are worth more points than the run scored.');
  }
  if (input.achievements !== undefined) {
    if (!game.hasFormations) throw badRequest(`${game.gameId} runs have no achievements to report.`);
    const unknown = Object.keys(input.achievements).filter(
      (name) => !(REKT_FORMATIONS as readonly string[]).includes(name),
    );
    if (unknown.length) throw badRequest(`Unknown achievement: ${unknown[0]}. Known: ${REKT_FORMATIONS.join(', ')}.`);
  }
}

/**
 * Rows a game's total is split over (see migration `0004_game_total_shards`): each run counts in one
 * chosen at random, so concurrent runs seldom wait for the same row; the total is their sum.
 */
export const GAME_TOTAL_SHARDS = 128;

/**
 * Store a finished run and fold it into the player's best for the game, the game's total and the
 * player's achievements, atomically and together with the player's rate limit (an over-limit run
 * is a 429 and changes nothing). The best is updated by one conditional upsert, so concurrent runs
 * of one player keep the true best. Resubmitting a runId changes nothing and answers the stored run.
 * The leaderboards are told about the player, so their next read places the new best.
 */
export async function submitRun(
  { db, rankings }: Pick<Services, 'db' | 'rankings'>,
  game: GameRules,
  userId: number,
  input: RunToStore,
  now = Date.now(),
  runsPerMinute = RUNS_PER_MINUTE,
): Promise<SubmittedRun> {
  assertPlausible(game, input);
  const fishJson = input.fish?.length ? JSON.stringify([...input.fish].sort((a, b) => b.points - a.points)) : null;
  const { created, run, best } = await storeRun(
    db,
    {
      userId,
      gameId: game.gameId,
      runId: input.runId,
      score: input.score,
      level: input.level ?? null,
      fishCount: input.fish?.length ?? 0,
      fishJson,
      achievementsJson: input.achievements ? JSON.stringify(input.achievements) : null,
      verified: input.verified ? 1 : 0,
      replayMode: game.fairPlay === 'replay' ? 1 : 0,
      ticketHash: input.ticketHash ?? null,
      unlocked: Object.entries(input.achievements ?? {}).flatMap(([name, done]) => (done ? [name] : [])),
      now,
      shard: Math.floor(Math.random() * GAME_TOTAL_SHARDS),
    },
    // per game: one game's runs never use up the player's allowance in another
    {
      key: `runs:user:${userId}:${game.gameId}`,
      max: runsPerMinute,
      windowMs: MINUTE,
      what: 'runs of this game from this player',
    },
  );
  rankings.touch(userId);
  return {
    created,
    run: {
      runId: run.run_id,
      gameId: run.game_id,
      score: run.score,
      level: run.level,
      fishCaught: run.fish_count,
      createdAt: iso(run.created_at),
      verified: Boolean(run.verified),
    },
    best: {
      score: best.best_score,
      level: best.best_level,
      fishCaught: best.best_fish_count,
      totalPlays: best.plays,
      reachedAt: iso(best.best_reached_at),
    },
  };
}
