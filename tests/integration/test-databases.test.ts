// The tests' own databases (tests/support/test-databases.ts): a PostgreSQL database handed to a
// second test is exactly what the migrations left, whatever the first test wrote to it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '~/server/db/migrations';
import { addPlayer, freshServices, type TestServices } from '../support/services';

/** Every table's rows (in a fixed order) and every sequence's place, as PostgreSQL reports them. */
async function contents(s: TestServices): Promise<Record<string, unknown>> {
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(s.db);
  const out: Record<string, unknown> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{ rows: unknown }>`
      select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${sql.table(name)} as t`.execute(s.db);
    out[name] = rows.rows[0]!.rows;
  }
  const sequences = await sql<{ name: string; last: string | null }>`
    select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by 1`.execute(
    s.db,
  );
  out['(sequences)'] = sequences.rows;
  return out;
}

describe('the tests’ PostgreSQL databases', () => {
  it('a database given back is handed out again as migrated: rows written, seeded rows changed and ids taken are undone', async () => {
    const first = await freshServices('postgres');
    const before = await contents(first);
    // the migrations seed the avatar collection: the reset must bring a changed one back
    expect((before.avatars as unknown[]).length).toBeGreaterThan(0);
    const firstId = await addPlayer(first.db, 'Reset_Probe_One');
    await addPlayer(first.db, 'Reset_Probe_Two');
    await sql`delete from avatars`.execute(first.db);
    const url = first.config.databaseUrl;
    await first.close();

    const second = await freshServices('postgres');
    try {
      expect(second.config.databaseUrl).toBe(url);
      expect(await contents(second)).toEqual(before);
      // the id sequence starts where a new database starts
      expect(await addPlayer(second.db, 'Reset_Probe_Three')).toBe(firstId);

      // a test holding two databases at once gets a second one
      const third = await freshServices('postgres');
      try {
        expect(third.config.databaseUrl).not.toBe(url);
        expect(await contents(third)).toEqual(before);
      } finally {
        await third.close();
      }
    } finally {
      await second.close();
    }
  });

  it('a SQLite test gets a file of its own, migrated to the latest migration', async () => {
    const a = await freshServices('sqlite');
    const b = await freshServices('sqlite');
    try {
      expect(a.config.dataDir).not.toBe(b.config.dataDir);
      const applied = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(a.db);
      expect(Number(applied.rows[0]!.n)).toBe(Object.keys(migrations('sqlite')).length);
      await addPlayer(a.db, 'Only_In_A');
      const inB = await b.db.selectFrom('users').select('id').execute();
      expect(inB).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
