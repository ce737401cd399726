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
  if (placeholders.some((n, i) => n !== i + 1))
    throw new Error(`${name}: placeholders must be $1, $2, … in order, each once`);
  const sqliteText = text.replace(/\$\d+/g, '?');
  return async (db, params) => {
    const driver = driverOf(db);
    if (driver.dialect === 'postgres')
      return (await driver.pool.query({ name, text, values: [...params] })).rows as Row[];
    // Through Kysely's connection (its statement cache prepares the text once), so a read never
    // runs inside a transaction another caller has open on SQLite's single connection.
    return (await db.executeQuery<Row>(CompiledQuery.raw(sqliteText, [...params]))).rows;
  };
}

/**
 * A prepared read of one row by a text key, for lookups made on every request of a hot path. On
 * SQLite it is {@link preparedRead} of `oneText` (the row whose key is `$1`); on PostgreSQL the
 * lookups of one event-loop turn go as one query, `manyText` (the rows whose key is in the array
 * `$1`), because under load many arrive at once and one round trip for all of them costs about
 * what one costs alone. `keyOf` names a row's key. For reads outside transactions only.
 */
export function preparedLookup<Row>(
  name: string,
  oneText: string,
  manyText: string,
  keyOf: (row: Row) => string,
): (db: Db, key: string) => Promise<Row | undefined> {
  const readOne = preparedRead<Row>(name, oneText);
  const pending = new WeakMap<Db, Map<string, PromiseWithResolvers<Row | undefined>>>();
  return async (db, key) => {
    const driver = driverOf(db);
    if (driver.dialect !== 'postgres') return (await readOne(db, [key]))[0];
    let batch = pending.get(db);
    if (!batch) {
      const keys = new Map<string, PromiseWithResolvers<Row | undefined>>();
      batch = keys;
      pending.set(db, keys);
      setImmediate(() => {
        pending.delete(db);
        driver.pool
          .query({ name: `${name}_many`, text: manyText, values: [[...keys.keys()]] })
          .then(({ rows }) => {
            const found = new Map((rows as Row[]).map((row) => [keyOf(row), row]));
            for (const [k, waiter] of keys) waiter.resolve(found.get(k));
          })
          .catch((error: unknown) => {
            for (const waiter of keys.values()) waiter.reject(error);
          });
      });
    }
    let waiter = batch.get(key);
    if (!waiter) batch.set(key, (waiter = Promise.withResolvers()));
    return waiter.promise;
  };
}
