import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type Driver as KyselyDriver } from 'kysely';
import { LRUCache } from 'lru-cache';
import { Migrator } from 'kysely/migration';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { migrations, type Dialect } from './migrations';
import type { Database } from './schema';

export type { Database } from './schema';
export type Db = Kysely<Database>;

/** The driver under a {@link Db}, for the few hot paths that talk to it directly (prepared statements). */
export type Driver = { dialect: 'sqlite'; sqlite: SQLite.Database } | { dialect: 'postgres'; pool: pg.Pool };

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Where it lives, for logs: a file path or the PostgreSQL URL without its password. */
  description: string;
}

const drivers = new WeakMap<Db, Driver>();

/**
 * The driver under `db` (one {@link openDatabase} made). On SQLite, use it only inside
 * `db.connection().execute(...)` and synchronously there: Kysely then holds its one connection for
 * you, so no Kysely transaction is open on it at the time.
 */
export function driverOf(db: Db): Driver {
  const driver = drivers.get(db);
  if (!driver) throw new Error('This database was not opened by openDatabase().');
  return driver;
}

const INT8_OID = 20;

/**
 * Kysely's SQLite dialect, with every transaction begun as a writer (`begin immediate`). Kysely
 * begins with a plain `begin`, which reads first and asks for the write lock at its first write;
 * when another process holds it then, SQLite fails at once with SQLITE_BUSY, busy timeout or not
 * (waiting could deadlock two such readers), so of two processes pressing the same admin button one
 * answered 500 'database is locked'. Begun as a writer, a transaction waits its turn for the lock
 * (the busy timeout) before it reads, and then reads what the other one wrote: the documented 409.
 * Every Kysely transaction of the arcade writes, and one process's transactions already go one at
 * a time over its one connection, so nothing is lost.
 */
class WriterFirstSqliteDialect extends SqliteDialect {
  override createDriver(): KyselyDriver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

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
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // A connection dropped by the server (restart, failover) must not crash the process: the
    // pool replaces it, and the query that was using it fails on its own.
    pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
    const safe = new URL(url);
    if (safe.password) safe.password = '***';
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
    drivers.set(db, { dialect: 'postgres', pool });
    return { db, dialect: 'postgres', description: safe.toString() };
  }
  if (url && !url.startsWith('file:')) {
    throw new Error(`DATABASE_URL must be a postgres:// URL or a file: path, not "${url.split(':')[0]}:…"`);
  }
  const path = url ? resolve(url.slice('file:'.length)) : resolve(dataDir, 'arcade.db');
  // Players' addresses and sessions live here: the folder and the file are the owner's only (the
  // journal files SQLite adds take the file's permissions). Existing ones are left as they are.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new WriterFirstSqliteDialect({ database: withStatementCache(sqlite) }) });
  drivers.set(db, { dialect: 'sqlite', sqlite });
  return { db, dialect: 'sqlite', description: path };
}

/** Statements kept prepared per SQLite database (the least recently used is dropped first). */
const CACHED_STATEMENTS = 256;

/**
 * The SQLite database as Kysely sees it, with its statements kept prepared: Kysely asks
 * better-sqlite3 to prepare (parse and plan) every query it runs, which costs more than running a
 * simple one. A statement still being read (a streamed query) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new LRUCache<string, SQLite.Statement>({ max: CACHED_STATEMENTS });
  return {
    close: () => sqlite.close(),
    prepare(text: string): SQLite.Statement {
      let statement = statements.get(text);
      if (!statement || statement.busy) {
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Bring the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations(handle.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
}
