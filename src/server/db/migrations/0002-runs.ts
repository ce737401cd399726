import type { Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

/** Runs, each player's best per game, the games' totals and unlocked achievements. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('runs'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('run_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('fish_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fish_json', 'text')
    .addColumn('achievements_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('runs_idempotency', ['user_id', 'game_id', 'run_id'])
    .execute();
  await db.schema.createIndex('runs_user_game').on('runs').columns(['user_id', 'game_id', 'created_at']).execute();

  await db.schema
    .createTable('game_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addColumn('best_score', 'bigint', (c) => c.notNull())
    .addColumn('best_level', 'integer')
    .addColumn('best_fish_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_fish_json', 'text')
    .addColumn('best_reached_at', 'bigint', (c) => c.notNull())
    .addColumn('last_played_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_stats_pk', ['user_id', 'game_id'])
    .execute();
  // The leaderboard order: best score, then who reached it first.
  await db.schema
    .createIndex('game_stats_rank')
    .on('game_stats')
    .columns(['game_id', 'best_score desc', 'best_reached_at', 'user_id'])
    .execute();

  await db.schema
    .createTable('game_totals')
    .addColumn('game_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('total_runs', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_achievements')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('unlocked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_achievements_pk', ['user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_achievements', 'game_totals', 'game_stats', 'runs'])
    await db.schema.dropTable(table).execute();
}
