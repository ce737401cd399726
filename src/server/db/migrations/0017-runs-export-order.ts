import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';

// The data download reads a player's runs page by page, game by game, in (time, id) order
// (README, "Your data"). On PostgreSQL the index `runs_user_game` (user, game, time) left the id to
// a sort, and without fresh statistics the planner sorted all of a player's runs for every page;
// this index holds the whole order, so each page is one short range, whatever the statistics say,
// and it serves every query the old one did. SQLite needs nothing: its index ends with the rowid,
// which is the id.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema
    .createIndex('runs_user_game_time')
    .on('runs')
    .columns(['user_id', 'game_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('runs_user_game').execute();
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema.createIndex('runs_user_game').on('runs').columns(['user_id', 'game_id', 'created_at']).execute();
  await db.schema.dropIndex('runs_user_game_time').execute();
}
