import type { Kysely } from 'kysely';

// Keeping the arcade clean (README, "Player management"): banned and deleted accounts, and hidden
// runs. A player is on the boards only while neither banned nor deleted; a run counts only while
// not hidden. `standing_changed_at` is the leaderboards' change feed for bans, unbans and
// deletions, as `country_changed_at` is for countries: other processes see it within a second.

export async function up(db: Kysely<unknown>): Promise<void> {
  /** When an administrator banned the player (ms), or null. */
  await db.schema.alterTable('users').addColumn('banned_at', 'bigint').execute();
  /** Why, as the administrator wrote it (shown to admins, never to other players). */
  await db.schema.alterTable('users').addColumn('ban_reason', 'varchar(500)').execute();
  /** When the account was deleted (ms): the row stays, anonymised, so past results add up. */
  await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
  /** When a ban, an unban or a deletion last changed whether the player is on the boards (ms). */
  await db.schema.alterTable('users').addColumn('standing_changed_at', 'bigint').execute();
  await db.schema.createIndex('users_standing_changed').on('users').column('standing_changed_at').execute();

  /** When an administrator hid the run from every board (ms), or null; kept for the record. */
  await db.schema.alterTable('runs').addColumn('hidden_at', 'bigint').execute();
  await db.schema.alterTable('runs').addColumn('hidden_reason', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('hidden_reason').execute();
  await db.schema.alterTable('runs').dropColumn('hidden_at').execute();
  await db.schema.dropIndex('users_standing_changed').execute();
  for (const column of ['standing_changed_at', 'deleted_at', 'ban_reason', 'banned_at'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
