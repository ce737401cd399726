import pg from 'pg';
import { describe, expect, it } from 'vitest';
import setup, { answers } from '../support/pg-global-setup';

/** The test databases' settings the global setup writes (tests/support/test-databases.ts), to put back after it. */
function keepEnv() {
  const keys = ['TEST_PG_ADMIN_URL', 'TEST_DB_RUN', 'TEST_SQLITE_TEMPLATE', 'TEST_PG_TEMPLATE'];
  const before = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  return {
    restore() {
      for (const key of keys) {
        if (before[key] === undefined) delete process.env[key];
        else process.env[key] = before[key];
      }
    },
  };
}

describe('the tests on a machine without PostgreSQL', () => {
  it('start a real PostgreSQL from the npm registry when TEST_PG_ADMIN_URL does not answer', async () => {
    const kept = keepEnv();
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
      kept.restore();
    }
  }, 120_000);

  it("use the machine's own PostgreSQL when it answers, and make the run's templates on it", async () => {
    const kept = keepEnv();
    const given = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const templateNamed = async (name: string | undefined) => {
      const client = new pg.Client({ connectionString: given });
      await client.connect();
      try {
        const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
        return rows.length === 1;
      } finally {
        await client.end();
      }
    };
    const teardown = await setup();
    try {
      // no embedded PostgreSQL: the address stays the machine's
      expect(process.env.TEST_PG_ADMIN_URL ?? given).toBe(given);
      const template = process.env.TEST_PG_TEMPLATE;
      expect(template).toMatch(/^arcade_template_[0-9a-f]+$/);
      expect(await templateNamed(template)).toBe(true);
      await teardown();
      // the teardown drops what the setup made
      expect(await templateNamed(template)).toBe(false);
    } finally {
      kept.restore();
    }
  });
});
