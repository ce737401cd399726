import { sql, type Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// The admin room: an audit log of every administrator's write (who, what, when), and the
// Lightning Address a player may give so a prize can be paid from any wallet; processing winners
// once per tournament (with its random draw) and each prize award once, sent once with its proof.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('audit_log'), dialect)
    // The administrator; kept (null) if their account is ever deleted, so the record stays.
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** Their username at the time, so the log reads the same after a rename or a deletion. */
    .addColumn('actor_name', 'varchar(40)', (c) => c.notNull())
    /** What was done, e.g. `avatar.create`, `prize.distribute`. */
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    /** What it was done to, e.g. `avatar`, `tournament`, `prize`, `upload`. */
    .addColumn('target_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(200)')
    /** The tournament concerned, if any (the winners page shows its log). */
    .addColumn('tournament_id', 'integer')
    /** JSON: what changed (ids, values, counts, a payment proof). */
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema
    .createIndex('audit_log_tournament')
    .on('audit_log')
    .columns(['tournament_id', 'created_at'])
    .execute();

  await db.schema.alterTable('users').addColumn('lightning_address', 'varchar(320)').execute();

  // Processing winners, once per tournament: the row's primary key makes two presses at once
  // process once, and it keeps the random draw (who, out of how many).
  await db.schema
    .createTable('tournament_processing')
    .addColumn('tournament_id', 'integer', (c) => c.primaryKey().references('tournaments.id').onDelete('cascade'))
    .addColumn('processed_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** The participant the random draw chose (crypto.randomInt), or null when nobody took part. */
    .addColumn('random_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** How many participants the draw chose from. */
    .addColumn('random_candidates', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Each award once: a player gets one place prize, one random prize and each avatar once per
  // tournament (award_key 'place', 'random' or the avatar's id), however often or concurrently
  // winners are processed. Sending records who sent it and the payment's proof.
  await db.schema
    .alterTable('prize_awards')
    .addColumn('award_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update prize_awards set award_key = 'legacy-' || cast(id as varchar(20))`.execute(db);
  await db.schema
    .createIndex('prize_awards_once')
    .on('prize_awards')
    .columns(['tournament_id', 'user_id', 'prize_type', 'award_key'])
    .unique()
    .execute();
  await db.schema
    .alterTable('prize_awards')
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  /** A Lightning payment hash or a note. */
  await db.schema.alterTable('prize_awards').addColumn('payment_proof', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('prize_awards').dropColumn('payment_proof').execute();
  await db.schema.alterTable('prize_awards').dropColumn('sent_by').execute();
  await db.schema.dropIndex('prize_awards_once').execute();
  await db.schema.alterTable('prize_awards').dropColumn('award_key').execute();
  await db.schema.dropTable('tournament_processing').execute();
  await db.schema.alterTable('users').dropColumn('lightning_address').execute();
  await db.schema.dropTable('audit_log').execute();
}
