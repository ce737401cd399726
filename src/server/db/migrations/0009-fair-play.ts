import type { Kysely } from 'kysely';

// Fair play (README, "Fair play"): a run of a `replay` or `ticket` game starts with a ticket the
// server remembers (who, which game, when, the seed); the run names it by runId and uses it once.
// Runs record whether the server replayed (or a game's signed server vouched for) their result.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('run_tickets')
    .addColumn('run_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    /** Set once a run used the ticket (with the SHA-256 of that run's body, so a retry is told apart from a reuse). */
    .addColumn('used_at', 'bigint')
    .addColumn('body_hash', 'varchar(64)')
    /** Mr Quiz: the ids of the run's questions, then the answers given so far (JSON). */
    .addColumn('quiz_json', 'text')
    .execute();
  // The open tickets of a player (the per-player limit) and the expired ones (pruning).
  await db.schema
    .createIndex('run_tickets_open')
    .on('run_tickets')
    .columns(['user_id', 'game_id', 'started_at'])
    .execute();
  await db.schema.createIndex('run_tickets_started').on('run_tickets').column('started_at').execute();
  await db.schema
    .alterTable('runs')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('verified').execute();
  await db.schema.dropTable('run_tickets').execute();
}
