import type { Kysely } from 'kysely';
import { withId } from './columns';
import type { Dialect } from './dialect';

// New-game announcements (README, "New-game mails"): an administrator announces a game once, and
// every player who asked for it (users.notify_new_games_at) gets one mail. The mails wait in a queue
// table, one row per announcement and player, which any process of the arcade drains at a bounded
// rate; a row is claimed atomically before its mail goes out, so no mail goes out twice, across
// restarts and processes alike.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('game_announcements'), dialect)
    /** The catalogue game announced; each game is announced once. */
    .addColumn('game_id', 'text', (c) => c.notNull().unique())
    .addColumn('announced_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('announcement_mails')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('game_announcements.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** When a process took the mail to send it (ms), or null: waiting. */
    .addColumn('claimed_at', 'bigint')
    /** When the mail server accepted it (ms), or null. */
    .addColumn('sent_at', 'bigint')
    /** Deliveries the mail server refused so far. */
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** When the mail was given up (refused too often, or its sender stopped mid-send), or null. */
    .addColumn('given_up_at', 'bigint')
    .addPrimaryKeyConstraint('announcement_mails_pk', ['announcement_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('announcement_mails_waiting')
    .on('announcement_mails')
    .columns(['claimed_at', 'announcement_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcement_mails').execute();
  await db.schema.dropTable('game_announcements').execute();
}
