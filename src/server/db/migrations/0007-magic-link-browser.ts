import type { Kysely } from 'kysely';

// A magic link remembers which browser asked for it (the SHA-256 of that browser's sign-in cookie),
// so opening it anywhere else asks before signing in (login CSRF). Links issued before have none:
// they ask too, for the 15 minutes they live.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('magic_links').addColumn('browser_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('magic_links').dropColumn('browser_hash').execute();
}
