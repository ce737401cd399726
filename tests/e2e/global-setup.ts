import type { FullConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPlayers, loadDemoArcade } from '../../scripts/demo-data';
import { migrateToLatest, openDatabase } from '~/server/db';
import { latestOutboxMail } from '../support/api';
import { startLightningNetwork } from '../support/lightning/network';
import { startServer, type RunningServer } from '../support/server';
import { TEST_GAME_SECRET } from '../support/fair-play';
import { startHelloSats } from '../../examples/hello-sats/server.mjs';

/**
 * The Game SDK's example game on an origin of its own, a third one (neither the arcade's nor the
 * reference games'): its catalogue entry (examples/hello-sats/catalogue/hello-sats.md, in builds
 * made with ARCADE_EXAMPLE_GAME=1 as `npm test` makes them) names this address.
 */
export const HELLO_SATS_URL = 'http://localhost:4330/';

/** The administrator every e2e run starts with: the first account, so user id 1. */
export const E2E_ADMIN = { username: 'arcade_admin', email: 'admin@arcade.test' };

/** The only player from Iceland, who only fishes: Iceland's other boards are empty. */
export const E2E_LONE_FISHER = {
  username: 'Lone_Viking',
  email: 'lone_viking@players.test',
  country: 'IS',
  games: ['fishing-for-sats'],
};

/** A signed-in browser the leaderboard tests can take on (`test.use({ storageState })`). */
export interface E2ESession {
  id: number;
  username: string;
  storageState: string;
}

/**
 * Players signed in once for the whole run: one on the second page of the fishing board, one on its
 * third page, one who never played.
 */
export interface E2ELeaderboardPlayers {
  ranked: E2ESession;
  deep: E2ESession;
  newcomer: E2ESession;
}

/**
 * How often the e2e server's series sweep runs (SERIES_SWEEP_SECONDS, a test-only setting): every
 * 2 s rather than 30, so a series' next tournament comes two sweeps (4 s) before its predecessor
 * starts, and the series journey waits seconds instead of minutes for the sweep and the start.
 */
const E2E_SERIES_SWEEP_SECONDS = 2;

/** Enough demo players for three pages of the fishing board. */
const E2E_DEMO_PLAYERS = 200;

async function post(server: RunningServer, path: string, body: object) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

/** Open the newest sign-in link mailed to `email` and keep the session as a Playwright storage state in `dir`. */
async function signedInState(server: RunningServer, email: string, dir: string): Promise<E2ESession> {
  const { token } = latestOutboxMail(server.dataDir, email);
  const response = await fetch(`${server.url}/api/auth/verify-magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ token, confirm: true }),
  });
  if (!response.ok) throw new Error(`could not sign in ${email}: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: number; username: string } };
  const [name, value] = response.headers.getSetCookie()[0]!.split(';')[0]!.split('=') as [string, string];
  const storageState = join(dir, `state-${user.id}.json`);
  const cookie = {
    name,
    value,
    domain: new URL(server.url).hostname,
    path: '/',
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: 'Lax',
  };
  writeFileSync(storageState, JSON.stringify({ cookies: [cookie], origins: [] }));
  return { id: user.id, username: user.username, storageState };
}

/**
 * What every worker's arcade is started from (README, "Tests": every worker its own arcade): the
 * template data directory, the server's settings and the port set aside for each worker. The
 * global setup hands it to the workers in `E2E_WORKER_ARCADES` (JSON); `support.ts` starts the arcades.
 */
export interface E2EWorkerArcades {
  /** The prepared data directory: `arcade.db` (migrated, the demo arcade, the sessions below) and `secret.key`. */
  templateDir: string;
  /** The server's settings (Lightning, trusted proxy, admin, series sweep). */
  env: Record<string, string>;
  /** The arcade's port of the worker of each parallel index (Hello Sats lets exactly these frame it). */
  ports: number[];
}

/**
 * The run's shared pieces, made once: the template arcade every worker copies, the test Lightning
 * network, and Hello Sats.
 *
 * The template is the demo arcade (`scripts/demo-data.ts`: 200 players with countries and runs)
 * whose first account (id 1, the only admin) is {@link E2E_ADMIN}; a server started on it once
 * signs in the administrator and the leaderboard players, and their sessions are rows of the
 * template, so their storage states are good on every worker's copy. Each worker then copies
 * `arcade.db` and starts its own server on it (support.ts), in a second or two.
 *
 * One Lightning network serves every worker: its wallet holds 1,000,000 sats and pays any arcade
 * that holds its connection string, each payment is its own invoice, and the payout tests pay
 * addresses named after themselves, so no worker sees another's payments. Hello Sats keeps the
 * fixed port its catalogue entry names and serves every worker's arcade (examples/hello-sats/server.mjs).
 */
/** Whether nothing listens on `port` of the loopback address right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export default async function globalSetup(config: FullConfig) {
  const runDir = mkdtempSync(join(tmpdir(), 'sats-arcade-e2e-'));
  const templateDir = join(runDir, 'template');
  mkdirSync(templateDir);
  const handle = openDatabase(undefined, templateDir);
  await migrateToLatest(handle);
  await loadDemoArcade(handle.db, [{ ...E2E_ADMIN, country: 'SV' }, ...demoPlayers(E2E_DEMO_PLAYERS), E2E_LONE_FISHER]);
  await handle.db.destroy();

  // The arcade pays prizes over Lightning through the test network (README, "Lightning payouts"):
  // its wallet on a nostr relay, the winners' addresses on an HTTPS LNURL server (wallet.test).
  const lightning = await startLightningNetwork();
  const caFile = join(runDir, 'lightning-ca.pem');
  writeFileSync(caFile, lightning.caPem);
  // Every test comes from an address of its own (X-Forwarded-For, see support.ts), so rate limits count tests apart.
  const env = {
    ADMIN_USER_IDS: '1',
    TRUST_PROXY: 'true',
    NWC_URL: lightning.nwcUrl,
    LIGHTNING_ADDRESS_ALLOW_PRIVATE: 'true',
    LIGHTNING_ADDRESS_CONNECT_TO: lightning.lnurl.hosts.map((h) => `${h}=127.0.0.1:${lightning.lnurl.port}`).join(','),
    LIGHTNING_ADDRESS_CA_FILE: caFile,
    SERIES_SWEEP_SECONDS: String(E2E_SERIES_SWEEP_SECONDS),
  };
  const cleanUp = async () => {
    await lightning.close();
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    const server = await startServer(env, { dataDir: templateDir, keepDataDir: true });
    try {
      const fisherOn = async (page: number) => {
        const response = await fetch(
          `${server.url}/api/leaderboards/fishing-for-sats?type=global&page=${page}&limit=50`,
        );
        const { entries } = (await response.json()) as { entries: { username: string }[] };
        if (entries.length < 10) throw new Error(`the demo arcade should fill page ${page} of the fishing leaderboard`);
        const email = `${entries[7]!.username.toLowerCase()}@example.com`;
        await post(server, '/api/auth/send-magic-link', { email });
        return signedInState(server, email, runDir);
      };
      const ranked = await fisherOn(2);
      const deep = await fisherOn(3);
      // Signing up mails the first sign-in link.
      await post(server, '/api/auth/register', { username: 'Fresh_Angler', email: 'fresh_angler@players.test' });
      const newcomer = await signedInState(server, 'fresh_angler@players.test', runDir);
      // The administrator signs in once for the whole run: every admin test of every worker shares
      // this session (a row every copy holds), so the per-address sign-in limit never stops one of them.
      await post(server, '/api/auth/send-magic-link', { email: E2E_ADMIN.email });
      const admin = await signedInState(server, E2E_ADMIN.email, runDir);
      process.env.E2E_ADMIN_STATE = admin.storageState;
      process.env.E2E_LEADERBOARD_PLAYERS = JSON.stringify({ ranked, deep, newcomer } satisfies E2ELeaderboardPlayers);
    } finally {
      await server.stop();
    }
    // The setup's sign-ins came from the tests' own address: leave the tests their whole budget;
    // and the workers start with an empty outbox.
    const setupDb = openDatabase(undefined, templateDir);
    await setupDb.db.deleteFrom('rate_limits').execute();
    await setupDb.db.destroy();
    rmSync(join(templateDir, 'outbox'), { recursive: true, force: true });
  } catch (error) {
    await cleanUp();
    throw error;
  }

  // A port for the arcade of each worker that can run at once, so Hello Sats can name them all. Set
  // aside now and taken when a worker starts (a worker that restarts after a failed test takes it
  // again, minutes later): below the range the system hands out for port 0 (32768 and up), so no
  // server of Vitest's files, which run beside these tests (scripts/test-all.mjs), can take it meanwhile.
  const ports: number[] = [];
  for (let port = 20_000 + Math.floor(Math.random() * 10_000); ports.length < config.workers; port += 1)
    if (await canListen(port)) ports.push(port);
  const helloSats = await startHelloSats({
    port: Number(new URL(HELLO_SATS_URL).port),
    host: new URL(HELLO_SATS_URL).hostname,
    arcadeOrigin: ports.map((port) => `http://127.0.0.1:${port}`),
    secret: TEST_GAME_SECRET,
  }).catch(async (error: unknown) => {
    await cleanUp();
    throw new Error(`the SDK's example game could not start on ${HELLO_SATS_URL}: ${String(error)}`);
  });
  process.env.E2E_WORKER_ARCADES = JSON.stringify({ templateDir, env, ports } satisfies E2EWorkerArcades);
  process.env.E2E_SERIES_SWEEP_SECONDS = String(E2E_SERIES_SWEEP_SECONDS);
  // A donor's wallet elsewhere on the test network: POST {this}?invoice=… pays it (donations.spec.ts).
  process.env.E2E_LIGHTNING_PAYER = `https://127.0.0.1:${lightning.lnurl.port}/pay`;
  return async () => {
    await helloSats.close();
    await cleanUp();
  };
}
