// A run as the run store takes it and what it answers, and what both databases' writers share:
// the columns a stored run and a best are answered with, and the SQL that folds a run into a best.
import type { Selectable } from 'kysely';
import type { GameStatsTable, RunsTable } from '../db/schema';
import { conflict } from '../shared/errors';
import type { Limit } from '../shared/rate-limit';

/** One run, ready to store. */
export interface RunRecord {
  userId: number;
  gameId: string;
  runId: string;
  score: number;
  level: number | null;
  fishCount: number;
  fishJson: string | null;
  achievementsJson: string | null;
  /** 1 when the server replayed the run (or a game's signed server vouched for it), else 0. */
  verified: number;
  /** 1 when the run's game is in `replay` fair-play mode (README, "Fair play"), else 0. */
  replayMode: number;
  /** Achievements this run unlocks for good. */
  unlocked: string[];
  /**
   * For a run on an unused run ticket (`run_tickets`, the same runId): the submitted body's hash.
   * The ticket is marked used with it in the run's own atomic unit; a ticket another body used
   * meanwhile makes the run a 409 (the same body: the stored run is answered).
   */
  ticketHash: string | null;
  now: number;
  /** A random one of the game's total rows; a batch counts its runs in its first run's. */
  shard: number;
}

/** The player's rate-limit window the run counts in. */
export interface RunLimit extends Limit {
  key: string;
}

/** The answer to a run under a runId the player already used for a run with another result. */
export const RUN_ID_REUSED =
  'This runId was already used for another run, with another result. Give each run its own runId (resending the very same run is fine).';

/**
 * A run whose runId is stored already: a retry when it reports the stored result (answered with
 * the stored run), otherwise a 409, so a changed result is never silently dropped.
 */
export function assertRetry(stored: Pick<StoredRun, 'score' | 'level' | 'fish_count'>, record: RunRecord): void {
  if (
    Number(stored.score) !== record.score ||
    (stored.level === null ? null : Number(stored.level)) !== record.level ||
    Number(stored.fish_count) !== record.fishCount
  ) {
    throw conflict(RUN_ID_REUSED);
  }
}

/** The columns of a stored run the Game API answers with. */
export const RUN_KEYS = [
  'run_id',
  'game_id',
  'score',
  'level',
  'fish_count',
  'created_at',
  'verified',
] as const satisfies readonly (keyof RunsTable)[];
/** The columns of a player's best the Game API answers with. */
export const BEST_KEYS = [
  'plays',
  'best_score',
  'best_level',
  'best_fish_count',
  'best_reached_at',
] as const satisfies readonly (keyof GameStatsTable)[];

export type StoredRun = Pick<Selectable<RunsTable>, (typeof RUN_KEYS)[number]>;
export type StoredBest = Pick<Selectable<GameStatsTable>, (typeof BEST_KEYS)[number]>;

/** What was stored: `created` is false for a replayed runId (then the run and best as stored). */
export interface StoreResult {
  created: boolean;
  run: StoredRun;
  best: StoredBest;
}

/**
 * The SET of an upsert that folds a run into a best kept in `table` (`game_stats`, and each
 * tournament's `tournament_entries`). Every SET compares with the row as it was (both databases
 * evaluate them all against the old row), and the row is locked by the upsert, so concurrent runs
 * keep the true best; `best_reached_at` moves only when the best improves (an equal score does not
 * take the earlier player's place).
 */
const keepBest = (table: string) => `
  best_level = case when excluded.best_score > ${table}.best_score then excluded.best_level else ${table}.best_level end,
  best_fish_count = case when excluded.best_score > ${table}.best_score then excluded.best_fish_count else ${table}.best_fish_count end,
  best_fish_json = case when excluded.best_score > ${table}.best_score then excluded.best_fish_json else ${table}.best_fish_json end,
  best_reached_at = case when excluded.best_score > ${table}.best_score then excluded.best_reached_at else ${table}.best_reached_at end,
  best_score = case when excluded.best_score > ${table}.best_score then excluded.best_score else ${table}.best_score end`;

/** Fold a run into the player's best in the game, with their plays, total and last play. */
export const BEST_UPDATE = `
  plays = game_stats.plays + 1,
  total_score = game_stats.total_score + excluded.total_score,
  last_played_at = case when excluded.last_played_at > game_stats.last_played_at then excluded.last_played_at else game_stats.last_played_at end,${keepBest('game_stats')}`;

/** Fold a run into the player's entry of a tournament: one more run counted, the best kept. */
export const ENTRY_UPDATE = `
  runs = tournament_entries.runs + 1,${keepBest('tournament_entries')}`;

export const ENTRY_COLUMNS =
  'tournament_id, user_id, runs, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, entered_at';

export const RUN_COLUMNS = RUN_KEYS.join(', ');
export const BEST_COLUMNS = BEST_KEYS.join(', ');

/** A run waiting in a batch, with how to answer it. */
export interface Pending {
  record: RunRecord;
  limit: RunLimit;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

/** What a batch writer gives back for each run, in order: a result or the error to answer with. */
export type Outcome = { ok: true; result: StoreResult } | { ok: false; error: unknown };
