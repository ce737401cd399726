import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_GAME_SECRETS } from './fair-play';

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:43123`. */
  url: string;
  /** The games' origin (GAMES_ORIGIN), the other loopback name on a port of its own: `http://localhost:43124`. */
  gamesUrl: string;
  /** The fresh data directory this server owns. */
  dataDir: string;
  /** The PostgreSQL database it runs on (startServerOn), else unset: SQLite in `dataDir`. */
  databaseUrl?: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** The server's process id (for memory figures). */
  pid: number;
  /** The exit code once the process ended, else null. */
  exitCode: () => number | null;
  /** The signal that ended the process, else null. */
  signalCode: () => NodeJS.Signals | null;
  stop: () => Promise<void>;
}

/**
 * The origins of the catalogue's external games in the server's build: the Game SDK's example game
 * (Hello Sats on http://localhost:4330) when it was built with ARCADE_EXAMPLE_GAME=1, as `npm test`
 * builds it; none otherwise. Pages may frame them beside the games' origin.
 */
export async function externalGameOrigins(server: Pick<RunningServer, 'url'>): Promise<string[]> {
  const example = await fetch(`${server.url}/api/leaderboards/hello-sats?type=global`);
  return example.status === 200 ? ['http://localhost:4330'] : [];
}

/** Names the run's migrated SQLite file to Vitest's workers (tests/support/test-databases.ts). */
export const SQLITE_TEMPLATE_ENV = 'TEST_SQLITE_TEMPLATE';

/**
 * A new data directory. Under Vitest it holds a copy of the run's migrated SQLite file (made once
 * by the global setup), so a server started on it finds its migrations done: migrating a new file
 * cost every server start about a quarter of a second of CPU, some 90 times a run. Elsewhere (the
 * browser tests' own template, a test that brings its directory) it is empty.
 */
export function newDataDir(prefix = 'sats-arcade-test-'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env[SQLITE_TEMPLATE_ENV];
  if (template) copyFileSync(template, join(dataDir, 'arcade.db'));
  return dataDir;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Start the built arcade (`dist/`) on a free port (or `port`) with a fresh data directory
 * ({@link newDataDir}, or `dataDir`, prepared beforehand), for API and e2e tests. `env` adds or overrides settings; the data
 * directory is removed on `stop()` unless `keepDataDir` (the e2e template, which outlives its server).
 */
export async function startServer(
  env: Record<string, string> = {},
  {
    dataDir = newDataDir(),
    port: givenPort,
    keepDataDir = false,
  }: { dataDir?: string; port?: number; keepDataDir?: boolean } = {},
): Promise<RunningServer> {
  const entry = resolve('dist/server/entry.mjs');
  if (!existsSync(entry)) throw new Error('dist/ is missing: run `npm run build` before the server tests');
  const port = givenPort ?? (await freePort());
  let gamesPort = await freePort();
  while (gamesPort === port) gamesPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // the server's own default: the other loopback name, a cookie jar of its own (README, "Settings")
  const gamesUrl = env.GAMES_ORIGIN ?? `http://localhost:${gamesPort}`;
  let log = '';
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      // The reference games on a port of their own (README, "Settings": GAMES_ORIGIN).
      GAMES_ORIGIN: gamesUrl,
      // Game servers may sign results in the tests (tests/support/fair-play.ts).
      GAME_SECRETS: TEST_GAME_SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  try {
    await waitUntilUp(url, child, output, 20_000);
    if (['127.0.0.1', 'localhost'].includes(new URL(gamesUrl).hostname))
      await waitUntilUp(`${gamesUrl}/arcade-games/`, child, output, 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    gamesUrl,
    dataDir,
    output,
    pid: child.pid!,
    exitCode: () => child.exitCode,
    signalCode: () => child.signalCode,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built server on a fresh database of `dialect` (a new SQLite file, or a new PostgreSQL database); `stop` removes it. */
export async function startServerOn(
  dialect: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const { createPgDatabase } = await import('./services');
  // migrated already (the server's own migration at start then finds nothing to do)
  const db = dialect === 'postgres' ? await createPgDatabase({ migrated: true }) : null;
  try {
    const server = await startServer({ ...env, ...(db ? { DATABASE_URL: db.url } : {}) });
    return {
      ...server,
      databaseUrl: db?.url,
      stop: async () => {
        await server.stop();
        await db?.drop();
      },
    };
  } catch (error) {
    await db?.drop();
    throw error;
  }
}
