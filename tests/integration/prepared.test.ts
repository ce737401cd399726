import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { driverOf } from '~/server/db';
import { preparedLookup, preparedRead } from '~/server/db/prepared';
import { DIALECTS, freshServices, type TestServices } from '../support/services';

describe('prepared reads', () => {
  it('refuse placeholders out of order or used twice, when they are defined', () => {
    expect(() => preparedRead('bad_order', 'select 1 where $2 = $1')).toThrow(/in order/);
    expect(() => preparedRead('bad_twice', 'select 1 where $1 = $1')).toThrow(/in order/);
  });
});

describe.each(DIALECTS)('prepared reads on %s', (dialect) => {
  let s: TestServices;
  beforeEach(async () => {
    s = await freshServices(dialect);
  });
  afterEach(async () => {
    await s.close();
  });

  const byCountry = preparedRead<{ username: string; created_at: number }>(
    'test_users_by_country',
    'select username, created_at from users where country = $1 and created_at >= $2 order by username',
  );

  it('answer with the rows of the current data, run after run, with numbers as numbers', async () => {
    await s.db
      .insertInto('users')
      .values(
        ['ana', 'bo', 'cy'].map((name, i) => ({
          username: name,
          username_key: name,
          email: `${name}@example.com`,
          country: i < 2 ? 'DE' : 'FR',
          created_at: 1_700_000_000_000 + i,
        })),
      )
      .execute();
    expect(await byCountry(s.db, ['DE', 0])).toEqual([
      { username: 'ana', created_at: 1_700_000_000_000 },
      { username: 'bo', created_at: 1_700_000_000_001 },
    ]);
    expect(await byCountry(s.db, ['DE', 1_700_000_000_001])).toEqual([
      { username: 'bo', created_at: 1_700_000_000_001 },
    ]);
    await s.db.updateTable('users').set({ country: 'DE' }).where('username', '=', 'cy').execute();
    expect((await byCountry(s.db, ['DE', 0])).map((r) => r.username)).toEqual(['ana', 'bo', 'cy']);
    expect(await byCountry(s.db, ['JP', 0])).toEqual([]);
  });

  it('never read inside a transaction another caller has open', async () => {
    const row = { username: 'dee', username_key: 'dee', email: 'dee@example.com', country: 'NL', created_at: 1 };
    let midway: Promise<unknown> | undefined;
    const rolledBack = s.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(row).execute();
      // Asked while the row exists only inside this transaction, which then rolls back.
      midway = byCountry(s.db, ['NL', 0]);
      await new Promise((r) => setTimeout(r, 30));
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await midway).toEqual([]);
    await s.db.insertInto('users').values(row).execute();
    expect(await byCountry(s.db, ['NL', 0])).toEqual([{ username: 'dee', created_at: 1 }]);
  });

  const byEmail = preparedLookup<{ email: string; username: string }>(
    'test_user_by_email',
    'select email, username from users where email = $1',
    'select email, username from users where email = any($1::text[])',
    (row) => row.email,
  );

  it('lookups answer each key with its row or nothing; on PostgreSQL those of one turn share one query', async () => {
    await s.db
      .insertInto('users')
      .values(
        ['eve', 'fay'].map((name) => ({
          username: name,
          username_key: name,
          email: `${name}@example.com`,
          country: 'DE',
          created_at: 1,
        })),
      )
      .execute();
    const driver = driverOf(s.db);
    let queries = 0;
    if (driver.dialect === 'postgres') {
      const query = driver.pool.query.bind(driver.pool);
      driver.pool.query = ((...args: Parameters<typeof query>) => {
        queries++;
        return query(...args);
      }) as typeof driver.pool.query;
    }
    const keys = ['eve@example.com', 'nobody@example.com', 'fay@example.com', 'eve@example.com'];
    expect(await Promise.all(keys.map((key) => byEmail(s.db, key)))).toEqual([
      { email: 'eve@example.com', username: 'eve' },
      undefined,
      { email: 'fay@example.com', username: 'fay' },
      { email: 'eve@example.com', username: 'eve' },
    ]);
    if (driver.dialect === 'postgres') expect(queries).toBe(1);
    // The next turn reads afresh.
    await s.db.updateTable('users').set({ username: 'eva' }).where('username', '=', 'eve').execute();
    expect(await byEmail(s.db, 'eve@example.com')).toEqual({ email: 'eve@example.com', username: 'eva' });
  });
});
