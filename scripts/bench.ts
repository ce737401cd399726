// `npm run bench:ingest` (part of `npm run bench`): score ingestion (Game API runs) next to the
// server's no-op endpoint, measured in alternating rounds against the built server, on SQLite and on
// PostgreSQL. Runs come from BENCH_INGEST_PLAYERS (default 200) players, each with their own game token,
// twice: as a game's own server signs them (stored as sent), and as the browser game sends them, each
// from its own run ticket with its input log, replayed by the server (README, "Fair play"), while
// BENCH_TOURNAMENTS (default 2) tournaments of the benched game are running: every run also enters
// them. Then, while the players submit ten-minute REKT! runs and fishing trips (as fast as the
// bench's connections go), `/api/health`'s p99 from another thread next to its p99 when idle, and
// the server's event-loop delay p99 (`perf_hooks.monitorEventLoopDelay`, read from its /metrics).
// First the CPU time of replaying a two-minute REKT! run. Fails when signed or replayed ingestion
// falls under 60% of the no-op throughput, the health p99 under load passes twice the idle one, the
// event-loop delay p99 passes 20 ms, a request fails, or a game's total or a tournament's runs
// disagree with the runs acknowledged. Needs `npm run build` first.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY, formatCount } from '~/lib/format';
import { migrateToLatest, openDatabase } from '~/server/db';
import { createSession } from '~/server/auth/sessions';
import { replay } from '~games/rekt/game.js';
import { playFishing } from './autoplay';
import { ticketRunId } from '~/server/games/ticket-ids';
import { issueGameToken } from '~/server/games/tokens';
import { playRekt, type RektPlay } from './autoplay';
import { signedHeaders, TEST_GAME_SECRETS } from '../tests/support/fair-play';
import { startServer } from '../tests/support/server';
import { createPgDatabase } from '../tests/support/services';
import { CONNECTIONS, DURATION, measure, measurePaired, roundShares, table } from './bench-support';

const PLAYERS = Number(process.env.BENCH_INGEST_PLAYERS ?? 200);
/** Rounds per endpoint, no-op and ingestion taking turns, so the machine's noise falls on both. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Math.max(1, Math.round(DURATION / 2));
/** Share of the no-op: runs stored as sent (signed), and runs the server replays. */
const TARGET = 0.6;
const REPLAY_TARGET = 0.6;
/** `/api/health` p99 while long runs are submitted, at most this many times its idle p99. */
const HEALTH_LOADED_TARGET = 2;
/** The server's event-loop delay p99 while long runs are submitted, in ms at most. */
const LOOP_DELAY_TARGET_MS = 20;
/** Seconds of long runs (and of idle health checks before them). */
const LONG_SECONDS = Number(process.env.BENCH_LONG_SECONDS ?? DURATION);
/** Ten-minute REKT! runs and fishing trips made ready per database, each (more than the long runs' round can use). */
const LONG_TICKETS = Number(process.env.BENCH_LONG_TICKETS ?? 20_000);
const LONG_SEEDS = 8;
const FISHING = 'fishing-for-sats';
const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 2);
const GAME = 'rekt';
/** Replayed runs: REKT! runs flown until this score (about seven seconds of play), from this many seeds. */
const REPLAY_SCORE = 100;
const REPLAY_SEEDS = 64;
/** Run tickets made ready per database (more than the replayed rounds can use). */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 60_000);

/** The replayable runs the bench sends: one per seed, and the tickets that name them. */
const plays: { seed: number; play: RektPlay }[] = Array.from({ length: REPLAY_SEEDS }, (_, k) => {
  const seed = 1_000_003 * (k + 1);
  return { seed, play: playRekt(seed, { until: REPLAY_SCORE }) };
});

/**
 * The long runs: ten-minute REKT! runs, and fishing trips from tickets issued in one ten-minute
 * season (which picks the fish) an hour or more ago (and less than the two hours a ticket serves).
 */
const tripsIssued = Math.floor((Date.now() - 3_600_000) / 600_000) * 600_000;
const longRekt = Array.from({ length: LONG_SEEDS }, (_, k) => {
  const seed = 7_000_003 * (k + 1);
  return { seed, play: playRekt(seed, { maxSteps: 600 * 120 }) };
});
const trips = Array.from({ length: LONG_SEEDS }, (_, k) => {
  const seed = 9_000_011 * (k + 1);
  return { seed, play: playFishing(seed, tripsIssued) };
});

/** `count` tickets of `gameId` straight in the database, `seeds` in turn; their run ids. */
async function seedLongTickets(
  url: string,
  dir: string,
  userIds: number[],
  gameId: string,
  seeds: number[],
  issued: number,
): Promise<string[]> {
  const handle = openDatabase(url, dir);
  const runIds: string[] = [];
  try {
    for (let from = 0; from < LONG_TICKETS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, LONG_TICKETS - from) }, (_, k) => {
        const i = from + k;
        const facts = { userId: userIds[i % userIds.length]!, seed: seeds[i % seeds.length]!, startedAt: issued + i };
        runIds.push(ticketRunId(facts));
        return {
          run_id: runIds[i]!,
          user_id: facts.userId,
          game_id: gameId,
          seed: facts.seed,
          started_at: facts.startedAt,
          used_at: null,
          body_hash: null,
          quiz_json: null,
        };
      });
      await handle.db.insertInto('run_tickets').values(rows).execute();
    }
  } finally {
    await handle.db.destroy();
  }
  return runIds;
}

/**
 * `/api/health` answered one request at a time from a thread of its own (the bench's own thread is
 * busy sending runs), until `stop()`: every answer's time in ms, sorted.
 */
function healthLatency(url: string): { stop: () => Promise<number[]> } {
  const thread = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let stopped = false;
    parentPort.once('message', () => { stopped = true; });
    (async () => {
      const times = [];
      let failed = 0;
      while (!stopped) {
        const started = performance.now();
        const response = await fetch(workerData.url);
        await response.arrayBuffer();
        if (!response.ok) failed++;
        times.push(performance.now() - started);
        await new Promise((resolve) => setImmediate(resolve));
      }
      parentPort.postMessage({ times, failed });
    })();`,
    { eval: true, workerData: { url } },
  );
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        thread.once('message', ({ times, failed }: { times: number[]; failed: number }) => {
          void thread.terminate();
          if (failed) reject(new Error(`${failed} health checks failed`));
          else resolve(times.sort((a, b) => a - b));
        });
        thread.once('error', reject);
        thread.postMessage('stop');
      }),
  };
}

const p99 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;

/**
 * The sampling interval of prom-client's monitorEventLoopDelay (`eventLoopMonitoringPrecision`, 10
 * ms by default). Its histogram records the whole time between two samples, so a loop that is never
 * late reports the interval itself: an idle Node.js 24 process reports a p50 of 10.2 ms and a p99
 * of 10.5 ms.
 */
const LOOP_SAMPLING_MS = 10;

/**
 * The server's event-loop delay p99 since the last read, in ms: how late the loop's samples came,
 * beyond their interval (prom-client's monitorEventLoopDelay, reset at every read).
 */
async function loopDelayP99(url: string, token: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const line = /^arcade_node_nodejs_eventloop_lag_p99_seconds\s+(\S+)$/m.exec(text);
  if (!line) throw new Error('The server reports no event-loop delay at /metrics.');
  return Math.max(0, Number(line[1]) * 1000 - LOOP_SAMPLING_MS);
}

/**
 * Tickets straight in the database, issued an hour ago (so any run's log fits their age), seeds
 * from `plays`, ids as the server makes them (README, "Fair play"). Their run ids, in the order
 * the replayed rounds use them.
 */
async function seedTickets(url: string, dir: string, userIds: number[]): Promise<string[]> {
  const handle = openDatabase(url, dir);
  const runIds: string[] = [];
  try {
    // Issued a millisecond apart, as no two tickets of one player share an id.
    const issued = Date.now() - 3_600_000;
    for (let from = 0; from < TICKETS; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, TICKETS - from) }, (_, k) => from + k);
      const rows = batch.map((i) => {
        const facts = {
          userId: userIds[i % userIds.length]!,
          seed: plays[i % plays.length]!.seed,
          startedAt: issued + i,
        };
        runIds.push(ticketRunId(facts));
        return {
          run_id: runIds[i]!,
          user_id: facts.userId,
          game_id: GAME,
          seed: facts.seed,
          started_at: facts.startedAt,
          used_at: null,
          body_hash: null,
          quiz_json: null,
        };
      });
      await handle.db.insertInto('run_tickets').values(rows).execute();
    }
  } finally {
    await handle.db.destroy();
  }
  return runIds;
}

/** CPU time of the server's replay of a two-minute REKT! run (the golden one), in milliseconds. */
function replayCost(): { median: number; p99: number; steps: number; runs: number } {
  const run = playRekt(2463534242, { maxSteps: 120 * 120 });
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const started = performance.now();
    replay(2463534242, run.flaps, 1_000_000);
    if (i >= 20) times.push(performance.now() - started); // the first ones warm the JIT up
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
    steps: run.steps,
    runs: times.length,
  };
}

/** Players straight in the database, with game tokens signed by the secret the server is given. */
async function seedPlayers(
  url: string,
  dir: string,
  secret: string,
): Promise<{ tokens: string[]; fishingTokens: string[]; ids: number[] }> {
  const handle = openDatabase(url, dir);
  try {
    await migrateToLatest(handle);
    const now = Date.now();
    const tokens: string[] = [];
    const fishingTokens: string[] = [];
    const ids: number[] = [];
    for (let from = 0; from < PLAYERS; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, PLAYERS - from) }, (_, k) => `bench_${from + k}`);
      const users = await handle.db
        .insertInto('users')
        .values(
          batch.map((name) => ({
            username: name,
            username_key: name,
            email: `${name}@bench.test`,
            country: 'DE',
            created_at: now,
            last_seen_at: null,
          })),
        )
        .returning(['id', 'username'])
        .execute();
      // Each token from a session of its own, as the play page gets it (the Game API checks it is live).
      for (const user of users) {
        ids.push(user.id);
        const { ref } = await createSession(handle.db, user.id);
        tokens.push((await issueGameToken(secret, user, ref, GAME)).token);
        fishingTokens.push((await issueGameToken(secret, user, ref, FISHING)).token);
      }
    }
    // Tournaments of the benched game running through the whole bench, so every run enters them all.
    for (let t = 0; t < TOURNAMENTS; t++) {
      await handle.db
        .insertInto('tournaments')
        .values({
          name: `Bench Cup ${t + 1}`,
          game_id: GAME,
          description: '',
          start_at: now - DAY,
          end_at: now + DAY,
          image_filename: null,
          first_place_sats: 1000,
          second_to_fifth_sats: 100,
          random_participant_sats: 10,
          report_content: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    return { tokens, fishingTokens, ids };
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
    const total = await handle.db
      .selectFrom('game_totals')
      .select((eb) => eb.fn.sum<number>('total_runs').as('runs'))
      .where('game_id', '=', GAME)
      .executeTakeFirstOrThrow();
    return { entered: rows.map((r) => Number(r.runs)), stored: Number(total.runs) };
  } finally {
    await handle.db.destroy();
  }
}

const rows: (string | number)[][] = [];
const longRows: (string | number)[][] = [];
const notes: string[] = [];
let failed = false;

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const pg = dialect === 'postgres' ? await createPgDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), 'sats-arcade-bench-'));
  const url = pg?.url ?? `file:${join(dir, 'arcade.db')}`;
  const secret = randomBytes(32).toString('hex');
  try {
    const { tokens, fishingTokens, ids } = await seedPlayers(url, dir, secret);
    const prefix = randomBytes(4).toString('hex');
    const ticketIds = await seedTickets(url, dir, ids);
    const longIds = await seedLongTickets(
      url,
      dir,
      ids,
      GAME,
      longRekt.map((r) => r.seed),
      Date.now() - 3_600_000,
    );
    const tripIds = await seedLongTickets(
      url,
      dir,
      ids,
      FISHING,
      trips.map((r) => r.seed),
      tripsIssued,
    );
    const metricsToken = randomBytes(16).toString('hex');
    // No rate limit in the way: 16 connections shared by the players post far more than 60 runs a minute each.
    const server = await startServer({
      DATABASE_URL: url,
      SECRET_KEY: secret,
      RUNS_PER_MINUTE: '100000000',
      GAME_SECRETS: TEST_GAME_SECRETS,
      METRICS_TOKEN: metricsToken,
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    });
    try {
      let n = 0;
      let t = 0;
      /** As a game's own server sends them: signed, stored as sent. */
      const signed = {
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: `/api/games/${GAME}/runs`,
            setupRequest: (request: Record<string, unknown>) => {
              const i = n++;
              const body = {
                userId: ids[i % tokens.length]!,
                runId: `${prefix}-${i}`,
                score: (i * 7919) % 100_000,
                level: i % 40,
              };
              return {
                ...request,
                headers: {
                  authorization: `Bearer ${tokens[i % tokens.length]}`,
                  'content-type': 'application/json',
                  ...signedHeaders(body),
                },
                body: JSON.stringify(body),
              };
            },
          },
        ],
      };
      /** The `i`th REKT! run as the browser game sends it: its ticket, its play's result and input log. */
      const rektRun = (request: Record<string, unknown>, i: number, from: { play: RektPlay }[], runIds: string[]) => {
        const { play } = from[i % from.length]!;
        const body = {
          runId: runIds[i]!,
          score: play.score,
          level: play.level,
          achievements: play.achievements,
          inputs: play.flaps,
        };
        return {
          ...request,
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
      };
      /** As the browser game sends them: each from its ticket, with its input log, replayed by the server. */
      const replayed = {
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: `/api/games/${GAME}/runs`,
            setupRequest: (request: Record<string, unknown>) => rektRun(request, t++, plays, ticketIds),
          },
        ],
      };
      // A short warm-up of each (not reported): the server's first seconds are slower for everyone.
      await measure('warm-up', { url: `${server.url}/api/health`, duration: 1 });
      let acknowledged = 0;
      for (const [what, target, goal] of [
        ['signed', signed, TARGET],
        [`replayed (${(plays[0]!.play.steps / 120).toFixed(0)} s runs)`, replayed, REPLAY_TARGET],
      ] as const) {
        acknowledged += (await measure('warm-up', { ...target, duration: 1 })).ok;
        const paired = await measurePaired(
          `POST /api/games/${GAME}/runs, ${what}`,
          target,
          { url: `${server.url}/api/health` },
          ROUNDS,
          ROUND_SECONDS,
        );
        const { noop, target: ingest, share } = paired;
        for (const f of [noop, ingest])
          rows.push([
            dialect,
            f.name,
            f.rps.toFixed(0),
            f.p50,
            f.p99,
            f.errors + f.non2xx,
            f === noop ? '' : `${(share * 100).toFixed(0)}% (target >= ${goal * 100}%)`,
          ]);
        if (share < goal || noop.errors + noop.non2xx + ingest.errors + ingest.non2xx > 0) failed = true;
        acknowledged += ingest.ok;
        notes.push(`${dialect}, ${what}: rounds of ingestion / no-op ${roundShares(paired)}`);
      }
      // Long runs: ten-minute REKT! runs and fishing trips, taking turns on each connection, while
      // another thread checks /api/health; first the same checks with the server idle.
      let l = 0;
      let f = 0;
      const longOk: Record<string, number> = { [GAME]: 0, [FISHING]: 0 };
      const countOk = (gameId: string) => (status: number, body: string) => {
        if (status >= 200 && status < 300) longOk[gameId]! += 1;
        else if (!refusals.has(gameId)) refusals.set(gameId, `${status} ${body.slice(0, 300)}`);
      };
      const refusals = new Map<string, string>();
      const longRuns = {
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: `/api/games/${GAME}/runs`,
            setupRequest: (request: Record<string, unknown>) => rektRun(request, l++, longRekt, longIds),
            onResponse: countOk(GAME),
          },
          {
            method: 'POST',
            path: `/api/games/${FISHING}/runs`,
            setupRequest: (request: Record<string, unknown>) => {
              const i = f++;
              const { play } = trips[i % trips.length]!;
              const body = { runId: tripIds[i]!, score: play.score, fish: play.fish, inputs: play.inputs };
              return {
                ...request,
                headers: {
                  authorization: `Bearer ${fishingTokens[i % fishingTokens.length]}`,
                  'content-type': 'application/json',
                },
                body: JSON.stringify(body),
              };
            },
            onResponse: countOk(FISHING),
          },
        ],
      };
      const health = `${server.url}/api/health`;
      const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      await loopDelayP99(server.url, metricsToken);
      const idleChecks = healthLatency(health);
      await pause(LONG_SECONDS);
      const idle = await idleChecks.stop();
      const idleLoop = await loopDelayP99(server.url, metricsToken);
      const loadedChecks = healthLatency(health);
      const long = await measure('ten-minute REKT! runs and fishing trips', { ...longRuns, duration: LONG_SECONDS });
      const loaded = await loadedChecks.stop();
      const loadedLoop = await loopDelayP99(server.url, metricsToken);
      const healthRatio = p99(loaded) / p99(idle);
      const healthOk = healthRatio <= HEALTH_LOADED_TARGET;
      const loopOk = loadedLoop < LOOP_DELAY_TARGET_MS;
      const longFailed = long.errors + long.non2xx;
      if (!healthOk || !loopOk || longFailed > 0) failed = true;
      acknowledged += longOk[GAME]!;
      const tripsOk = longOk[FISHING]!;
      longRows.push([
        dialect,
        long.rps.toFixed(0),
        long.p99,
        longFailed,
        `${p99(idle).toFixed(1)} (${idle.length} checks)`,
        `${p99(loaded).toFixed(1)} (${loaded.length} checks): ${healthRatio.toFixed(1)}x (target <= ${HEALTH_LOADED_TARGET}x)`,
        idleLoop.toFixed(1),
        `${loadedLoop.toFixed(1)} (target < ${LOOP_DELAY_TARGET_MS})`,
      ]);
      for (const [gameId, refusal] of refusals)
        notes.push(`${dialect}: a long run of ${gameId} was refused: ${refusal}`);
      if (l > LONG_TICKETS || f > LONG_TICKETS) {
        failed = true;
        notes.push(`${dialect}: more long runs sent than tickets ready (BENCH_LONG_TICKETS)`);
      }

      if (t > TICKETS) {
        failed = true;
        notes.push(
          `${dialect}: ${formatCount(t)} replayed runs sent but only ${formatCount(TICKETS)} tickets ready (BENCH_TICKETS)`,
        );
      }

      // Nothing acknowledged may be lost: every 2xx run is in the game's total (plus, at most, the
      // runs still in flight when a round stopped, stored but not counted by the client).
      const total = (await (await fetch(`${server.url}/api/stats/global/${GAME}`)).json()).stats.totalGames as number;
      const consistent = total >= acknowledged && total <= acknowledged + CONNECTIONS * 2 * (ROUNDS + 2);
      const tripsTotal = (await (await fetch(`${server.url}/api/stats/global/${FISHING}`)).json()).stats
        .totalGames as number;
      const tripsConsistent = tripsTotal >= tripsOk && tripsTotal <= tripsOk + CONNECTIONS;
      // Every stored run entered every tournament (signed and replayed runs are both verified): their
      // runs add up to the game's total (both read once the server stopped, so runs in flight when the
      // bench stopped count in both).
      await server.stop();
      const { entered, stored } = await tournamentRuns(url, dir);
      const tournamentsAgree = entered.length === TOURNAMENTS && entered.every((runs) => runs === stored);
      if (!consistent || !tournamentsAgree || !tripsConsistent) failed = true;
      notes.push(
        `${dialect}: ${formatCount(acknowledged)} runs acknowledged (with the warm-ups), game total ${formatCount(total)}${consistent ? '' : ' (MISMATCH)'}, ` +
          `stored ${formatCount(stored)}, counted in each of the ${TOURNAMENTS} running tournaments ${entered.map(formatCount).join(', ')}${tournamentsAgree ? '' : ' (MISMATCH)'}; ` +
          `fishing trips acknowledged ${formatCount(tripsOk)}, game total ${formatCount(tripsTotal)}${tripsConsistent ? '' : ' (MISMATCH)'}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const cost = replayCost();
console.log(
  `Replay of a two-minute REKT! run (${formatCount(cost.steps)} steps), CPU time over ${cost.runs} replays: ` +
    `median ${cost.median.toFixed(1)} ms, p99 ${cost.p99.toFixed(1)} ms (one core; the replay budget is 1,000 ms)`,
);
for (const dialect of (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[])
  await benchDialect(dialect);
console.log(
  `\nScore ingestion, ${PLAYERS} players, ${TOURNAMENTS} running tournaments of the game, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s per endpoint ` +
    `(p50: median round, p99: worst round), ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(table(['database', 'endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'failed', 'share of no-op'], rows));
console.log(
  `\nWhile players submit ten-minute REKT! runs (${formatCount(longRekt[0]!.play.steps)} steps, ${longRekt[0]!.play.flaps.length} flaps) and fishing trips ` +
    `(${CONNECTIONS} connections, ${LONG_SECONDS} s): /api/health p99 from another thread, one request at a time, idle then under load; ` +
    `the server's event-loop delay p99 (monitorEventLoopDelay, beyond its ${LOOP_SAMPLING_MS} ms sampling interval) over the same spans\n`,
);
console.log(
  table(
    [
      'database',
      'long runs/s',
      'p99 ms',
      'failed',
      'health p99 ms, idle',
      'health p99 ms, under load',
      'loop delay p99 ms, idle',
      'loop delay p99 ms, under load',
    ],
    longRows,
  ),
);
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
if (failed) {
  console.log('\nA target was missed, a request failed or a run was lost.');
  process.exitCode = 1;
}
