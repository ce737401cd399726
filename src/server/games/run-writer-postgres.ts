// The run store's PostgreSQL writer: a batch in one prepared statement (a data-modifying CTE over
// arrays: one round trip, one commit).
import type pg from 'pg';
import { tooManyRequests } from '../shared/errors';
import { sqlText, windowEnded, windowOnConflict } from '../shared/rate-limit';
import { RUNS_LEFT, tournamentsEnteredBy } from '../tournaments/participation';
import {
  assertRetry,
  BEST_COLUMNS,
  BEST_KEYS,
  BEST_UPDATE,
  ENTRY_COLUMNS,
  ENTRY_UPDATE,
  RUN_COLUMNS,
  RUN_KEYS,
  type Outcome,
  type Pending,
  type StoredBest,
  type StoredRun,
} from './run-records';
import { ticketRefusal, type SpentTicket } from './ticket-refusals';

/**
 * A whole batch in one statement. `input` is the batch (arrays of equal length, one element per run,
 * at most one run per player); `lim` counts each run in its player's window unless it is used up
 * (then that run goes no further); `ticket` marks the unused run tickets of the allowed runs used
 * (with the body's hash), and `passed` keeps the runs without a ticket to use, whose ticket this
 * statement marked, or whose ticket already holds their very body (a retry); `run` inserts those
 * whose runId is new (idempotency); `best`,
 * `entry` (the tournaments each run enters), `total` and `unlocked` fold in only the runs `run`
 * inserted. A player-limited tournament's places (README, "Limits"): `newcomer` numbers the runs
 * of players without an entry yet in it, `seat` claims that many places on its row (the row
 * update queues two statements at once, and each sees the count the other left), and only the
 * newcomers within `max_players` enter; the run limit is the upsert's `where`. Every part commits or none does.
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
), cand as (
  select e.id as tournament_id, e.max_players, r.user_id, r.score, r.level, r.fish_count, i.fish_json, r.created_at
  from run r join input i on i.user_id = r.user_id cross join lateral (${tournamentsEnteredBy('r.game_id', 'r.created_at', 'r.verified', 'i.replay_mode')}) e
), newcomer as (
  select c.tournament_id, c.user_id, row_number() over (partition by c.tournament_id order by c.created_at, c.user_id) as place
  from cand c where c.max_players is not null
    and not exists (select 1 from tournament_entries x where x.tournament_id = c.tournament_id and x.user_id = c.user_id)
), seat as (
  update tournaments t set seats_taken = t.seats_taken + n.claims
  from (select tournament_id, count(*) as claims from newcomer group by tournament_id) n
  where t.id = n.tournament_id
  returning t.id, t.seats_taken - n.claims as before
), entry as (
  insert into tournament_entries (${ENTRY_COLUMNS})
  select c.tournament_id, c.user_id, 1, c.score, c.level, c.fish_count, c.fish_json, c.created_at, c.created_at
  from cand c left join newcomer n on n.tournament_id = c.tournament_id and n.user_id = c.user_id
    left join seat s on s.id = c.tournament_id
  where n.user_id is null or s.before + n.place <= c.max_players
  on conflict (tournament_id, user_id) do update set ${ENTRY_UPDATE} where ${RUNS_LEFT}
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

type SubmitRow = { allowed: boolean; passed: boolean } & { [K in keyof StoredRun]: StoredRun[K] | null } & {
  [K in keyof StoredBest]: StoredBest[K] | null;
};

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}

function split(row: StoredRun & StoredBest): { run: StoredRun; best: StoredBest } {
  return { run: pick(row, RUN_KEYS), best: pick(row, BEST_KEYS) };
}

export async function writeOnPostgres(pool: pg.Pool, batch: Pending[]): Promise<Outcome[]> {
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
      const window = await pool.query<{ window_start: number }>('select window_start from rate_limits where key = $1', [
        limit.key,
      ]);
      return {
        ok: false,
        error: tooManyRequests((window.rows[0]?.window_start ?? r.now) + limit.windowMs - r.now, limit.what),
      };
    }
    if (row.run_id !== null) return { ok: true, result: { created: true, ...split(row as StoredRun & StoredBest) } };
    if (!row.passed) {
      // Not this player's and game's unused ticket: gone, used (the same body is a retry), or not theirs.
      const ticket = await pool.query<SpentTicket>(
        'select user_id, game_id, body_hash from run_tickets where run_id = $1',
        [r.runId],
      );
      const refusal = ticketRefusal(ticket.rows[0], r);
      if (refusal) return { ok: false, error: refusal };
    }
    // A replayed runId (read afresh: the statement's snapshot may predate a concurrent first submission).
    const stored = await pool.query<StoredRun & StoredBest>({
      name: 'arcade_read_run',
      text: READ_RUN_SQL,
      values: [r.userId, r.gameId, r.runId],
    });
    if (!stored.rows[0]) throw new Error(`run ${r.runId} was neither stored nor found`);
    assertRetry(stored.rows[0], r);
    return { ok: true, result: { created: false, ...split(stored.rows[0]) } };
  } catch (error) {
    return { ok: false, error };
  }
}
