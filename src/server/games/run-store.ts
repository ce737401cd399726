// Storing a Game API run: the hot path of score ingestion. Each run is one atomic unit (the player's
// rate-limit window, the run, the player's best, the game's total, achievements): on PostgreSQL one
// prepared statement (a data-modifying CTE: one round trip, one commit), on SQLite one synchronous
// transaction of statements prepared once per connection.
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Limit } from '../auth/rate-limit';
import { driverOf, type Db } from '../db';
import { tooManyRequests } from '../errors';

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
  /** Achievements this run unlocks for good. */
  unlocked: string[];
  now: number;
  /** Which of the game's total rows counts this run. */
  shard: number;
}

/** The player's rate-limit window the run counts in. */
export interface RunLimit extends Limit {
  key: string;
}

export interface StoredRun {
  run_id: string;
  game_id: string;
  score: number;
  level: number | null;
  fish_count: number;
  created_at: number;
}

export interface StoredBest {
  plays: number;
  best_score: number;
  best_level: number | null;
  best_fish_count: number;
  best_reached_at: number;
}

/** What was stored: `created` is false for a replayed runId (then the run and best as stored). */
export interface StoreResult {
  created: boolean;
  run: StoredRun;
  best: StoredBest;
}

/**
 * Fold a run into the player's best. Every SET compares with the row as it was (both databases
 * evaluate them all against the old row), and the row is locked by the upsert, so concurrent runs
 * keep the true best; `best_reached_at` moves only when the best improves (an equal score does not
 * take the earlier player's place).
 */
const BEST_UPDATE = `
  plays = game_stats.plays + 1,
  last_played_at = case when excluded.last_played_at > game_stats.last_played_at then excluded.last_played_at else game_stats.last_played_at end,
  best_level = case when excluded.best_score > game_stats.best_score then excluded.best_level else game_stats.best_level end,
  best_fish_count = case when excluded.best_score > game_stats.best_score then excluded.best_fish_count else game_stats.best_fish_count end,
  best_fish_json = case when excluded.best_score > game_stats.best_score then excluded.best_fish_json else game_stats.best_fish_json end,
  best_reached_at = case when excluded.best_score > game_stats.best_score then excluded.best_reached_at else game_stats.best_reached_at end,
  best_score = case when excluded.best_score > game_stats.best_score then excluded.best_score else game_stats.best_score end`;

const RUN_COLUMNS = 'run_id, game_id, score, level, fish_count, created_at';
const BEST_COLUMNS = 'plays, best_score, best_level, best_fish_count, best_reached_at';

/** Store a run atomically; a 429 (changing nothing) once the player's window is used up. */
export async function storeRun(db: Db, record: RunRecord, limit: RunLimit): Promise<StoreResult> {
  const driver = driverOf(db);
  if (driver.dialect === 'postgres') return storeOnPostgres(driver.pool, record, limit);
  const store = sqliteStore(driver.sqlite);
  // Kysely's single SQLite connection, held so no Kysely transaction is open on it meanwhile.
  return db.connection().execute(async () => store.immediate(record, limit));
}

// ---- SQLite -------------------------------------------------------------------------------------

type SqliteStore = SQLite.Transaction<(record: RunRecord, limit: RunLimit) => StoreResult>;
const sqliteStores = new WeakMap<SQLite.Database, SqliteStore>();

/** The run's transaction, its statements prepared once per connection. */
function sqliteStore(sqlite: SQLite.Database): SqliteStore {
  let store = sqliteStores.get(sqlite);
  if (store) return store;
  const hit = sqlite.prepare<{ key: string; now: number; expired: number }, { count: number; window_start: number }>(`
    insert into rate_limits (key, window_start, count) values (@key, @now, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= @expired then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= @expired then @now else rate_limits.window_start end
    returning count, window_start`);
  const insertRun = sqlite.prepare<RunRecord, StoredRun>(`
    insert into runs (user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, created_at)
    values (@userId, @gameId, @runId, @score, @level, @fishCount, @fishJson, @achievementsJson, @now)
    on conflict (user_id, game_id, run_id) do nothing
    returning ${RUN_COLUMNS}`);
  const upsertBest = sqlite.prepare<RunRecord, StoredBest>(`
    insert into game_stats (user_id, game_id, plays, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, last_played_at)
    values (@userId, @gameId, 1, @score, @level, @fishCount, @fishJson, @now, @now)
    on conflict (user_id, game_id) do update set ${BEST_UPDATE}
    returning ${BEST_COLUMNS}`);
  const countTotal = sqlite.prepare<RunRecord>(`
    insert into game_totals (game_id, shard, total_runs) values (@gameId, @shard, 1)
    on conflict (game_id, shard) do update set total_runs = game_totals.total_runs + 1`);
  const unlock = sqlite.prepare<{ userId: number; name: string; now: number }>(`
    insert into user_achievements (user_id, name, unlocked_at) values (@userId, @name, @now)
    on conflict (user_id, name) do nothing`);
  const readRun = sqlite.prepare<RunRecord, StoredRun>(`select ${RUN_COLUMNS} from runs where user_id = @userId and game_id = @gameId and run_id = @runId`);
  const readBest = sqlite.prepare<RunRecord, StoredBest>(`select ${BEST_COLUMNS} from game_stats where user_id = @userId and game_id = @gameId`);

  store = sqlite.transaction((record: RunRecord, limit: RunLimit): StoreResult => {
    const window = hit.get({ key: limit.key, now: record.now, expired: record.now - limit.windowMs })!;
    // Thrown inside the transaction: it rolls back, so an over-limit run changes nothing.
    if (window.count > limit.max) throw tooManyRequests(window.window_start + limit.windowMs - record.now, limit.what);
    const run = insertRun.get(record);
    if (!run) return { created: false, run: readRun.get(record)!, best: readBest.get(record)! };
    const best = upsertBest.get(record)!;
    countTotal.run(record);
    for (const name of record.unlocked) unlock.run({ userId: record.userId, name, now: record.now });
    return { created: true, run, best };
  });
  sqliteStores.set(sqlite, store);
  return store;
}

// ---- PostgreSQL ---------------------------------------------------------------------------------

/**
 * The whole run in one statement. `lim` counts the run in the player's window unless it is used up
 * (then it returns nothing and nothing else happens); `run` inserts it unless its runId is stored
 * (idempotency); `best`, `total` and `unlocked` fold it in only when `run` inserted it. Every part
 * commits or none does. Parameters: $1 user, $2 game, $3 runId, $4 score, $5 level, $6 fish count,
 * $7 fish JSON, $8 achievements JSON, $9 now, $10 rate-limit key, $11 window start before which a
 * window has ended, $12 runs allowed per window, $13 total shard, $14 achievements unlocked.
 */
const SUBMIT_RUN_SQL = `
with lim as (
  insert into rate_limits (key, window_start, count) values ($10::varchar, $9::bigint, 1)
  on conflict (key) do update set
    count = case when rate_limits.window_start <= $11::bigint then 1 else rate_limits.count + 1 end,
    window_start = case when rate_limits.window_start <= $11::bigint then excluded.window_start else rate_limits.window_start end
  where rate_limits.window_start <= $11::bigint or rate_limits.count < $12::integer
  returning 1
), run as (
  insert into runs (user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, created_at)
  select $1::integer, $2::varchar, $3::varchar, $4::bigint, $5::integer, $6::integer, $7::text, $8::text, $9::bigint from lim
  on conflict (user_id, game_id, run_id) do nothing
  returning ${RUN_COLUMNS}
), best as (
  insert into game_stats (user_id, game_id, plays, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, last_played_at)
  select $1::integer, $2::varchar, 1, $4::bigint, $5::integer, $6::integer, $7::text, $9::bigint, $9::bigint from run
  on conflict (user_id, game_id) do update set ${BEST_UPDATE}
  returning ${BEST_COLUMNS}
), total as (
  insert into game_totals (game_id, shard, total_runs) select $2::varchar, $13::integer, 1 from run
  on conflict (game_id, shard) do update set total_runs = game_totals.total_runs + 1
), unlocked as (
  insert into user_achievements (user_id, name, unlocked_at) select $1::integer, name, $9::bigint from run, unnest($14::text[]) as name
  on conflict (user_id, name) do nothing
)
select exists (select from lim) as allowed, run.*, best.* from (select) as one left join run on true left join best on true`;

const READ_RUN_SQL = `
select r.run_id, r.game_id, r.score, r.level, r.fish_count, r.created_at, ${BEST_COLUMNS}
from runs r join game_stats s on s.user_id = r.user_id and s.game_id = r.game_id
where r.user_id = $1 and r.game_id = $2 and r.run_id = $3`;

type SubmitRow = { allowed: boolean } & { [K in keyof StoredRun]: StoredRun[K] | null } & { [K in keyof StoredBest]: StoredBest[K] | null };

function split(row: StoredRun & StoredBest): { run: StoredRun; best: StoredBest } {
  const { run_id, game_id, score, level, fish_count, created_at, plays, best_score, best_level, best_fish_count, best_reached_at } = row;
  return { run: { run_id, game_id, score, level, fish_count, created_at }, best: { plays, best_score, best_level, best_fish_count, best_reached_at } };
}

async function storeOnPostgres(pool: pg.Pool, r: RunRecord, limit: RunLimit): Promise<StoreResult> {
  // Named: each connection parses and plans it once, then only binds and executes.
  const { rows } = await pool.query<SubmitRow>({
    name: 'arcade_submit_run',
    text: SUBMIT_RUN_SQL,
    values: [r.userId, r.gameId, r.runId, r.score, r.level, r.fishCount, r.fishJson, r.achievementsJson, r.now, limit.key, r.now - limit.windowMs, limit.max, r.shard, r.unlocked],
  });
  const row = rows[0]!;
  if (!row.allowed) {
    const window = await pool.query<{ window_start: number }>('select window_start from rate_limits where key = $1', [limit.key]);
    throw tooManyRequests((window.rows[0]?.window_start ?? r.now) + limit.windowMs - r.now, limit.what);
  }
  if (row.run_id !== null) return { created: true, ...split(row as StoredRun & StoredBest) };
  // A replayed runId (read afresh: the statement's snapshot may predate a concurrent first submission).
  const stored = await pool.query<StoredRun & StoredBest>({ name: 'arcade_read_run', text: READ_RUN_SQL, values: [r.userId, r.gameId, r.runId] });
  if (!stored.rows[0]) throw new Error(`run ${r.runId} was neither stored nor found`);
  return { created: false, ...split(stored.rows[0]) };
}
