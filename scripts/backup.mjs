// `./arcade backup FILE`: a consistent copy of the arcade's SQLite database while the server runs,
// through SQLite's online backup (pages copied in steps; writers carry on meanwhile, and a step
// that sees a change starts over from a consistent state). The database is the one the server
// would open: DATABASE_URL=file:…, else $DATA_DIR/arcade.db. See the handbook: Operators, "Backups".
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';

const target = process.argv[2];
if (!target) {
  console.error('Usage: ./arcade backup FILE   (FILE must not exist yet)');
  process.exit(2);
}
const url = process.env.DATABASE_URL ?? '';
if (/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    'DATABASE_URL is PostgreSQL: back it up with pg_dump (see the handbook: Operators, Backups), e.g.\n  pg_dump --format=custom --file=arcade.dump "$DATABASE_URL"',
  );
  process.exit(2);
}
const source = url.startsWith('file:')
  ? resolve(url.slice('file:'.length))
  : resolve(process.env.DATA_DIR || 'data', 'arcade.db');
if (!existsSync(source)) {
  console.error(`There is no database at ${source} (set DATA_DIR or DATABASE_URL as for the server).`);
  process.exit(1);
}
const destination = resolve(target);
if (existsSync(destination)) {
  console.error(`${destination} exists already: choose a new file, so no backup is ever overwritten.`);
  process.exit(1);
}
const db = new Database(source, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  const started = Date.now();
  await db.backup(destination);
  const copy = new Database(destination, { readonly: true });
  const check = copy.pragma('integrity_check', { simple: true });
  copy.close();
  if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${check}`);
  console.log(`Backed up ${source} to ${destination} in ${Date.now() - started} ms (integrity check: ok).`);
} catch (error) {
  console.error(`The backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  db.close();
}
