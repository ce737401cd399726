// The run store's SQLite writer: a batch in one transaction, a savepoint per run, its statements
// prepared once per connection.
import type SQLite from 'better-sqlite3';
import { AppError, tooManyRequests } from '../shared/errors';
import { sqlText, windowOnConflict } from '../shared/rate-limit';
import { hasPlaceOnSqlite, RUNS_LEFT, tournamentsEnteredBy } from '../tournaments/participation';
import {
  assertRetry,
  BEST_COLUMNS,
  BEST_UPDATE,
  ENTRY_COLUMNS,
  ENTRY_UPDATE,
  RUN_COLUMNS,
  type Outcome,
  type Pending,
  type RunLimit,
  type RunRecord,
  type StoreResult,
  type StoredBest,
  type StoredRun,
} from './run-records';
import { ticketRefusal, type SpentTicket } from './ticket-refusals';

export interface SqliteStore {
  /** One run, in a savepoint of the batch's transaction (a thrown 429 undoes only this run). */
  one: SQLite.Transaction<(record: RunRecord, limit: RunLimit) => StoreResult>;
  /** The batch: one `BEGIN IMMEDIATE … COMMIT` around a savepoint per run. */
  all: SQLite.Transaction<(runs: Pending[]) => Outcome[]>;
}
const sqliteStores = new WeakMap<SQLite.Database, SqliteStore>();

/** The run's statements, prepared once per connection. */
export function sqliteStore(sqlite: SQLite.Database): SqliteStore {
  let store = sqliteStores.get(sqlite);
  if (store) return store;
  const hit = sqlite.prepare<{ key: string; now: number; windowMs: number }, { count: number; window_start: number }>(`
    insert into rate_limits (key, window_start, count) values (@key, @now, 1)
    ${windowOnConflict(sqlText, '@windowMs')}
    returning count, window_start`);
  const insertRun = sqlite.prepare<RunRecord, StoredRun>(`
    insert into runs (user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, created_at, verified)
    values (@userId, @gameId, @runId, @score, @level, @fishCount, @fishJson, @achievementsJson, @now, @verified)
    on conflict (user_id, game_id, run_id) do nothing
    returning ${RUN_COLUMNS}`);
  const upsertBest = sqlite.prepare<RunRecord, StoredBest>(`
    insert into game_stats (user_id, game_id, plays, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, last_played_at, total_score)
    values (@userId, @gameId, 1, @score, @level, @fishCount, @fishJson, @now, @now, @score)
    on conflict (user_id, game_id) do update set ${BEST_UPDATE}
    returning ${BEST_COLUMNS}`);
  // The run enters (or improves the player's entry of) every tournament running for its game,
  // within the tournament's limits (places, runs per player).
  const enterTournaments = sqlite.prepare<RunRecord>(`
    insert into tournament_entries (${ENTRY_COLUMNS})
    select e.id, @userId, 1, @score, @level, @fishCount, @fishJson, @now, @now from (${tournamentsEnteredBy('@gameId', '@now', '@verified', '@replayMode')}) e
    where ${hasPlaceOnSqlite('e', '@userId')}
    on conflict (tournament_id, user_id) do update set ${ENTRY_UPDATE} where ${RUNS_LEFT}`);
  const countTotal = sqlite.prepare<{ gameId: string; shard: number; runs: number }>(`
    insert into game_totals (game_id, shard, total_runs) values (@gameId, @shard, @runs)
    on conflict (game_id, shard) do update set total_runs = game_totals.total_runs + excluded.total_runs`);
  const unlock = sqlite.prepare<{ userId: number; name: string; now: number }>(`
    insert into user_achievements (user_id, name, unlocked_at) values (@userId, @name, @now)
    on conflict (user_id, name) do nothing`);
  const useTicket = sqlite.prepare<{ runId: string; userId: number; gameId: string; now: number; hash: string }>(
    'update run_tickets set used_at = @now, body_hash = @hash where run_id = @runId and user_id = @userId and game_id = @gameId and used_at is null',
  );
  const readTicket = sqlite.prepare<{ runId: string }, SpentTicket>(
    'select user_id, game_id, body_hash from run_tickets where run_id = @runId',
  );
  const readRun = sqlite.prepare<RunRecord, StoredRun>(
    `select ${RUN_COLUMNS} from runs where user_id = @userId and game_id = @gameId and run_id = @runId`,
  );
  const readBest = sqlite.prepare<RunRecord, StoredBest>(
    `select ${BEST_COLUMNS} from game_stats where user_id = @userId and game_id = @gameId`,
  );

  const one = sqlite.transaction((record: RunRecord, limit: RunLimit): StoreResult => {
    const window = hit.get({ key: limit.key, now: record.now, windowMs: limit.windowMs })!;
    // Thrown inside the savepoint: it rolls back, so an over-limit run changes nothing.
    if (window.count > limit.max) throw tooManyRequests(window.window_start + limit.windowMs - record.now, limit.what);
    if (
      record.ticketHash !== null &&
      useTicket.run({
        runId: record.runId,
        userId: record.userId,
        gameId: record.gameId,
        now: record.now,
        hash: record.ticketHash,
      }).changes === 0
    ) {
      // Not this player's and game's unused ticket: gone, used (the same body is a retry), or not theirs.
      const refusal = ticketRefusal(readTicket.get({ runId: record.runId }), record);
      if (refusal) throw refusal;
    }
    const run = insertRun.get(record);
    if (!run) {
      const stored = readRun.get(record)!;
      // Thrown inside the savepoint, so on SQLite a refused run counts against no limit (on
      // PostgreSQL the batch statement has counted it already, as it counts a refused ticket).
      assertRetry(stored, record);
      return { created: false, run: stored, best: readBest.get(record)! };
    }
    const best = upsertBest.get(record)!;
    enterTournaments.run(record);
    for (const name of record.unlocked) unlock.run({ userId: record.userId, name, now: record.now });
    return { created: true, run, best };
  });
  const all = sqlite.transaction((runs: Pending[]): Outcome[] => {
    const counted = new Map<string, number>();
    const outcomes = runs.map(({ record, limit }): Outcome => {
      try {
        const result = one(record, limit);
        if (result.created) counted.set(record.gameId, (counted.get(record.gameId) ?? 0) + 1);
        return { ok: true, result };
      } catch (error) {
        if (error instanceof AppError) return { ok: false, error };
        // Anything else is no answer for this run alone: the whole batch rolls back and is retried run by run.
        throw error;
      }
    });
    // The batch's runs count in the one total row it picked, as on PostgreSQL.
    for (const [gameId, count] of counted) countTotal.run({ gameId, shard: runs[0]!.record.shard, runs: count });
    return outcomes;
  });
  store = { one, all };
  sqliteStores.set(sqlite, store);
  return store;
}
