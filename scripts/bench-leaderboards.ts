// `npm run bench:leaderboards` (part of `npm run bench`): seeds BENCH_PLAYERS (default 1,000,000) players with a best
// REKT! score and a realistic country mix, then measures leaderboard pages and own rank against the
// built server, next to its no-op endpoint in the same run, on SQLite and on PostgreSQL. The middle
// player also gets 1,000 runs, formations and avatars, and their achievements, public profile and
// profile page are measured too. A running REKT! tournament of BENCH_TOURNAMENT_PLAYERS (default
// 100,000) of them has its board's first page, a participant's own rank and its server-rendered
// results page measured as well. Needs
// `npm run build` first.
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCount, formatOneDecimal, SECOND } from '~/lib/format';
import { createSession } from '~/server/auth/sessions';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/server/db';
import { startServer } from '../tests/support/server';
import { createPgDatabase } from '../tests/support/services';
import {
  combineRounds,
  CONNECTIONS,
  DURATION,
  measurePaired,
  memoryOf,
  sequentialLatency,
  table,
  type Figures,
  type Paired,
} from './bench-support';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const GAME = 'rekt';
const MAX_SCORE = 250_000;
const T0 = Date.UTC(2025, 10, 1);
const TOURNAMENT_PLAYERS = Math.min(PLAYERS, Number(process.env.BENCH_TOURNAMENT_PLAYERS ?? 100_000));

/** Share of players per country, in thousandths (the rest of the world shares what is left). */
const COUNTRY_MIX: [string, number][] = [
  ['US', 220],
  ['DE', 70],
  ['GB', 60],
  ['BR', 55],
  ['IN', 50],
  ['FR', 45],
  ['CA', 35],
  ['NG', 30],
  ['NL', 25],
  ['JP', 25],
  ['ES', 25],
  ['IT', 25],
  ['AR', 20],
  ['MX', 20],
  ['AU', 20],
  ['PL', 18],
  ['TR', 16],
  ['SV', 15],
  ['ZA', 15],
  ['KR', 15],
  ['CH', 12],
  ['SE', 12],
  ['PT', 10],
  ['AT', 10],
  ['VN', 10],
  ['PH', 10],
  ['ID', 10],
  ['KE', 8],
  ['CZ', 8],
  ['NO', 6],
  ['XX', 50],
];

function countrySlots(): string[] {
  const slots = COUNTRY_MIX.flatMap(([code, share]) => Array<string>(share).fill(code));
  const rest = [
    'BE',
    'DK',
    'FI',
    'IE',
    'NZ',
    'CL',
    'CO',
    'PE',
    'UA',
    'RO',
    'GR',
    'HU',
    'IL',
    'SG',
    'TH',
    'EG',
    'GH',
    'PK',
  ];
  for (let i = 0; slots.length < 1000; i++) slots.push(rest[i % rest.length]!);
  return slots;
}

/** Seed users and their best REKT! score with set-based SQL (a minute or less at a million). */
async function seed(handle: DatabaseHandle): Promise<void> {
  const { db, dialect } = handle;
  const series = dialect === 'postgres' ? sql`generate_series(1, ${sql.lit(PLAYERS)}) as s(i)` : sql`s`;
  const withSeries =
    dialect === 'postgres'
      ? sql``
      : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(PLAYERS)})`;
  await sql`create table bench_countries (slot integer primary key, code varchar(2) not null)`.execute(db);
  await db
    .insertInto('bench_countries' as never)
    .values(countrySlots().map((code, slot) => ({ slot, code })) as never)
    .execute();
  await sql`${withSeries}
    insert into users (username, username_key, email, country, created_at)
    select 'player_' || i, 'player_' || i, 'player_' || i || '@bench.test', c.code, ${sql.lit(T0)} + (cast(i as bigint) * 7919 % 31536000) * 1000
    from ${series} join bench_countries c on c.slot = (cast(i as bigint) * 2654435761) % 1000`.execute(db);
  // Scores skewed low (x cubed, x uniform in [0, 1)): many ties at the bottom, few stars at the top.
  const x = sql`((cast(id as bigint) * 48271) % 2147483647) / 2147483647.0`;
  const score =
    dialect === 'postgres'
      ? sql`floor(${sql.lit(MAX_SCORE)} * ${x} * ${x} * ${x})::bigint`
      : sql`cast(${sql.lit(MAX_SCORE)} * ${x} * ${x} * ${x} as integer)`;
  await sql`
    insert into game_stats (user_id, game_id, plays, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, last_played_at)
    select id, ${sql.lit(GAME)}, 1 + id % 20, ${score}, 1 + id % 40, 0, null, created_at + (id % 86400) * 1000, created_at + (id % 86400) * 1000
    from users`.execute(db);
  await sql`insert into game_totals (game_id, total_runs) select ${sql.lit(GAME)}, sum(plays) from game_stats`.execute(
    db,
  );
  await sql`drop table bench_countries`.execute(db);
  // On PostgreSQL a vacuum too: otherwise autovacuum visits the million new rows during the bench.
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

/** Signed-in sessions for the players at 0-based positions of the global order. */
async function sessionsAt(
  handle: DatabaseHandle,
  positions: number[],
): Promise<{ position: number; userId: number; cookie: string }[]> {
  const out = [];
  for (const position of positions) {
    const row = await handle.db
      .selectFrom('game_stats')
      .select('user_id')
      .where('game_id', '=', GAME)
      .orderBy('best_score', 'desc')
      .orderBy('best_reached_at')
      .orderBy('user_id')
      .limit(1)
      .offset(position)
      .executeTakeFirstOrThrow();
    const session = await createSession(handle.db, row.user_id);
    out.push({ position, userId: row.user_id, cookie: `sats_session=${session.token}` });
  }
  return out;
}

/**
 * A REKT! tournament running through the bench, entered by the first TOURNAMENT_PLAYERS players with
 * their best as their tournament best; a signed-in session for its middle participant.
 */
async function seedTournament(handle: DatabaseHandle): Promise<{ id: number; position: number; cookie: string }> {
  const { db } = handle;
  const now = Date.now();
  const { id } = await db
    .insertInto('tournaments')
    .values({
      name: 'Bench Championship',
      game_id: GAME,
      description: '',
      start_at: T0,
      end_at: now + 30 * 24 * 3600 * SECOND,
      image_filename: null,
      first_place_sats: 10_000,
      second_to_fifth_sats: 1_000,
      random_participant_sats: 500,
      report_content: '',
      created_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into tournament_entries (tournament_id, user_id, runs, best_score, best_level, best_fish_count, best_fish_json, best_reached_at, entered_at)
    select ${id}, user_id, 1, best_score, best_level, 0, null, best_reached_at, best_reached_at from game_stats
    where game_id = ${GAME} and user_id <= ${TOURNAMENT_PLAYERS}`.execute(db);
  const position = Math.floor(TOURNAMENT_PLAYERS / 2);
  const middle = await db
    .selectFrom('tournament_entries')
    .select('user_id')
    .where('tournament_id', '=', id)
    .orderBy('best_score', 'desc')
    .orderBy('best_reached_at')
    .orderBy('user_id')
    .limit(1)
    .offset(position)
    .executeTakeFirstOrThrow();
  const session = await createSession(db, middle.user_id);
  return { id, position, cookie: `sats_session=${session.token}` };
}

/** Runs of the player whose achievements and profile are measured. */
const PROFILE_RUNS = 1_000;

/**
 * Give the player `userId` a history: PROFILE_RUNS runs in the benchmark game (their best stays the
 * seeded one), some formations, three avatars and an active one, as a long-time player has.
 */
async function seedProfile(handle: DatabaseHandle, userId: number): Promise<void> {
  const { db, dialect } = handle;
  const series = dialect === 'postgres' ? sql`generate_series(1, ${sql.lit(PROFILE_RUNS)}) as s(i)` : sql`s`;
  const withSeries =
    dialect === 'postgres'
      ? sql``
      : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(PROFILE_RUNS)})`;
  await sql`${withSeries}
    insert into runs (user_id, game_id, run_id, score, level, fish_count, created_at)
    select ${userId}, ${sql.lit(GAME)}, 'bench-' || i, i * 7 % 5000, 1 + i % 30, 0, ${sql.lit(T0)} + i * 60000
    from ${series}`.execute(db);
  await db
    .updateTable('game_stats')
    .set({ plays: PROFILE_RUNS, total_score: PROFILE_RUNS * 2500 })
    .where('user_id', '=', userId)
    .where('game_id', '=', GAME)
    .execute();
  await db
    .insertInto('user_achievements')
    .values(['spiral', 'zigzag', 'long line'].map((name) => ({ user_id: userId, name, unlocked_at: T0 })))
    .execute();
  await db
    .insertInto('player_avatars')
    .values([
      { user_id: userId, avatar_id: 'fiat-bird', source: 'beginner', acquired_at: T0 },
      { user_id: userId, avatar_id: 'bitcoin-duck', source: 'pro', acquired_at: T0 },
      { user_id: userId, avatar_id: 'sats-miner', source: 'Genesis Cup', acquired_at: T0 },
    ])
    .execute();
  await db
    .updateTable('users')
    .set({ active_avatar_id: 'bitcoin-duck', avatar_changed_at: T0 })
    .where('id', '=', userId)
    .execute();
}

const rows: (string | number)[][] = [];
const notes: string[] = [];
let failed = false;
const ms = (n: number) => n.toFixed(2);

/** Rounds per measured endpoint, each endpoint taking turns with the no-op (see `measurePaired`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ROUND_SECONDS = Math.max(1, Math.round(DURATION / ROUNDS));

function report(dialect: string, p: Paired, target?: number) {
  const f = p.target;
  const missed = (target !== undefined && p.share < target) || f.errors + f.non2xx + p.noop.errors + p.noop.non2xx > 0;
  if (missed) failed = true;
  rows.push([
    dialect,
    f.name,
    f.rps.toFixed(0),
    f.p50,
    f.p99,
    f.errors + f.non2xx,
    `${(p.share * 100).toFixed(0)}%${target ? ` (target >= ${target * 100}%)` : ''}`,
  ]);
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const pg = dialect === 'postgres' ? await createPgDatabase() : null;
  const dir = mkdtempSync(join(tmpdir(), 'sats-arcade-bench-'));
  const url = pg?.url ?? `file:${join(dir, 'arcade.db')}`;
  const handle = openDatabase(url, dir);
  try {
    await migrateToLatest(handle);
    let started = performance.now();
    await seed(handle);
    const seedSeconds = (performance.now() - started) / SECOND;
    const positions = [0, Math.floor(PLAYERS / 2), PLAYERS - 1];
    const players = await sessionsAt(handle, positions);
    const profiled = players[1]!;
    await seedProfile(handle, profiled.userId);
    const tournament = await seedTournament(handle);
    await (handle.dialect === 'postgres' ? sql`vacuum analyze tournament_entries` : sql`analyze`).execute(handle.db);
    await handle.db.destroy();

    started = performance.now();
    const server = await startServer({
      DATABASE_URL: url,
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    });
    const upMs = performance.now() - started;
    try {
      started = performance.now();
      const first = await fetch(`${server.url}/api/leaderboards/${GAME}?type=global&page=1&limit=50`);
      if (!first.ok) throw new Error(`first leaderboard page: ${first.status} ${await first.text()}`);
      const loadMs = performance.now() - started;
      const loaded = memoryOf(server.pid);

      // The answers must be right before their speed means anything.
      for (const p of players) {
        const rank = await (
          await fetch(`${server.url}/api/leaderboards/${GAME}/user-rank?type=global`, { headers: { cookie: p.cookie } })
        ).json();
        if (rank.rank !== p.position + 1 || rank.totalPlayers !== PLAYERS)
          throw new Error(`player at ${p.position} got ${JSON.stringify(rank)}`);
      }

      // Each endpoint takes turns with the no-op; the no-op's row sums all of its rounds.
      const noops: Figures[] = [];
      const noopRow = rows.push([]) - 1;
      const paired = async (name: string, options: Record<string, unknown>, target?: number) => {
        const p = await measurePaired(name, options, { url: `${server.url}/api/health` }, ROUNDS, ROUND_SECONDS);
        noops.push(p.noop);
        report(dialect, p, target);
      };
      await paired(
        'page 1 (global)',
        { url: `${server.url}/api/leaderboards/${GAME}?type=global&page=1&limit=50` },
        0.5,
      );
      const deepPage = Math.floor(PLAYERS / 50 / 2);
      await paired(`page ${formatCount(deepPage)} (global, middle)`, {
        url: `${server.url}/api/leaderboards/${GAME}?type=global&page=${deepPage}&limit=50`,
      });
      await paired('page 1 (country DE)', {
        url: `${server.url}/api/leaderboards/${GAME}?type=country&country=DE&page=1&limit=50`,
      });
      // The floor under any answer one request at a time: the no-op, and a signed-in no-op (the same
      // session lookup an own-rank call makes, without the rank).
      const floor = await sequentialLatency(`${server.url}/api/health`, {});
      rows.push([
        dialect,
        'no-op GET /api/health, one request at a time',
        '',
        ms(floor.p50),
        ms(floor.p99),
        floor.failed,
        '',
      ]);
      const me = await sequentialLatency(`${server.url}/api/auth/me`, { cookie: players[1]!.cookie });
      rows.push([
        dialect,
        'signed-in GET /api/auth/me, one request at a time',
        '',
        ms(me.p50),
        ms(me.p99),
        me.failed,
        '',
      ]);
      const names = ['top', 'middle', 'bottom'];
      for (const [i, p] of players.entries()) {
        const rankUrl = `${server.url}/api/leaderboards/${GAME}/user-rank?type=global`;
        await paired(
          `own rank, ${names[i]} (#${formatCount(p.position + 1)})`,
          { url: rankUrl, headers: { cookie: p.cookie } },
          0.5,
        );
        const one = await sequentialLatency(rankUrl, { cookie: p.cookie });
        if (one.p99 >= 5 || one.failed) failed = true;
        rows.push([
          dialect,
          `own rank, ${names[i]}, one request at a time`,
          '',
          ms(one.p50),
          ms(one.p99),
          one.failed,
          'p99 target < 5 ms',
        ]);
      }
      // A long-time player's own achievements, their public profile and its server-rendered page.
      await paired(
        `GET /api/achievements (${formatCount(PROFILE_RUNS)} runs)`,
        { url: `${server.url}/api/achievements`, headers: { cookie: profiled.cookie } },
        0.4,
      );
      const profileUrl = `${server.url}/api/users/${profiled.userId}/profile`;
      const profile = await (await fetch(profileUrl)).json();
      if (profile.gameStats?.find((g: { gameId: string }) => g.gameId === GAME)?.globalRank !== profiled.position + 1)
        throw new Error(`profile of the middle player: ${JSON.stringify(profile)}`);
      await paired(`GET /api/users/{id}/profile (${formatCount(PROFILE_RUNS)} runs)`, { url: profileUrl }, 0.4);
      const pageUrl = `${server.url}/users/${profiled.userId}`;
      if ((await fetch(pageUrl)).status === 200)
        await paired(`GET /users/{id} (page, ${formatCount(PROFILE_RUNS)} runs)`, { url: pageUrl }, 0.4);
      else rows.push([dialect, 'GET /users/{id} (page)', '', '', '', '', 'not built yet']);
      // A running tournament's board and a participant's own rank.
      const tRank = await (
        await fetch(`${server.url}/api/tournaments/${tournament.id}/user-rank`, {
          headers: { cookie: tournament.cookie },
        })
      ).json();
      if (tRank.rank !== tournament.position + 1 || tRank.totalPlayers !== TOURNAMENT_PLAYERS)
        throw new Error(`tournament participant at ${tournament.position} got ${JSON.stringify(tRank)}`);
      await paired(
        `tournament board page 1 (${formatCount(TOURNAMENT_PLAYERS)} players)`,
        { url: `${server.url}/api/tournaments/${tournament.id}/leaderboard?page=1&limit=50` },
        0.5,
      );
      await paired(
        `tournament own rank, middle (#${formatCount(tournament.position + 1)})`,
        { url: `${server.url}/api/tournaments/${tournament.id}/user-rank`, headers: { cookie: tournament.cookie } },
        0.5,
      );
      // Its results page, rendered on the server: the first 100 rows of the board and the prizes.
      const resultsUrl = `${server.url}/tournament/${tournament.id}/results`;
      const resultsPage = await fetch(resultsUrl);
      if (
        resultsPage.status !== 200 ||
        !(await resultsPage.text()).includes(`${formatCount(TOURNAMENT_PLAYERS)} players`)
      )
        throw new Error(`the results page of the bench tournament answered ${resultsPage.status}`);
      await paired(
        `GET /tournament/{id}/results (page, ${formatCount(TOURNAMENT_PLAYERS)} players)`,
        { url: resultsUrl },
        0.3,
      );
      const country = await sequentialLatency(
        `${server.url}/api/leaderboards/${GAME}/user-rank?type=country&country=US`,
        { cookie: players[1]!.cookie },
      );
      rows.push([
        dialect,
        'own rank, middle, country US, one request at a time',
        '',
        ms(country.p50),
        ms(country.p99),
        country.failed,
        '',
      ]);
      const noop = combineRounds(noops);
      rows[noopRow] = [
        dialect,
        `no-op GET /api/health (${noops.length * ROUNDS} rounds)`,
        noop.rps.toFixed(0),
        noop.p50,
        noop.p99,
        noop.errors + noop.non2xx,
        '',
      ];
      const after = memoryOf(server.pid);
      notes.push(
        `${dialect}: seeded ${formatCount(PLAYERS)} players in ${formatOneDecimal(seedSeconds)} s; server up in ${formatOneDecimal(upMs / SECOND)} s, ` +
          `leaderboards loaded (first page answered) ${formatOneDecimal(loadMs / SECOND)} s later; memory ${loaded.rss} MB resident after loading, ` +
          `${after.rss} MB after the bench (peak ${after.peak} MB)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await handle.db.destroy().catch(() => undefined);
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const dialect of (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[])
  await benchDialect(dialect);
console.log(
  `\nLeaderboards at ${formatCount(PLAYERS)} players, ${CONNECTIONS} connections, each endpoint in ${ROUNDS} rounds of ${ROUND_SECONDS} s ` +
    `taking turns with the no-op (share: of the no-op in the same rounds), ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(table(['database', 'endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'failed', 'share of no-op'], rows));
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
if (failed) {
  console.log('\nA target was missed or a request failed.');
  process.exitCode = 1;
}
