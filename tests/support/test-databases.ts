// Databases for the integration tests, made fast without giving up a fresh database per test.
//
// Migrating a database takes the 21 migrations' DDL, and creating and dropping a PostgreSQL
// database costs a second or more each on a loaded machine: the suite did that 220 times a run.
// Now the global setup migrates one template of each kind (`prepareTemplates`): a SQLite file that
// every test copies, and a PostgreSQL database that each test file copies once (CREATE DATABASE ...
// TEMPLATE) and then gets back, for every test, exactly as migrated: every row the tests wrote is
// deleted, the rows the migrations seeded are written again and every sequence is set back
// (`resetToMigrated`). A test that holds two databases at once gets a second copy.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '~/server/db';
import { newDataDir, SQLITE_TEMPLATE_ENV } from './server';

const ENV_RUN = 'TEST_DB_RUN';
const ENV_PG = 'TEST_PG_TEMPLATE';

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Vitest's global setup: migrate a SQLite template file and a PostgreSQL template database for
 * this run, and name them to the test workers in the environment. Returns how to remove them and
 * every database copied from the PostgreSQL one.
 */
export async function prepareTemplates(adminUrl: string): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'sats-arcade-template-'));
  const sqlite = openDatabase(undefined, dir);
  await migrateToLatest(sqlite);
  await sqlite.db.destroy();

  const template = `arcade_template_${run}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  const handle = openDatabase(withDatabase(adminUrl, template), dir);
  await migrateToLatest(handle);
  await handle.db.destroy();

  process.env[ENV_RUN] = run;
  process.env[SQLITE_TEMPLATE_ENV] = join(dir, 'arcade.db');
  process.env[ENV_PG] = template;
  return async () => {
    const { rows } = await adminQuery(
      adminUrl,
      `SELECT datname FROM pg_database WHERE datname LIKE 'arcade_copy_${run}_%' OR datname = '${template}'`,
    );
    for (const { datname } of rows as { datname: string }[])
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A new data directory holding a migrated SQLite file (`arcade.db`), copied from the run's template. */
export function migratedSqliteDir(): string {
  return newDataDir('sats-arcade-it-');
}

/** The run's migrated PostgreSQL template, when the global setup made one. */
export function migratedTemplateName(): string | undefined {
  return process.env[ENV_PG];
}

/** What a copy of the template holds before any test writes: the seeded rows and every sequence's place. */
interface Migrated {
  tables: string[];
  /** The rows of each table the migrations wrote to, as PostgreSQL's own JSON (every type round-trips). */
  seeded: { table: string; rows: string }[];
  sequences: { name: string; last: string; called: boolean }[];
}

interface Copy {
  name: string;
  url: string;
  busy: boolean;
  migrated: Migrated;
}

/** This test file's copies of the template (a test file runs in a process of its own). */
const copies: Copy[] = [];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readMigrated(client: pg.Client): Promise<Migrated> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely\\_%' ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  const seeded: Migrated['seeded'] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${quote(table)} AS t`,
    );
    if (rows[0]?.rows) seeded.push({ table, rows: rows[0].rows });
  }
  const sequences = (
    await client.query<{ name: string; last: string; called: boolean }>(
      `SELECT schemaname || '.' || sequencename AS name, COALESCE(last_value, start_value)::text AS last,
              last_value IS NOT NULL AS called
         FROM pg_sequences WHERE schemaname = 'public'`,
    )
  ).rows;
  return { tables, seeded, sequences };
}

/**
 * Put a copy back as the migrations left it. Connections a test left open are ended first; the
 * foreign keys' triggers are off for the transaction (session_replication_role, the tests' admin
 * is a superuser) so the tables empty in any order.
 */
async function resetToMigrated(copy: Copy, adminUrl: string): Promise<void> {
  await adminQuery(
    adminUrl,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${copy.name}' AND pid <> pg_backend_pid()`,
  );
  const client = new pg.Client({ connectionString: copy.url });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    for (const table of copy.migrated.tables) await client.query(`DELETE FROM ${quote(table)}`);
    for (const { table, rows } of copy.migrated.seeded)
      await client.query(
        `INSERT INTO ${quote(table)} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
        [rows],
      );
    for (const { name, last, called } of copy.migrated.sequences)
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [name, last, called]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function newCopy(adminUrl: string): Promise<Copy> {
  const template = process.env[ENV_PG];
  const name = `arcade_copy_${process.env[ENV_RUN] ?? 'x'}_${randomBytes(5).toString('hex')}`;
  if (!template) {
    // No global setup (a test file run on its own through another config): migrate the copy here.
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const handle = openDatabase(withDatabase(adminUrl, name), tmpdir());
    await migrateToLatest(handle);
    await handle.db.destroy();
  } else {
    for (let attempt = 1; ; attempt++) {
      try {
        await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // another worker copying the same template at this moment
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
  }
  const url = withDatabase(adminUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return { name, url, busy: false, migrated: await readMigrated(client) };
  } finally {
    await client.end();
  }
}

/**
 * A migrated PostgreSQL database no other test is using, as the migrations left it; `release`
 * gives it back once the test has closed its connections.
 */
export async function migratedPgDatabase(adminUrl: string): Promise<{ url: string; release: () => void }> {
  let copy = copies.find((c) => !c.busy);
  if (copy) {
    copy.busy = true;
    await resetToMigrated(copy, adminUrl).catch((error: unknown) => {
      copy!.busy = false;
      throw error;
    });
  } else {
    copy = await newCopy(adminUrl);
    copy.busy = true;
    copies.push(copy);
  }
  const taken = copy;
  return { url: taken.url, release: () => void (taken.busy = false) };
}
