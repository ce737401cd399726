import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The arcade's migrations, in order. A static map (not a folder scan) so they survive bundling.
 * Each one is written with the portable schema builder; `dialect` covers the one difference that
 * matters here, auto-incrementing ids.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const id = (table: any) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : table.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());

  return {
    '0001_accounts': {
      async up(db: Kysely<any>) {
        await id(db.schema.createTable('users'))
          .addColumn('username', 'varchar(20)', (c: any) => c.notNull())
          .addColumn('username_key', 'varchar(20)', (c: any) => c.notNull().unique())
          .addColumn('email', 'varchar(254)', (c: any) => c.notNull().unique())
          .addColumn('country', 'varchar(2)', (c: any) => c.notNull().defaultTo('XX'))
          .addColumn('created_at', 'bigint', (c: any) => c.notNull())
          .addColumn('last_seen_at', 'bigint')
          .execute();

        await id(db.schema.createTable('magic_links'))
          .addColumn('token_hash', 'varchar(64)', (c: any) => c.notNull().unique())
          .addColumn('code_hash', 'varchar(64)', (c: any) => c.notNull())
          .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('email', 'varchar(254)', (c: any) => c.notNull())
          .addColumn('created_at', 'bigint', (c: any) => c.notNull())
          .addColumn('expires_at', 'bigint', (c: any) => c.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('code_attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('magic_links_email').on('magic_links').columns(['email', 'expires_at']).execute();

        await db.schema
          .createTable('sessions')
          .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
          .addColumn('window_start', 'bigint', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        for (const table of ['rate_limits', 'sessions', 'magic_links', 'users']) await db.schema.dropTable(table).execute();
      },
    },
    '0002_runs': {
      async up(db: Kysely<any>) {
        await id(db.schema.createTable('runs'))
          .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('game_id', 'varchar(40)', (c: any) => c.notNull())
          .addColumn('run_id', 'varchar(100)', (c: any) => c.notNull())
          .addColumn('score', 'bigint', (c: any) => c.notNull())
          .addColumn('level', 'integer')
          .addColumn('fish_count', 'integer', (c: any) => c.notNull().defaultTo(0))
          .addColumn('fish_json', 'text')
          .addColumn('achievements_json', 'text')
          .addColumn('created_at', 'bigint', (c: any) => c.notNull())
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
        await db.schema.createIndex('game_stats_rank').on('game_stats').columns(['game_id', 'best_score desc', 'best_reached_at', 'user_id']).execute();

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
      },
      async down(db: Kysely<any>) {
        for (const table of ['user_achievements', 'game_totals', 'game_stats', 'runs']) await db.schema.dropTable(table).execute();
      },
    },
    '0003_leaderboards': {
      // The leaderboards keep their order in memory and follow the database through two change
      // feeds: bests reached since a time, and players who changed country since a time.
      async up(db: Kysely<any>) {
        await db.schema.createIndex('game_stats_reached').on('game_stats').column('best_reached_at').execute();
        await db.schema.alterTable('users').addColumn('country_changed_at', 'bigint').execute();
        await db.schema.createIndex('users_country_changed').on('users').column('country_changed_at').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropIndex('users_country_changed').execute();
        await db.schema.alterTable('users').dropColumn('country_changed_at').execute();
        await db.schema.dropIndex('game_stats_reached').execute();
      },
    },
    '0004_game_total_shards': {
      // A game's total is split over rows (shards), summed on read, so concurrent runs do not all
      // queue on one row's lock in PostgreSQL. The table is rebuilt (SQLite cannot change a
      // primary key); each existing total becomes shard 0 of its game.
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('game_totals_sharded')
          .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
          .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('total_runs', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('game_totals_shard_pk', ['game_id', 'shard'])
          .execute();
        await db
          .insertInto('game_totals_sharded')
          .columns(['game_id', 'shard', 'total_runs'])
          .expression((eb: any) => eb.selectFrom('game_totals').select(['game_id', eb.lit(0).as('shard'), 'total_runs']))
          .execute();
        await db.schema.dropTable('game_totals').execute();
        await db.schema.alterTable('game_totals_sharded').renameTo('game_totals').execute();
      },
      async down(db: Kysely<any>) {
        await db.schema
          .createTable('game_totals_single')
          .addColumn('game_id', 'varchar(40)', (c) => c.primaryKey())
          .addColumn('total_runs', 'bigint', (c) => c.notNull())
          .execute();
        await db
          .insertInto('game_totals_single')
          .columns(['game_id', 'total_runs'])
          .expression((eb: any) => eb.selectFrom('game_totals').select(['game_id', eb.fn.sum('total_runs').as('total_runs')]).groupBy('game_id'))
          .execute();
        await db.schema.dropTable('game_totals').execute();
        await db.schema.alterTable('game_totals_single').renameTo('game_totals').execute();
      },
    },
  };
}
