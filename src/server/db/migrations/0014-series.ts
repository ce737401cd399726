import { sql, type Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// Tournaments that repeat and tournaments with limits (README, "Tournaments that run themselves").
// A series is a schedule (daily, weekly or monthly from its first start, until a date or a number
// of times) and the template of its next tournament; the arcade creates each next one ahead of
// time (`src/server/tournaments/series.ts`), numbered: the key (series_id, series_number) lets
// one process only create number n. Limits: at most N players (first come) and K runs per player.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('tournament_series'), dialect)
    /** The series' name: its tournaments are called "{name} #{number}". */
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cadence', 'varchar(8)', (c) => c.notNull().check(sql`cadence in ('daily', 'weekly', 'monthly')`))
    /** Tournament n starts at first_start_at plus n - 1 days, weeks or months (UTC; a month's day clamped to its last). */
    .addColumn('first_start_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull())
    /** No tournament ending after it (ms), or null. */
    .addColumn('until_at', 'bigint')
    /** How many tournaments in all, or null. */
    .addColumn('times', 'integer')
    /** The highest number created so far: only the update from n to n + 1 creates number n + 1. */
    .addColumn('last_number', 'integer', (c) => c.notNull())
    /** When an administrator stopped it ("this and the following"), or null. */
    .addColumn('stopped_at', 'bigint')
    // The template of the next tournament: what an edit of a series tournament changes.
    .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_filename', 'varchar(120)')
    .addColumn('first_place_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('second_to_fifth_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('random_participant_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    /** The avatar rewards as the form sends them: [{avatarId, eligibility, minScore}]. */
    .addColumn('avatar_rewards_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('process_when_ended', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_players', 'integer')
    .addColumn('max_runs', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // No foreign key (a series row is never deleted, and SQLite cannot drop a referencing column).
  await db.schema.alterTable('tournaments').addColumn('series_id', 'integer').execute();
  await db.schema.alterTable('tournaments').addColumn('series_number', 'integer').execute();
  /** At most this many players (first come), or null. */
  await db.schema.alterTable('tournaments').addColumn('max_players', 'integer').execute();
  /** Only each player's first this many runs inside the window count, or null. */
  await db.schema.alterTable('tournaments').addColumn('max_runs', 'integer').execute();
  /**
   * PostgreSQL's run writer claims places of a player-limited tournament here (a row update, so
   * two runs at once queue); an entries rebuild sets it to the entries' count.
   */
  await db.schema
    .alterTable('tournaments')
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Number n of a series exists once (nulls, tournaments of no series, never collide).
  await db.schema
    .createIndex('tournaments_series_number')
    .on('tournaments')
    .columns(['series_id', 'series_number'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tournaments_series_number').execute();
  for (const column of ['seats_taken', 'max_runs', 'max_players', 'series_number', 'series_id'])
    await db.schema.alterTable('tournaments').dropColumn(column).execute();
  await db.schema.dropTable('tournament_series').execute();
}
