import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// A session gets a public reference besides its secret: game tokens carry it, so a token can be
// checked against the session it came from (signed out: refused) without ever holding the session
// secret or its stored hash. Sessions that already exist get one here.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ref', 'varchar(43)').execute();
  const { rows } = await sql<{ id_hash: string }>`select id_hash from sessions`.execute(db);
  for (const row of rows)
    await sql`update sessions set ref = ${randomBytes(16).toString('base64url')} where id_hash = ${row.id_hash}`.execute(
      db,
    );
  await db.schema.createIndex('sessions_ref').on('sessions').column('ref').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_ref').execute();
  await db.schema.alterTable('sessions').dropColumn('ref').execute();
}
