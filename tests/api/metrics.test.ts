import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { playRekt } from '../../scripts/autoplay';
import { signUpPlayer, submitRun } from '../support/players';
import { startServer, startServerOn, type RunningServer } from '../support/server';
import { DIALECTS } from '../support/services';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('/metrics without METRICS_TOKEN', () => {
  it('is not served at all', async () => {
    const server = await startServer({});
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
    } finally {
      await server.stop();
    }
  });
});

describe.each(DIALECTS)('/metrics on %s', (dialect) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServerOn(dialect, { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('counts requests by route and status, times them, and shows ingestion batches, replays, rankings and the pool', async () => {
    const player = await signUpPlayer(server, `Metered_${dialect}`);
    expect((await submitRun(server, player, 'metered-1', 500)).status).toBe(201);
    // A run the server replays: the bird falls from the start (no flap), about a second of play.
    const ticket = (
      await call(server, '/api/games/rekt/runs/start', {
        method: 'POST',
        headers: { authorization: `Bearer ${player.gameToken}` },
        noOrigin: true,
      })
    ).json;
    const fall = playRekt(ticket.seed, { until: 0 });
    await new Promise((r) => setTimeout(r, (fall.steps / 120) * 1000 + 300));
    const replayed = await call(server, '/api/games/rekt/runs', {
      body: {
        runId: ticket.runId,
        score: fall.score,
        level: fall.level,
        achievements: fall.achievements,
        inputs: fall.flaps,
      },
      headers: { authorization: `Bearer ${player.gameToken}` },
      noOrigin: true,
    });
    expect(replayed).toMatchObject({ status: 201, json: { run: { verified: true } } });
    await call(server, '/api/leaderboards/rekt');
    await call(server, '/api/games/no-such-game/runs', { method: 'POST', body: {}, noOrigin: true });
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const text = await response.text();
    expect(text).toMatch(
      /arcade_http_requests_total\{route="\/api\/games\/\[gameId\]\/runs",method="POST",status="201"\} 2/,
    );
    expect(text).toMatch(
      /arcade_http_requests_total\{route="\/api\/games\/\[gameId\]\/runs",method="POST",status="404"\} 1/,
    );
    expect(text).toMatch(
      /arcade_http_request_duration_seconds_count\{route="\/api\/leaderboards\/\[gameId\]",method="GET"\} 1/,
    );
    expect(text).toMatch(/arcade_ingest_batch_size_count [1-9]/);
    // a run this short replays on the thread that answers it (handbook, Fair play)
    expect(text).toMatch(/arcade_replay_duration_seconds_count\{game="rekt",thread="request"\} 1\n/);
    // The time it took, inside the 1 s replay budget, in the bucket of 1 s and every one above.
    const seconds = Number(/arcade_replay_duration_seconds_sum\{game="rekt",thread="request"\} (\S+)/.exec(text)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(1);
    expect(text).toMatch(/arcade_replay_duration_seconds_bucket\{le="1",game="rekt",thread="request"\} 1\n/);
    expect(text).toMatch(/arcade_rankings_players\{game="rekt"\} 1/);
    expect(text).toMatch(/arcade_node_process_resident_memory_bytes \d+/);
    if (dialect === 'postgres') expect(text).toMatch(/arcade_db_pool_connections\{state="total"\} [1-9]/);
  });

  it("follows Prometheus' naming rules as promtool checks them: only counters, and every counter, end in _total", async () => {
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name: name!, type: type! }));
    expect(types.length).toBeGreaterThan(20);
    expect(types.filter(({ name, type }) => type !== 'counter' && name.endsWith('_total'))).toEqual([]);
    expect(types.filter(({ name, type }) => type === 'counter' && !name.endsWith('_total'))).toEqual([]);
    // what the three gauges named *_total counted is still there, by type
    expect(types).toContainEqual({ name: 'arcade_node_nodejs_active_handles', type: 'gauge' });
  });
});
