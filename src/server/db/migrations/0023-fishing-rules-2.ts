import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

// Fishing for Sats! rules version 2 (README, "Fair play"; `games/fishing-for-sats/game.js`): each
// fish its own sweet band and pull pattern. It holds for the tickets issued after every fishing
// ticket this database has (0 on a fresh one): an older ticket's trip, played by the game as it was,
// is replayed with the rules of version 1 (`src/server/games/rules.ts`).

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const last = await sql<{ last: number | string | null }>`
    select max(started_at) as last from run_tickets where game_id = 'fishing-for-sats'`.execute(db);
  const since = last.rows[0]?.last === null || last.rows[0]?.last === undefined ? 0 : Number(last.rows[0].last) + 1;
  await sql`insert into game_rules (game_id, version, since) values ('fishing-for-sats', 2, ${since})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from game_rules where game_id = 'fishing-for-sats' and version = 2`.execute(db);
}
