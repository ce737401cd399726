import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { migrations, type Dialect } from './migrations';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Where it lives, for logs: a file path or the PostgreSQL URL without its password. */
  description: string;
}

const INT8_OID = 20;

/**
 * Open the database `url` names: unset means the SQLite file `arcade.db` in `dataDir`; `file:PATH`
 * a SQLite file; `postgres://` or `postgresql://` a PostgreSQL server.
 */
export function openDatabase(url: string | undefined, dataDir: string): DatabaseHandle {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // bigint columns hold millisecond times and counters well inside 2^53: read them as numbers
      types: { getTypeParser: ((oid: number, format?: string) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
    });
    // A connection dropped by the server (restart, failover) must not crash the process: the
    // pool replaces it, and the query that was using it fails on its own.
    pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
    const safe = new URL(url);
    if (safe.password) safe.password = '***';
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) }), dialect: 'postgres', description: safe.toString() };
  }
  if (url && !url.startsWith('file:')) {
    throw new Error(`DATABASE_URL must be a postgres:// URL or a file: path, not "${url.split(':')[0]}:…"`);
  }
  const path = url ? resolve(url.slice('file:'.length)) : resolve(dataDir, 'arcade.db');
  mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite', description: path };
}

/** Bring the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
