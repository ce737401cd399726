// Storing Game API runs: the hot path of score ingestion. Each run is one atomic unit (the player's
// rate-limit window, the run, the player's best, their entry of every tournament running for the
// game, the game's total, achievements). Runs that arrive together are written together (group
// commit): the runs that reached the store in one turn of the event loop become one batch, written
// by one prepared statement on PostgreSQL (a data-modifying CTE over arrays: one round trip, one
// commit) and by one transaction on SQLite (a savepoint per run, statements prepared once per
// connection). No run is answered before its batch committed.
import type SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type pg from 'pg';
import { sqlText, windowEnded, windowOnConflict, type Limit } from '../shared/rate-limit';
import { driverOf, type Db, type Driver } from '../db';
import type { GameStatsTable, RunsTable } from '../db/schema';
import { isForeignKeyViolation } from '../db/errors';
import { ingestBatchSize } from '../shared/metrics';
import { tournamentsEnteredBy } from '../tournaments/participation';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../shared/errors';

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

/** The answer to a second, different run on one run ticket. */
export const TICKET_REUSED = 'This run ticket was already used for another run. Start a new run for each game.';

/** The answer to a run on a ticket that is not there (never issued, dropped for a newer one, or pruned). */
export const noTicket = (gameId: string, runId: string) =>
  notFound(`There is no run ticket "${runId}". Start each run with POST /api/games/${gameId}/runs/start and submit it with the runId that returns.`);
/** The answer to a run on another player's ticket. */
export const ticketOfAnotherPlayer = () => forbidden('This run ticket belongs to another player.');
/** The answer to a run on a ticket of another game. */
export const ticketOfAnotherGame = (ticketGameId: string, gameId: string) => badRequest(`This run ticket is for ${ticketGameId}, not ${gameId}.`);

/** The answer to a run under a runId the player already used for a run with another result. */
export const RUN_ID_REUSED = 'This runId was already used for another run, with another result. Give each run its own runId (resending the very same run is fine).';

/**
 * A run whose runId is stored already: a retry when it reports the stored result (answered with
 * the stored run), otherwise a 409, so a changed result is never silently dropped.
 */
function assertRetry(stored: Pick<StoredRun, 'score' | 'level' | 'fish_count'>, record: RunRecord): void {
  if (Number(stored.score) !== record.score || (stored.level === null ? null : Number(stored.level)) !== record.level || Number(stored.fish_count) !== record.fishCount) {
    throw conflict(RUN_ID_REUSED);
  }
}

/** What the run store reads of a ticket its write could not spend. */
type SpentTicket = { user_id: number; game_id: string; body_hash: string | null };

/**
 * Why a run could not spend its ticket, read after the spending write changed nothing: there is
 * none by that id, it is another player's or game's, or it holds another body. Null when it holds
 * this very body: a retry, answered with the stored run.
 */
function ticketRefusal(ticket: SpentTicket | undefined, record: RunRecord): AppError | null {
  if (!ticket) return noTicket(record.gameId, record.runId);
  if (ticket.user_id !== record.userId) return ticketOfAnotherPlayer();
  if (ticket.game_id !== record.gameId) return ticketOfAnotherGame(ticket.game_id, record.gameId);
  return ticket.body_hash === record.ticketHash ? null : conflict(TICKET_REUSED);
}

/** The columns of a stored run the Game API answers with. */
const RUN_KEYS = ['run_id', 'game_id', 'score', 'level', 'fish_count', 'created_at', 'verified'] as const satisfies readonly (keyof RunsTable)[];
/** The columns of a player's best the Game API answers with. */
const BEST_KEYS = ['plays', 'best_score', 'best_level', 'best_fish_count', 'best_reached_at'] as const satisfies readonly (keyof GameStatsTable)[];

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
const BEST_UPDATE = `
  plays = game_stats.plays + 1,
  total_score = game_stats.total_score + excluded.total_score,
  last_played_at = case when excluded.last_played_at > game_stats.last_played_at then excluded.last_played_at else game_stats.last_played_at end,${keepBest('game_stats')}`;

/** Fold a run into the player's entry of a tournament: one more run counted, the best kept. */
const ENTRY_UPDATE = `
  runs = tournament_entries.runs + 1,${keepBest('tournament_entries')}`;

const ENTRY_COLUMNS = 'tournament_id, user_id, runs, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, entered_at';

const RUN_COLUMNS = RUN_KEYS.join(', ');
const BEST_COLUMNS = BEST_KEYS.join(', ');

/** Store a run atomically; a 429 (changing nothing) once the player's window is used up. */
export function storeRun(db: Db, record: RunRecord, limit: RunLimit): Promise<StoreResult> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new RunBatcher(db)));
  return batcher.add(record, limit);
}

// ---- Batching -----------------------------------------------------------------------------------

interface Pending {
  record: RunRecord;
  limit: RunLimit;
  resolve: (result: StoreResult) => void;
  reject: (error: unknown) => void;
}

/** What a batch writer gives back for each run, in order: a result or the error to answer with. */
type Outcome = { ok: true; result: StoreResult } | { ok: false; error: unknown };

/** PostgreSQL batches written at once (each on its own pooled connection); later runs queue meanwhile. */
const MAX_BATCHES_IN_FLIGHT = 6;
/** Runs in one batch at most. */
export const MAX_BATCH = 64;

const batchers = new WeakMap<Db, RunBatcher>();

/**
 * Collects the runs that reach the store in one turn of the event loop and writes them as one
 * batch. On PostgreSQL a batch holds at most one run per player, all with the same limit settings
 * (a statement may change a row only once); the others wait for the next batch, so every run sees
 * the ones before it.
 */
class RunBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly driver: Driver;

  constructor(private readonly db: Db) {
    this.driver = driverOf(db);
  }

  add(record: RunRecord, limit: RunLimit): Promise<StoreResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, limit, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    if (this.driver.dialect === 'sqlite') {
      const store = sqliteStore(this.driver.sqlite);
      // Each batch waits for Kysely's one connection, so no transaction of another caller is open on it.
      while (this.queue.length > 0) {
        void this.write(this.queue.splice(0, MAX_BATCH), (runs) => this.db.connection().execute(async () => store.all.immediate(runs)));
      }
      return;
    }
    const pool = this.driver.pool;
    // The rest waits for a batch to finish, then goes at once: the busier, the bigger the batches.
    while (this.inFlight < MAX_BATCHES_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.takePostgresBatch();
      this.inFlight++;
      void this.write(batch, (runs) => writeOnPostgres(pool, runs)).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  /** The oldest runs with one run per player and the first run's limit settings, in arrival order. */
  private takePostgresBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const players = new Set<number>();
    const first = this.queue[0]!.limit;
    let i = 0;
    for (; i < this.queue.length && batch.length < MAX_BATCH; i++) {
      const pending = this.queue[i]!;
      const fits = !players.has(pending.record.userId) && pending.limit.max === first.max && pending.limit.windowMs === first.windowMs;
      if (fits) {
        batch.push(pending);
        players.add(pending.record.userId);
      } else {
        rest.push(pending);
      }
    }
    this.queue = i < this.queue.length ? rest.concat(this.queue.slice(i)) : rest;
    return batch;
  }

  private async write(batch: Pending[], writer: (runs: Pending[]) => Promise<Outcome[]>): Promise<void> {
    ingestBatchSize.observe(batch.length);
    let outcomes: Outcome[];
    try {
      outcomes = await writer(batch);
    } catch (error) {
      if (batch.length === 1) {
        // The one way a well-formed run breaks a constraint: its player no longer exists (a game
        // token outliving its account for a moment). That is the token's problem, a 401.
        batch[0]!.reject(isForeignKeyViolation(error) ? unauthorized('The player of this game token no longer exists.') : error);
        return;
      }
      // The batch as a whole failed (one run's row broke a constraint, a lost connection): every
      // run is tried again on its own, so no run fails for another's sake.
      await Promise.all(batch.map((pending) => this.write([pending], writer)));
      return;
    }
    outcomes.forEach((outcome, i) => (outcome.ok ? batch[i]!.resolve(outcome.result) : batch[i]!.reject(outcome.error)));
  }
}

// ---- SQLite -------------------------------------------------------------------------------------

interface SqliteStore {
  /** One run, in a savepoint of the batch's transaction (a thrown 429 undoes only this run). */
  one: SQLite.Transaction<(record: RunRecord, limit: RunLimit) => StoreResult>;
  /** The batch: one `BEGIN IMMEDIATE … COMMIT` around a savepoint per run. */
  all: SQLite.Transaction<(runs: Pending[]) => Outcome[]>;
}
const sqliteStores = new WeakMap<SQLite.Database, SqliteStore>();

/** The run's statements, prepared once per connection. */
function sqliteStore(sqlite: SQLite.Database): SqliteStore {
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
  // The run enters (or improves the player's entry of) every tournament running for its game.
  const enterTournaments = sqlite.prepare<RunRecord>(`
    insert into tournament_entries (${ENTRY_COLUMNS})
    select e.id, @userId, 1, @score, @level, @fishCount, @fishJson, @now, @now from (${tournamentsEnteredBy('@gameId', '@now', '@verified', '@replayMode')}) e where true
    on conflict (tournament_id, user_id) do update set ${ENTRY_UPDATE}`);
  const countTotal = sqlite.prepare<{ gameId: string; shard: number; runs: number }>(`
    insert into game_totals (game_id, shard, total_runs) values (@gameId, @shard, @runs)
    on conflict (game_id, shard) do update set total_runs = game_totals.total_runs + excluded.total_runs`);
  const unlock = sqlite.prepare<{ userId: number; name: string; now: number }>(`
    insert into user_achievements (user_id, name, unlocked_at) values (@userId, @name, @now)
    on conflict (user_id, name) do nothing`);
  const useTicket = sqlite.prepare<{ runId: string; userId: number; gameId: string; now: number; hash: string }>(
    'update run_tickets set used_at = @now, body_hash = @hash where run_id = @runId and user_id = @userId and game_id = @gameId and used_at is null',
  );
  const readTicket = sqlite.prepare<{ runId: string }, SpentTicket>('select user_id, game_id, body_hash from run_tickets where run_id = @runId');
  const readRun = sqlite.prepare<RunRecord, StoredRun>(`select ${RUN_COLUMNS} from runs where user_id = @userId and game_id = @gameId and run_id = @runId`);
  const readBest = sqlite.prepare<RunRecord, StoredBest>(`select ${BEST_COLUMNS} from game_stats where user_id = @userId and game_id = @gameId`);

  const one = sqlite.transaction((record: RunRecord, limit: RunLimit): StoreResult => {
    const window = hit.get({ key: limit.key, now: record.now, windowMs: limit.windowMs })!;
    // Thrown inside the savepoint: it rolls back, so an over-limit run changes nothing.
    if (window.count > limit.max) throw tooManyRequests(window.window_start + limit.windowMs - record.now, limit.what);
    if (record.ticketHash !== null && useTicket.run({ runId: record.runId, userId: record.userId, gameId: record.gameId, now: record.now, hash: record.ticketHash }).changes === 0) {
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

// ---- PostgreSQL ---------------------------------------------------------------------------------

/**
 * A whole batch in one statement. `input` is the batch (arrays of equal length, one element per run,
 * at most one run per player); `lim` counts each run in its player's window unless it is used up
 * (then that run goes no further); `ticket` marks the unused run tickets of the allowed runs used
 * (with the body's hash), and `passed` keeps the runs without a ticket to use, whose ticket this
 * statement marked, or whose ticket already holds their very body (a retry); `run` inserts those
 * whose runId is new (idempotency); `best`,
 * `entry` (the tournaments each run enters), `total` and `unlocked` fold in only the runs `run`
 * inserted. Every part commits or none does.
 * Parameters: $1 users, $2 games, $3 runIds, $4 scores, $5 levels, $6 fish counts, $7 fish JSON,
 * $8 achievements JSON, $9 times, $10 rate-limit keys, $11 achievements unlocked (JSON arrays),
 * $12 the window's length, $13 runs allowed per window, $14 the total shard, $15 verified (0 or 1),
 * $16 whether the run's game is in `replay` fair-play mode (0 or 1), $17 the hash of the body of a
 * run on an unused ticket (else null).
 */
const SUBMIT_RUNS_SQL = `
with input as (
  select * from unnest($1::integer[], $2::varchar[], $3::varchar[], $4::bigint[], $5::integer[], $6::integer[], $7::text[], $8::text[], $9::bigint[], $10::varchar[], $11::text[], $15::integer[], $16::integer[], $17::varchar[])
    with ordinality as t(user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, now, key, unlocked, verified, replay_mode, ticket_hash, ord)
), lim as (
  insert into rate_limits (key, window_start, count) select key, now, 1 from input
  ${windowOnConflict(sqlText, '$12::bigint')}
  where ${windowEnded(sqlText, '$12::bigint')} or rate_limits.count < $13::integer
  returning key
), ticket as (
  update run_tickets t set used_at = i.now, body_hash = i.ticket_hash
  from input i join lim on lim.key = i.key
  where i.ticket_hash is not null and t.run_id = i.run_id and t.user_id = i.user_id and t.game_id = i.game_id and t.used_at is null
  returning t.run_id
), passed as (
  select i.user_id from input i join lim on lim.key = i.key
  where i.ticket_hash is null
    or exists (select 1 from ticket k where k.run_id = i.run_id)
    or exists (select 1 from run_tickets t where t.run_id = i.run_id and t.user_id = i.user_id and t.game_id = i.game_id and t.body_hash = i.ticket_hash)
), run as (
  insert into runs (user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, created_at, verified)
  select i.user_id, i.game_id, i.run_id, i.score, i.level, i.fish_count, i.fish_json, i.achievements_json, i.now, i.verified from input i join passed p on p.user_id = i.user_id
  on conflict (user_id, game_id, run_id) do nothing
  returning user_id, ${RUN_COLUMNS}
), best as (
  insert into game_stats (user_id, game_id, plays, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, last_played_at, total_score)
  select r.user_id, r.game_id, 1, r.score, r.level, r.fish_count, i.fish_json, r.created_at, r.created_at, r.score from run r join input i on i.user_id = r.user_id
  on conflict (user_id, game_id) do update set ${BEST_UPDATE}
  returning user_id, ${BEST_COLUMNS}
), entry as (
  insert into tournament_entries (${ENTRY_COLUMNS})
  select e.id, r.user_id, 1, r.score, r.level, r.fish_count, i.fish_json, r.created_at, r.created_at
  from run r join input i on i.user_id = r.user_id cross join lateral (${tournamentsEnteredBy('r.game_id', 'r.created_at', 'r.verified', 'i.replay_mode')}) e
  on conflict (tournament_id, user_id) do update set ${ENTRY_UPDATE}
), total as (
  insert into game_totals (game_id, shard, total_runs) select game_id, $14::integer, count(*) from run group by game_id
  on conflict (game_id, shard) do update set total_runs = game_totals.total_runs + excluded.total_runs
), unlocked as (
  insert into user_achievements (user_id, name, unlocked_at)
  select r.user_id, name, r.created_at from run r join input i on i.user_id = r.user_id, json_array_elements_text(i.unlocked::json) as name
  on conflict (user_id, name) do nothing
)
select lim.key is not null as allowed, p.user_id is not null as passed,
  r.run_id, r.game_id, r.score, r.level, r.fish_count, r.created_at, r.verified,
  b.plays, b.best_score, b.best_level, b.best_fish_count, b.best_reached_at
from input i left join lim on lim.key = i.key left join passed p on p.user_id = i.user_id
  left join run r on r.user_id = i.user_id left join best b on b.user_id = i.user_id
order by i.ord`;

const READ_RUN_SQL = `
select r.run_id, r.game_id, r.score, r.level, r.fish_count, r.created_at, r.verified, ${BEST_COLUMNS}
from runs r join game_stats s on s.user_id = r.user_id and s.game_id = r.game_id
where r.user_id = $1 and r.game_id = $2 and r.run_id = $3`;

type SubmitRow = { allowed: boolean; passed: boolean } & { [K in keyof StoredRun]: StoredRun[K] | null } & { [K in keyof StoredBest]: StoredBest[K] | null };

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}

function split(row: StoredRun & StoredBest): { run: StoredRun; best: StoredBest } {
  return { run: pick(row, RUN_KEYS), best: pick(row, BEST_KEYS) };
}

async function writeOnPostgres(pool: pg.Pool, batch: Pending[]): Promise<Outcome[]> {
  const runs = batch.map((p) => p.record);
  const { windowMs, max } = batch[0]!.limit;
  // Named: each connection parses and plans it once, then only binds and executes.
  const { rows } = await pool.query<SubmitRow>({
    name: 'arcade_submit_runs',
    text: SUBMIT_RUNS_SQL,
    values: [
      runs.map((r) => r.userId),
      runs.map((r) => r.gameId),
      runs.map((r) => r.runId),
      runs.map((r) => r.score),
      runs.map((r) => r.level),
      runs.map((r) => r.fishCount),
      runs.map((r) => r.fishJson),
      runs.map((r) => r.achievementsJson),
      runs.map((r) => r.now),
      batch.map((p) => p.limit.key),
      runs.map((r) => JSON.stringify(r.unlocked)),
      windowMs,
      max,
      runs[0]!.shard,
      runs.map((r) => r.verified),
      runs.map((r) => r.replayMode),
      runs.map((r) => r.ticketHash),
    ],
  });
  return Promise.all(rows.map((row, i) => outcomeOf(pool, batch[i]!, row)));
}

async function outcomeOf(pool: pg.Pool, { record: r, limit }: Pending, row: SubmitRow): Promise<Outcome> {
  try {
    if (!row.allowed) {
      const window = await pool.query<{ window_start: number }>('select window_start from rate_limits where key = $1', [limit.key]);
      return { ok: false, error: tooManyRequests((window.rows[0]?.window_start ?? r.now) + limit.windowMs - r.now, limit.what) };
    }
    if (row.run_id !== null) return { ok: true, result: { created: true, ...split(row as StoredRun & StoredBest) } };
    if (!row.passed) {
      // Not this player's and game's unused ticket: gone, used (the same body is a retry), or not theirs.
      const ticket = await pool.query<SpentTicket>('select user_id, game_id, body_hash from run_tickets where run_id = $1', [r.runId]);
      const refusal = ticketRefusal(ticket.rows[0], r);
      if (refusal) return { ok: false, error: refusal };
    }
    // A replayed runId (read afresh: the statement's snapshot may predate a concurrent first submission).
    const stored = await pool.query<StoredRun & StoredBest>({ name: 'arcade_read_run', text: READ_RUN_SQL, values: [r.userId, r.gameId, r.runId] });
    if (!stored.rows[0]) throw new Error(`run ${r.runId} was neither stored nor found`);
    assertRetry(stored.rows[0], r);
    return { ok: true, result: { created: false, ...split(stored.rows[0]) } };
  } catch (error) {
    return { ok: false, error };
  }
}
