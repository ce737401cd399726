import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { playRekt } from '../../scripts/autoplay';
import { replay } from '~games/rekt/game.js';
import { AppError } from '../../src/server/shared/errors';
import { REPLAY_THREAD_NICE, type LoggedRun } from '../../src/server/games/replay';
import { rektReplayer } from '../../src/server/games/replayers/rekt';
import { REPLAY_BUSY_MESSAGE, ReplayPool, replayShortHere } from '../../src/server/games/replay-pool';
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
      ...rektRun(seed, { ...expected, score, flaps: [] }),
      inputs: flaps,
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

/** A REKT! run of `seed` as the server replays it, claiming `play`'s result. */
function rektRun(
  seed: number,
  play: { score: number; level: number; achievements: object; flaps: number[] },
): LoggedRun {
  return {
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
    input: {
      runId: 'r',
      score: play.score,
      level: play.level,
      achievements: play.achievements as Record<string, boolean>,
    },
    age: 3_600_000,
    inputs: play.flaps,
    maxSteps: 10_000_000,
  };
}

describe('where a run is replayed', () => {
  it("replays a short run on the request's thread, a long one on the pool, and one that goes on past the steps allowed here on the pool", async () => {
    const pool = new ReplayPool({ threads: 1 });
    pools.push(pool);
    const seed = 2463534242;
    const replayer = rektReplayer as Extract<typeof rektReplayer, { from: 'inputs' }>;
    const outcome = async (play: ReturnType<typeof playRekt>, inlineSteps?: number) => {
      const replayed = await replayShortHere('rekt', replayer, rektRun(seed, play), { pool, inlineSteps });
      return { where: replayed.where, score: replayed.result?.score, error: replayed.error };
    };
    // about five seconds of play: its last flap well inside the steps allowed here
    const short = playRekt(seed, { until: 3 });
    expect(short.flaps.at(-1)!).toBeLessThan(1_000);
    expect(await outcome(short)).toEqual({ where: 'request', score: short.score, error: undefined });
    // ten minutes of play
    const long = playRekt(seed, { maxSteps: 600 * 120 });
    expect(long.flaps.at(-1)!).toBeGreaterThan(10_000);
    expect(await outcome(long)).toEqual({ where: 'pool', score: long.score, error: undefined });
    // no flap at all, but the bird takes longer to fall than the (test's) steps allowed here
    const fall = playRekt(seed, { until: 0 });
    expect(fall.flaps).toEqual([]);
    expect(await outcome(fall, Math.floor(fall.steps / 2))).toEqual({
      where: 'pool',
      score: fall.score,
      error: undefined,
    });
    // a refusal found here is answered from here, as the pool would
    const wrong = await replayShortHere('rekt', replayer, rektRun(seed, { ...short, score: short.score + 1 }), {
      pool,
    });
    expect(wrong).toMatchObject({ where: 'request', error: { status: 422 } });
  });

  it.runIf(process.platform === 'linux')(
    "runs the pool's threads at the lowest priority, and the thread that answers requests at the process's",
    async () => {
      const niceness = () =>
        readdirSync('/proc/self/task').map((tid) => ({
          tid: Number(tid),
          // the 19th field of a thread's stat: its niceness
          nice: Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
        }));
      const lowest = () => niceness().filter((t) => t.nice === REPLAY_THREAD_NICE).length;
      const before = lowest();
      const pool = new ReplayPool({ threads: 2 });
      pools.push(pool);
      const seed = 2463534242;
      const play = playRekt(seed, { maxSteps: 600 * 120 });
      // both threads replay (each takes one of two runs sent at once)
      const replays = await Promise.all([
        pool.replay('rekt', rektRun(seed, play)),
        pool.replay('rekt', rektRun(seed, play)),
      ]);
      expect(replays.map((r) => r.result?.score)).toEqual([play.score, play.score]);
      expect(lowest() - before).toBe(2);
      expect(niceness().find((t) => t.tid === process.pid)?.nice).toBe(0);
    },
  );
});
