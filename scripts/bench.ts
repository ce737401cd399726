// `npm run bench:ingest` (part of `npm run bench`): score ingestion (Game API runs) next to the
// server's no-op endpoint, measured in alternating rounds against the built server, on SQLite and on
// PostgreSQL. Runs come from BENCH_INGEST_PLAYERS (default 200) players, each with their own game token,
// while BENCH_TOURNAMENTS (default 2) tournaments of the benched game are running: every run also
// enters them. Fails when ingestion falls under 40% of the no-op throughput, a request fails, or the
// game's total or a tournament's runs disagree with the runs acknowledged. Needs `npm run build` first.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY, formatCount } from '../src/lib/format';
import { migrateToLatest, openDatabase } from '../src/server/db';
import { createSession } from '../src/server/auth/sessions';
import { issueGameToken } from '../src/server/games/tokens';
import { startServer } from '../tests/support/server';
import { createPgDatabase } from '../tests/support/services';
import { CONNECTIONS, DURATION, measure, measurePaired, roundShares, table } from './bench-support';

const PLAYERS = Number(process.env.BENCH_INGEST_PLAYERS ?? 200);
/** Rounds per endpoint, no-op and ingestion taking turns, so the machine's noise falls on both. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Math.max(1, Math.round(DURATION / 2));
const TARGET = 0.4;
const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 2);
const GAME = 'rekt';

/** Players straight in the database, with game tokens signed by the secret the server is given. */
async function seedPlayers(url: string, dir: string, secret: string): Promise<string[]> {
  const handle = openDatabase(url, dir);
  try {
    await migrateToLatest(handle);
    const now = Date.now();
    const tokens: string[] = [];
    for (let from = 0; from < PLAYERS; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, PLAYERS - from) }, (_, k) => `bench_${from + k}`);
      const users = await handle.db
        .insertInto('users')
        .values(batch.map((name) => ({ username: name, username_key: name, email: `${name}@bench.test`, country: 'DE', created_at: now, last_seen_at: null })))
        .returning(['id', 'username'])
        .execute();
      // Each token from a session of its own, as the play page gets it (the Game API checks it is live).
      for (const user of users) tokens.push((await issueGameToken(secret, user, (await createSession(handle.db, user.id)).ref)).token);
    }
    // Tournaments of the benched game running through the whole bench, so every run enters them all.
    for (let t = 0; t < TOURNAMENTS; t++) {
      await handle.db
        .insertInto('tournaments')
        .values({ name: `Bench Cup ${t + 1}`, game_id: GAME, description: '', start_at: now - DAY, end_at: now + DAY, image_filename: null, first_place_sats: 1000, second_to_fifth_sats: 100, random_participant_sats: 10, report_content: '', created_at: now, updated_at: now })
        .execute();
    }
    return tokens;
  } finally {
    await handle.db.destroy();
  }
}

/** The runs each tournament counted (the sum of its entries' runs) and the game's total, read from the database. */
async function tournamentRuns(url: string, dir: string): Promise<{ entered: number[]; stored: number }> {
  const handle = openDatabase(url, dir);
  try {
    const rows = await handle.db
      .selectFrom('tournament_entries')
      .select(['tournament_id', (eb) => eb.fn.sum<number>('runs').as('runs')])
      .groupBy('tournament_id')
      .orderBy('tournament_id')
      .execute();
    const total = await handle.db.selectFrom('game_totals').select((eb) => eb.fn.sum<number>('total_runs').as('runs')).where('game_id', '=', GAME).executeTakeFirstOrThrow();
    return { entered: rows.map((r) => Number(r.runs)), stored: Number(total.runs) };
  } finally {
    await handle.db.destroy();
  }
}

const rows: (string | number)[][] = [];
const notes: string[] = [];
let failed = false;

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const pg = dialect === 'postgres' ? await createPgDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), 'sats-arcade-bench-'));
  const url = pg?.url ?? `file:${join(dir, 'arcade.db')}`;
  const secret = randomBytes(32).toString('hex');
  try {
    const tokens = await seedPlayers(url, dir, secret);
    // No rate limit in the way: 16 connections shared by the players post far more than 60 runs a minute each.
    const server = await startServer({ DATABASE_URL: url, SECRET_KEY: secret, RUNS_PER_MINUTE: '100000000' });
    try {
      let n = 0;
      const prefix = randomBytes(4).toString('hex');
      const ingestion = {
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: `/api/games/${GAME}/runs`,
            setupRequest: (request: Record<string, unknown>) => {
              const i = n++;
              return {
                ...request,
                headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' },
                body: JSON.stringify({ runId: `${prefix}-${i}`, score: (i * 7919) % 100_000, level: i % 40 }),
              };
            },
          },
        ],
      };
      // A short warm-up of both (not reported): the server's first seconds are slower for everyone.
      await measure('warm-up', { url: `${server.url}/api/health`, duration: 1 });
      const warmUp = await measure('warm-up', { ...ingestion, duration: 1 });
      const paired = await measurePaired(`POST /api/games/${GAME}/runs`, ingestion, { url: `${server.url}/api/health` }, ROUNDS, ROUND_SECONDS);
      const { noop, target: ingest, share } = paired;
      for (const f of [noop, ingest]) rows.push([dialect, f.name, f.rps.toFixed(0), f.p50, f.p99, f.errors + f.non2xx, f === noop ? '' : `${(share * 100).toFixed(0)}% (target >= ${TARGET * 100}%)`]);
      if (share < TARGET || noop.errors + noop.non2xx + ingest.errors + ingest.non2xx > 0) failed = true;

      // Nothing acknowledged may be lost: every 2xx run is in the game's total (plus, at most, the
      // runs still in flight when a round stopped, stored but not counted by the client).
      const total = (await (await fetch(`${server.url}/api/stats/global/${GAME}`)).json()).stats.totalGames as number;
      const acknowledged = warmUp.ok + ingest.ok;
      const consistent = total >= acknowledged && total <= acknowledged + CONNECTIONS * (ROUNDS + 1);
      // Every stored run entered every tournament: their runs add up to the game's total (both read
      // once the server stopped, so runs in flight when the bench stopped count in both).
      await server.stop();
      const { entered, stored } = await tournamentRuns(url, dir);
      const tournamentsAgree = entered.length === TOURNAMENTS && entered.every((runs) => runs === stored);
      if (!consistent || !tournamentsAgree) failed = true;
      notes.push(
        `${dialect}: rounds of ingestion / no-op ${roundShares(paired)}; ` +
          `${formatCount(acknowledged)} runs acknowledged (with the warm-up), game total ${formatCount(total)}${consistent ? '' : ' (MISMATCH)'}, ` +
          `stored ${formatCount(stored)}, counted in each of the ${TOURNAMENTS} running tournaments ${entered.map(formatCount).join(', ')}${tournamentsAgree ? '' : ' (MISMATCH)'}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const dialect of (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) await benchDialect(dialect);
console.log(
  `\nScore ingestion, ${PLAYERS} players, ${TOURNAMENTS} running tournaments of the game, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per endpoint ` +
    `(p50: median round, p99: worst round), ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(table(['database', 'endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'failed', 'share of no-op'], rows));
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
if (failed) {
  console.log('\nA target was missed, a request failed or a run was lost.');
  process.exitCode = 1;
}
