// Reads made on (nearly) every request, kept prepared so the database parses and plans them once:
// Kysely builds, compiles and, on PostgreSQL, has the server parse and plan every query anew, which
// costs more than answering a primary-key lookup.
import { CompiledQuery } from 'kysely';
import { driverOf, type Db } from './index';

/**
 * A prepared read: `text` is written once for both databases with `$1`, `$2`, … placeholders in
 * order (each used once). On PostgreSQL it runs as the named statement `name` (parsed and planned
 * once per connection); on SQLite as a statement prepared once (the `?` form of the same text).
 * For reads outside transactions only: on PostgreSQL it takes any connection of the pool.
 */
export function preparedRead<Row>(name: string, text: string): (db: Db, params: readonly unknown[]) => Promise<Row[]> {
  const placeholders = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (placeholders.some((n, i) => n !== i + 1)) throw new Error(`${name}: placeholders must be $1, $2, … in order, each once`);
  const sqliteText = text.replace(/\$\d+/g, '?');
  return async (db, params) => {
    const driver = driverOf(db);
    if (driver.dialect === 'postgres') return (await driver.pool.query({ name, text, values: [...params] })).rows as Row[];
    // Through Kysely's connection (its statement cache prepares the text once), so a read never
    // runs inside a transaction another caller has open on SQLite's single connection.
    return (await db.executeQuery<Row>(CompiledQuery.raw(sqliteText, [...params]))).rows;
  };
}
