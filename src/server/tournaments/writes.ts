import { sql, type Transaction } from 'kysely';
import type { AvatarRewardInput } from '~/lib/schemas/tournament-input';
import { driverOf, type Db } from '../db';
import type { Database } from '../db/schema';
import { countsInTournaments } from './participation';

// The writes an admin change of a tournament makes, a single tournament's (tournaments.ts) and a
// series' (series.ts) alike: in one transaction ({@link adminWrite}), its avatar rewards replaced,
// its entries rebuilt from the runs inside its window and its places taken recounted.

export type Tx = Transaction<Database>;

/** Replace a tournament's avatar rewards with `rewards`, in their order. */
export async function writeAvatarRewards(
  trx: Tx,
  tournamentId: number,
  form: { rewards: { avatarRewards: AvatarRewardInput[] } },
): Promise<void> {
  await trx.deleteFrom('tournament_avatar_rewards').where('tournament_id', '=', tournamentId).execute();
  if (form.rewards.avatarRewards.length === 0) return;
  await trx
    .insertInto('tournament_avatar_rewards')
    .values(
      form.rewards.avatarRewards.map((a, position) => ({
        tournament_id: tournamentId,
        avatar_id: a.avatarId,
        eligibility: a.eligibility,
        min_score: a.minScore ?? null,
        position,
      })),
    )
    .execute();
}

/** No limit, in the rebuild's comparisons. */
const UNLIMITED = 2_147_483_647;

/**
 * Rebuild a tournament's entries from the runs of its game inside its window: each player's best
 * run (earliest first among equal scores), how many runs counted and when they entered; for a game
 * in `replay` fair-play mode only its verified runs (the entry rule's fair-play half,
 * {@link countsInTournaments}); never a hidden run (README, "Player management"). Its limits (README, "Limits"): only each player's first `max_runs`
 * runs count, and only the first `max_players` players (by their first counted run) enter. Used
 * when a tournament is created (its window may lie in the past) or its window, game or limits
 * change, inside {@link adminWrite}'s transaction; it also resets the places PostgreSQL's run
 * writer claims to the entries' count.
 */
export async function rebuildEntries(
  trx: Tx,
  t: {
    id: number;
    game_id: string;
    start_at: number;
    end_at: number;
    replayMode: boolean;
    max_players: number | null;
    max_runs: number | null;
  },
): Promise<void> {
  await trx.deleteFrom('tournament_entries').where('tournament_id', '=', t.id).execute();
  // Layers, inside out: the runs that count for it (numbered by time, for the run limit), each
  // player's best of their first max_runs, the players in order of arrival (for the player limit).
  await sql`
    insert into tournament_entries (tournament_id, user_id, runs, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, entered_at)
    select ${t.id}, user_id, runs, score, level, fish_count, fish_json, created_at, entered_at from (
      select best.*, row_number() over (order by entered_at, user_id) as arrival from (
        select user_id, score, level, fish_count, fish_json, created_at,
          row_number() over (partition by user_id order by score desc, created_at, id) as place,
          count(*) over (partition by user_id) as runs,
          min(created_at) over (partition by user_id) as entered_at
        from (
          select id, user_id, score, level, fish_count, fish_json, created_at,
            row_number() over (partition by user_id order by created_at, id) as nth
          from runs where game_id = ${t.game_id} and created_at >= ${t.start_at} and created_at < ${t.end_at}
            and hidden_at is null and ${sql.raw(countsInTournaments('verified', t.replayMode ? '1' : '0'))}
            and user_id not in (select id from users where deleted_at is not null)
        ) counted where nth <= ${t.max_runs ?? UNLIMITED}
      ) best where place = 1
    ) arrived where arrival <= ${t.max_players ?? UNLIMITED}`.execute(trx);
  await recountSeats(trx, t.id);
}

/**
 * Set a tournament's places taken (`seats_taken`, what PostgreSQL's run writer claims against its
 * player limit) to its entries, after entries were rebuilt or removed (an account deleted).
 */
export async function recountSeats(trx: Tx, tournamentId: number): Promise<void> {
  await trx
    .updateTable('tournaments')
    .set((eb) => ({
      seats_taken: eb
        .selectFrom('tournament_entries')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('tournament_id', '=', tournamentId),
    }))
    .where('id', '=', tournamentId)
    .execute();
}

/**
 * An admin change of a tournament, in one transaction. On PostgreSQL it first locks the runs table
 * against new runs (waiting for runs being written): no run lands between an entries rebuild and the
 * new window, and none is lost. SQLite writes one transaction at a time anyway (each begins as a
 * writer, `db/index.ts`, so a second process waits its turn and then reads what the first wrote).
 */
export function adminWrite<T>(db: Db, write: (trx: Tx) => Promise<T>): Promise<T> {
  const { dialect } = driverOf(db);
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`lock table runs in share mode`.execute(trx);
    return write(trx);
  });
}
