import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

// The games' rules versions (README, "Fair play"): from when each version of a replayed game's rules
// holds, so a run is replayed with the rules its ticket was issued under (`src/server/games/rules.ts`).
// REKT! 2 (speed and gaps go on changing past level 12, a pattern per level) holds for the tickets
// issued after every ticket this database has (0 on a fresh one): an older ticket's run, played by
// the game as it was, is replayed with the rules of version 1.

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('game_rules')
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    /** The first ticket start (ms) the version holds for. */
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_rules_pk', ['game_id', 'version'])
    .execute();
  const last = await sql<{ last: number | string | null }>`
    select max(started_at) as last from run_tickets where game_id = 'rekt'`.execute(db);
  const since = last.rows[0]?.last === null || last.rows[0]?.last === undefined ? 0 : Number(last.rows[0].last) + 1;
  await sql`insert into game_rules (game_id, version, since) values ('rekt', 2, ${since})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_rules').execute();
}
