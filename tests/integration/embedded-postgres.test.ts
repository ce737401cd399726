import pg from 'pg';
import { describe, expect, it } from 'vitest';
import setup, { answers } from '../support/pg-global-setup';

describe('the tests on a machine without PostgreSQL', () => {
  it('start a real PostgreSQL from the npm registry when TEST_PG_ADMIN_URL does not answer', async () => {
    const before = process.env.TEST_PG_ADMIN_URL;
    process.env.TEST_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:9/postgres';
    let teardown: (() => Promise<void>) | void = undefined;
    try {
      teardown = await setup();
      const url = process.env.TEST_PG_ADMIN_URL!;
      expect(url).not.toContain(':9/');
      expect(await answers(url)).toBe(true);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('create database arcade_embedded_check');
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pg_database where datname = 'arcade_embedded_check'",
      );
      await client.end();
      expect(rows[0]!.n).toBe('1');
    } finally {
      await teardown?.();
      if (before === undefined) delete process.env.TEST_PG_ADMIN_URL;
      else process.env.TEST_PG_ADMIN_URL = before;
    }
  }, 120_000);

  it("use the machine's own PostgreSQL when it answers", async () => {
    const teardown = await setup();
    await teardown?.();
    expect(teardown).toBeUndefined();
  });
});
