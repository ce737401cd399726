import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { playRekt } from '../../scripts/autoplay';
import { replay } from '~games/rekt/game.js';
import { AppError } from '../../src/server/shared/errors';
import type { LoggedRun } from '../../src/server/games/replay';
import { REPLAY_BUSY_MESSAGE, ReplayPool } from '../../src/server/games/replay-pool';
import { ReplayError } from '~games/shared/prng.js';

// The replay pool (README, "Fair play"): replays on worker threads, a bounded queue, a 503 past it.
const HELD = new URL('../support/held-replay-worker.ts', import.meta.url).href;
const pools: ReplayPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** A run for the held worker: `gate` holds its thread (see tests/support/held-replay-worker.ts). */
function heldRun(gate: Int32Array, score: number): LoggedRun {
  return {
    gameName: 'REKT!',
    ticket: {
      run_id: `r${score}`,
      user_id: 1,
      game_id: 'rekt',
      seed: 1,
      started_at: 0,
      used_at: null,
      body_hash: null,
      quiz_json: null,
    },
    input: { runId: `r${score}`, score },
    age: 60_000,
    inputs: [],
    maxSteps: 1,
    gate,
  } as LoggedRun;
}

/** Resolves once `count` replays have started on the held worker (a signal, not a timer). */
async function started(gate: Int32Array, count: number) {
  for (let seen = Atomics.load(gate, 1); seen < count; seen = Atomics.load(gate, 1))
    await Atomics.waitAsync(gate, 1, seen).value;
}

function release(gate: Int32Array) {
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
}

describe('the replay pool', () => {
  it('refuses with 503 and Retry-After once its queue is full, and replays what it took', async () => {
    const pool = new ReplayPool({ threads: 1, maxQueue: 1, filename: HELD });
    pools.push(pool);
    const gate = new Int32Array(new SharedArrayBuffer(8));
    const first = pool.replay('rekt', heldRun(gate, 1));
    await started(gate, 1);
    const second = pool.replay('rekt', heldRun(gate, 2));
    expect(pool.queued).toBe(1);
    const refused = await pool.replay('rekt', heldRun(gate, 3)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: REPLAY_BUSY_MESSAGE, headers: { 'Retry-After': '1' } });
    release(gate);
    expect((await first).result).toEqual({ runId: 'r1', score: 1 });
    expect((await second).result).toEqual({ runId: 'r2', score: 2 });
    // The queue has room again.
    expect((await pool.replay('rekt', heldRun(gate, 4))).result).toEqual({ runId: 'r4', score: 4 });
  });

  it('answers other requests while every thread is replaying', async () => {
    const pool = new ReplayPool({ threads: 2, filename: HELD });
    pools.push(pool);
    const gate = new Int32Array(new SharedArrayBuffer(8));
    const replays = [1, 2, 3].map((score) => pool.replay('rekt', heldRun(gate, score)));
    await started(gate, 2);
    const server = createServer((_, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Both threads are held and a replay waits: this thread still answers, at once and again.
      for (let i = 0; i < 3; i++) expect(await (await fetch(`http://127.0.0.1:${port}/health`)).text()).toBe('ok');
      expect(Atomics.load(gate, 0)).toBe(0);
      expect(pool.queued).toBe(1);
    } finally {
      server.close();
    }
    release(gate);
    expect((await Promise.all(replays)).map((r) => r.result?.score)).toEqual([1, 2, 3]);
  });

  it("replays on its threads with the game's own replayer, refusals as the replayer throws them", async () => {
    const pool = new ReplayPool({ threads: 1 });
    pools.push(pool);
    const seed = 2463534242;
    const play = playRekt(seed, { maxSteps: 600 * 120 });
    const expected = replay(seed, play.flaps, 10_000_000);
    const run = (score: number, flaps: unknown[]): LoggedRun => ({
      gameName: 'REKT!',
      ticket: {
        run_id: 'r',
        user_id: 1,
        game_id: 'rekt',
        seed,
        started_at: 0,
        used_at: null,
        body_hash: null,
        quiz_json: null,
      },
      input: { runId: 'r', score, level: expected.level, achievements: expected.achievements },
      age: 3_600_000,
      inputs: flaps,
      maxSteps: 10_000_000,
    });
    const replayed = await pool.replay('rekt', run(expected.score, play.flaps));
    expect(replayed.result).toEqual({
      runId: 'r',
      score: expected.score,
      level: expected.level,
      achievements: expected.achievements,
    });
    expect(replayed.ms).toBeGreaterThan(0);
    const wrong = await pool.replay('rekt', run(expected.score + 1, play.flaps));
    expect(wrong.error).toBeInstanceOf(AppError);
    expect(wrong.error).toMatchObject({ status: 422, message: expect.stringContaining('does not match its replay') });
    const malformed = await pool.replay('rekt', run(0, ['x']));
    expect(malformed.error).toMatchObject({ status: 400 });
    // What the game's own rules throw (ReplayError) comes back as such, for fair-play.ts to word.
    const tooLong = await pool.replay('rekt', { ...run(0, []), maxSteps: 10 });
    expect(tooLong.error).toBeInstanceOf(ReplayError);
    expect(tooLong.error).toMatchObject({ kind: 'too-long' });
    const unordered = await pool.replay('rekt', run(0, [5, 3]));
    expect(unordered.error).toMatchObject({ kind: 'bad-log' });
  });
});
