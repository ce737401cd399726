import type { Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './index';

// The admin room: an audit log of every administrator's write (who, what, when), and the
// Lightning Address a player may give so a prize can be paid from any wallet.

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
  await db.schema.createIndex('audit_log_tournament').on('audit_log').columns(['tournament_id', 'created_at']).execute();

  await db.schema.alterTable('users').addColumn('lightning_address', 'varchar(320)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('lightning_address').execute();
  await db.schema.dropTable('audit_log').execute();
}
