import type { Kysely } from 'kysely';

// The leaderboards keep their order in memory and follow the database through two change feeds:
// bests reached since a time, and players who changed country since a time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('game_stats_reached').on('game_stats').column('best_reached_at').execute();
  await db.schema.alterTable('users').addColumn('country_changed_at', 'bigint').execute();
  await db.schema.createIndex('users_country_changed').on('users').column('country_changed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_country_changed').execute();
  await db.schema.alterTable('users').dropColumn('country_changed_at').execute();
  await db.schema.dropIndex('game_stats_reached').execute();
}
