import type { Kysely } from 'kysely';

// Winners processed when a tournament ends (README, "Tournaments that run themselves"): a
// tournament may ask for it; the arcade then processes its winners within a minute after its end,
// once, in whichever process gets there first (the processing row's key decides).

export async function up(db: Kysely<unknown>): Promise<void> {
  /** 1: process the winners when it ends; 0: an administrator does (Process Winners). */
  await db.schema
    .alterTable('tournaments')
    .addColumn('process_when_ended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The sweep asks for tournaments that ended and asked for it.
  await db.schema
    .createIndex('tournaments_process_when_ended')
    .on('tournaments')
    .columns(['process_when_ended', 'end_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tournaments_process_when_ended').execute();
  await db.schema.alterTable('tournaments').dropColumn('process_when_ended').execute();
}
