import { sql, type Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// Tournaments: timed competitions of one game, the avatars they offer, each player's best inside a
// tournament's window (written by score ingestion in the same atomic write as the game best), and
// the prizes awarded once a tournament is over.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('tournaments'), dialect)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    // The window [start_at, end_at), ms since the epoch: a run counts when start_at <= its time < end_at.
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('image_filename', 'varchar(120)')
    .addColumn('first_place_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('second_to_fifth_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('random_participant_sats', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('report_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('tournaments_window', sql`end_at > start_at`)
    .addCheckConstraint(
      'tournaments_sats',
      sql`first_place_sats >= 0 and second_to_fifth_sats >= 0 and random_participant_sats >= 0`,
    )
    .execute();
  // Ingestion looks up the running tournaments of a run's game by its time.
  await db.schema
    .createIndex('tournaments_game_window')
    .on('tournaments')
    .columns(['game_id', 'end_at', 'start_at'])
    .execute();
  await db.schema.createIndex('tournaments_start').on('tournaments').column('start_at').execute();

  await db.schema
    .createTable('tournament_avatar_rewards')
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('avatar_id', 'varchar(64)', (c) => c.notNull().references('avatars.avatar_id').onDelete('cascade'))
    .addColumn('eligibility', 'varchar(12)', (c) =>
      c.notNull().check(sql`eligibility in ('first_place', 'top_3', 'top_5', 'top_10', 'all_players')`),
    )
    .addColumn('min_score', 'bigint')
    /** The order the admin listed them in. */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_avatar_rewards_pk', ['tournament_id', 'avatar_id'])
    .execute();

  // One row per tournament and player: their best run inside the window (its level and fish), when
  // they first reached it (earlier wins a tie), when they entered, and how many runs counted.
  await db.schema
    .createTable('tournament_entries')
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addColumn('best_score', 'bigint', (c) => c.notNull())
    .addColumn('best_level', 'integer')
    .addColumn('best_fish_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_fish_json', 'text')
    .addColumn('best_reached_at', 'bigint', (c) => c.notNull())
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_entries_pk', ['tournament_id', 'user_id'])
    .execute();
  await db.schema.createIndex('tournament_entries_user').on('tournament_entries').column('user_id').execute();
  // The tournament boards' change feed (as game_stats_reached is the leaderboards').
  await db.schema
    .createIndex('tournament_entries_reached')
    .on('tournament_entries')
    .column('best_reached_at')
    .execute();

  await withId(db.schema.createTable('prize_awards'), dialect)
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prize_type', 'varchar(8)', (c) => c.notNull().check(sql`prize_type in ('bitcoin', 'avatar')`))
    /** Sats for a bitcoin prize, 0 for an avatar. */
    .addColumn('prize_value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar_id', 'varchar(64)', (c) => c.references('avatars.avatar_id').onDelete('set null'))
    /** Why it was awarded: 'first_place', 'top_5', 'random_participant', an eligibility… */
    .addColumn('award_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('prize_awards_tournament')
    .on('prize_awards')
    .columns(['tournament_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prize_awards').execute();
  await db.schema.dropTable('tournament_entries').execute();
  await db.schema.dropTable('tournament_avatar_rewards').execute();
  await db.schema.dropTable('tournaments').execute();
}
