import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { signUpPlayer, type ApiPlayer } from '../support/players';
import { startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

// The data download of a large account (README, "Your data"): streamed page by page, so the server
// keeps answering and its memory stays flat; how many at once and how often.

/** Runs of the large account: about 1 kB each in the file, 76 MB in all. */
const RUNS = 80_000;
/**
 * How much the server's resident memory may grow while it writes that file. Streamed, it stays
 * some tens of MB whatever the file's size (V8's heap grows to its working size, then stays);
 * built whole, as before, a 279 MB file took the process to 2.1 GB, so this one would take ~500 MB.
 */
const RSS_BOUND_MB = 192;

/** One fishing run's fish, as a real run stores them (about 1 kB of JSON). */
const FISH = JSON.stringify(
  Array.from({ length: 8 }, (_, i) => ({
    name: `Satoshi Snapper ${i}`,
    points: 100 + i,
    weightKg: 1.25 + i,
    quality: (i % 5) + 1,
    rarity: 'rare',
    depth: 'deep',
  })),
);

/** Write `count` fishing runs for `userId` straight into the server's database, in one transaction. */
async function bulkRuns(server: RunningServer, userId: number, count: number) {
  const at = Date.UTC(2026, 0, 1);
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into runs (user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, created_at, verified)
         select $1, 'fishing-for-sats', 'bulk-' || g, g, 1, 8, $2, null, $3::bigint + g, 1 from generate_series(1, $4::int) g`,
        [userId, FISH, at, count],
      );
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(join(server.dataDir, 'arcade.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into runs (user_id, game_id, run_id, score, level, fish_count, fish_json, achievements_json, created_at, verified)
       values (?, 'fishing-for-sats', ?, ?, 1, 8, ?, null, ?, 1)`,
    );
    db.transaction(() => {
      for (let g = 1; g <= count; g++) insert.run(userId, `bulk-${g}`, g, FISH, at + g);
    })();
  } finally {
    db.close();
  }
}

/** The server's resident memory in MB, from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) / 1024;
}

const exportOf = (server: RunningServer, player: ApiPlayer) =>
  fetch(`${server.url}/api/account/export`, { headers: { cookie: player.cookie } });

describe.each(DIALECTS)('the data download against the built server on %s', (dialect) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServerOn(dialect, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('streams a large account while /api/health answers within 200 ms, with the memory flat, and the file holds every run', async () => {
    const angler = await signUpPlayer(server, 'Big_Angler');
    await bulkRuns(server, angler.id, RUNS);
    // Warm the route up first, so its first load does not count as growth.
    expect(
      (await call(server, '/api/account/export', { cookie: (await signUpPlayer(server, 'Warm_Up')).cookie })).status,
    ).toBe(200);
    const rssBefore = rssMb(server.pid);

    let done = false;
    let slowest = 0;
    let probes = 0;
    let rssPeak = rssBefore;
    const chunks: Uint8Array[] = [];
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        const health = await fetch(`${server.url}/api/health`);
        await health.text();
        slowest = Math.max(slowest, performance.now() - started);
        probes++;
        rssPeak = Math.max(rssPeak, rssMb(server.pid));
        // A sample every 20 ms: the probe measures the server, it does not wait for anything.
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      const response = await exportOf(server, angler);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="sats-arcade-Big_Angler-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      // Kept as it comes, read afterwards: this process's own work must not delay the probes.
      for await (const chunk of response.body!) chunks.push(chunk);
    } finally {
      done = true;
      await probing;
    }

    const bytes = chunks.reduce((sum, c) => sum + c.byteLength, 0);
    const text = Buffer.concat(chunks).toString('utf8');
    const data = JSON.parse(text) as { account: { id: number }; runs: { runId: string; fish: unknown }[] };
    expect(data.account.id).toBe(angler.id);
    expect(data.runs).toHaveLength(RUNS);
    expect(data.runs[0]).toMatchObject({ runId: 'bulk-1', fish: JSON.parse(FISH) });
    expect(data.runs.at(-1)!.runId).toBe(`bulk-${RUNS}`);
    expect(new Set(data.runs.map((r) => r.runId)).size).toBe(RUNS);
    expect(bytes / 2 ** 20).toBeGreaterThan(70);
    expect(probes).toBeGreaterThan(5);
    expect(slowest).toBeLessThan(200);
    expect(rssPeak - rssBefore).toBeLessThan(RSS_BOUND_MB);
  }, 180_000);

  it('prepares two downloads at once and refuses a third with a 503 until one ends, and three an hour per account', async () => {
    const players = await Promise.all(['Held_One', 'Held_Two', 'Waits_Three'].map((n) => signUpPlayer(server, n)));
    // Large enough that an unread download fills the connection and waits there.
    for (const held of players.slice(0, 2)) await bulkRuns(server, held.id, 20_000);
    const held = await Promise.all(players.slice(0, 2).map((p) => exportOf(server, p)));
    expect(held.map((r) => r.status)).toEqual([200, 200]);

    const refused = await call(server, '/api/account/export', { cookie: players[2]!.cookie });
    expect(refused).toMatchObject({
      status: 503,
      json: { error: 'Other players’ data downloads are being prepared right now. Please try again in a minute.' },
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('cache-control')).toBe('no-store');

    // One reader hangs up: its place is free once the server has seen it go.
    await held[0]!.body!.cancel();
    let next = await call(server, '/api/account/export', { cookie: players[2]!.cookie });
    while (next.status === 503) next = await call(server, '/api/account/export', { cookie: players[2]!.cookie });
    expect(next.status).toBe(200);
    expect(JSON.parse(next.text).account.id).toBe(players[2]!.id);
    // The other reads to the end: a complete file.
    const whole = JSON.parse(await held[1]!.text()) as { runs: unknown[] };
    expect(whole.runs).toHaveLength(20_000);

    // Per account: three downloads an hour (the refusals above never counted).
    for (let i = 0; i < 2; i++)
      expect((await call(server, '/api/account/export', { cookie: players[2]!.cookie })).status).toBe(200);
    const tooOften = await call(server, '/api/account/export', { cookie: players[2]!.cookie });
    expect(tooOften.status).toBe(429);
    expect(tooOften.json.error).toMatch(/^Too many data downloads\. Please try again in (60|59) minutes\.$/);
    expect(Number(tooOften.headers.get('retry-after'))).toBeGreaterThan(3500);
  }, 180_000);
});
