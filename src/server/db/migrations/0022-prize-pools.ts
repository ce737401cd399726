import type { Kysely } from 'kysely';

// Prize pools the community fills (notes/pools.md): sats given to a tournament's pool are added to
// its winners' bitcoin prizes by the rule its administrator chose, decided once when the winners are
// processed; each earmarked donation records where its sats went.

export async function up(db: Kysely<unknown>): Promise<void> {
  /** How the sats given to the pool grow the winners' prizes: 'proportional' or 'first_place'. */
  for (const table of ['tournaments', 'tournament_series'])
    await db.schema
      .alterTable(table)
      .addColumn('pool_rule', 'text', (c) => c.notNull().defaultTo('proportional'))
      .execute();
  /**
   * Where an earmarked donation's sats went, set once by the processing of the tournament's winners:
   * 'prizes' (added to its winners' prizes) or 'general' (no winner to add them to: the arcade's
   * general fund). Null: not decided yet, or (once the winners were processed) credited after it, so
   * the general fund's too.
   */
  await db.schema.alterTable('donations').addColumn('pool_outcome', 'text').execute();
  await db.schema.createIndex('donations_tournament').on('donations').columns(['tournament_id', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('donations_tournament').execute();
  await db.schema.alterTable('donations').dropColumn('pool_outcome').execute();
  for (const table of ['tournaments', 'tournament_series'])
    await db.schema.alterTable(table).dropColumn('pool_rule').execute();
}
