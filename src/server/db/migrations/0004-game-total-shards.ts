import { sql, type Kysely } from 'kysely';

// A game's total is split over rows (shards), summed on read, so concurrent runs do not all queue
// on one row's lock in PostgreSQL. The table is rebuilt (SQLite cannot change a primary key); each
// existing total becomes shard 0 of its game.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_totals_sharded')
    .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_runs', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_totals_shard_pk', ['game_id', 'shard'])
    .execute();
  await sql`insert into game_totals_sharded (game_id, shard, total_runs) select game_id, 0, total_runs from game_totals`.execute(
    db,
  );
  await db.schema.dropTable('game_totals').execute();
  await db.schema.alterTable('game_totals_sharded').renameTo('game_totals').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_totals_single')
    .addColumn('game_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('total_runs', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into game_totals_single (game_id, total_runs) select game_id, sum(total_runs) from game_totals group by game_id`.execute(
    db,
  );
  await db.schema.dropTable('game_totals').execute();
  await db.schema.alterTable('game_totals_single').renameTo('game_totals').execute();
}
