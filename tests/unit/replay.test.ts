import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunTicketRow } from '~/server/db/schema';
import { threadCpuMs, type LoggedRun } from '~/server/games/replay';
import { fishingForSatsReplayer } from '~/server/games/replayers/fishing-for-sats';
import { rektReplayer } from '~/server/games/replayers/rekt';
import { replayTrip } from '~games/fishing-for-sats/game.js';
import { replay } from '~games/rekt/game.js';
import { mulberry32, ReplayError } from '~games/shared/prng.js';

// Recorded runs (README, "Fair play"): the same logs must give the same results in Node (here) and
// in Chromium (tests/e2e/fair-play.spec.ts), or the server would refuse honest runs.
interface Golden {
  rekt: {
    seed: number;
    flaps: number[];
    expected: { score: number; level: number; steps: number; achievements: Record<string, boolean> };
  }[];
  fishing: {
    /** The version of the fishing rules the trip was played by (the old trips keep verifying under 1). */
    rules: number;
    seed: number;
    startedAt: number;
    inputs: [number, number][];
    expected: { score: number; steps: number; fish: unknown[] };
  }[];
}
const golden: Golden = JSON.parse(readFileSync('tests/fixtures/golden-replays.json', 'utf8'));
const NO_LIMIT = 10_000_000;

describe('the shared simulations replay recorded runs in Node', () => {
  it('the seeded random numbers are the same everywhere (integer arithmetic only)', () => {
    const random = mulberry32(42);
    expect([random(), random(), random()].map((x) => Math.floor(x * 2 ** 32))).toEqual([
      2581720956, 1925393290, 3661312704,
    ]);
  });

  it.each(golden.rekt)('REKT! seed $seed', (run) => {
    expect(replay(run.seed, run.flaps, NO_LIMIT)).toEqual(run.expected);
  });

  it.each(golden.fishing)('Fishing for Sats! rules $rules, seed $seed', (run) => {
    expect(replayTrip(run.seed, run.startedAt, run.inputs, NO_LIMIT, Infinity, run.rules)).toEqual(run.expected);
  });

  it('a fishing trip is another trip under the other rules', () => {
    expect(golden.fishing.map((run) => run.rules)).toEqual(expect.arrayContaining([1, 2]));
    for (const run of golden.fishing) {
      let other: unknown;
      try {
        other = replayTrip(run.seed, run.startedAt, run.inputs, run.expected.steps * 3, Infinity, 3 - run.rules);
      } catch (error) {
        other = error; // (the log may not fit the other rules' trip at all, or never end it)
      }
      expect(other).not.toEqual(run.expected);
    }
  });

  it('another seed or one flap fewer is another run', () => {
    const run = golden.rekt[0];
    // The same flaps in another world: the bird dies early (flaps left over) or scores otherwise.
    expect(() => replay(run.seed + 1, run.flaps, NO_LIMIT)).toThrow(/after the bird was REKT/);
    expect(replay(run.seed, run.flaps.slice(0, -40), NO_LIMIT).score).toBeLessThan(run.expected.score);
  });

  it('refuses logs no run can have, runs longer than allowed, and replays over their CPU budget', () => {
    const run = golden.rekt[1];
    const kind = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof ReplayError ? error.kind : 'other';
      }
      return 'none';
    };
    expect(kind(() => replay(run.seed, [...run.flaps].reverse(), NO_LIMIT))).toBe('bad-log');
    expect(kind(() => replay(run.seed, [...run.flaps, run.expected.steps + 500], NO_LIMIT))).toBe('bad-log');
    expect(kind(() => replay(run.seed, run.flaps, run.expected.steps - 1))).toBe('too-long');
    expect(kind(() => replay(run.seed, run.flaps, run.expected.steps))).toBe('none');
    const long = golden.rekt[0];
    expect(kind(() => replay(long.seed, long.flaps, NO_LIMIT, 0))).toBe('budget');
    const trip = golden.fishing[0];
    expect(
      kind(() =>
        replayTrip(
          trip.seed,
          trip.startedAt,
          [...trip.inputs, [trip.expected.steps + 10, 0]],
          NO_LIMIT,
          Infinity,
          trip.rules,
        ),
      ),
    ).toBe('bad-log');
    // Without the last NEXT CAST the trip never ends: it runs into its step limit.
    expect(
      kind(() =>
        replayTrip(trip.seed, trip.startedAt, trip.inputs.slice(0, -1), trip.expected.steps * 2, Infinity, trip.rules),
      ),
    ).toBe('too-long');
  });
});

// A replay's budget (1 s) used to be counted on the wall clock: on a machine past its capacity a
// replay thread that waited for a core ran out of it, and an honest long run was refused as too
// long to verify. The server's replayers now count their thread's CPU time.
describe("the server's replay budget counts the replay thread's CPU time, not the wall clock", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The two longest recorded runs, as the server's replayers take them (both pass a 4,096-step check). */
  const rekt = golden.rekt[0]!;
  const trip = golden.fishing[5]!;
  const runs = () => [
    () =>
      rektReplayer.from === 'inputs' &&
      rektReplayer.replay({
        gameName: 'REKT!',
        ticket: { seed: rekt.seed } as RunTicketRow,
        input: {
          runId: 'r1',
          score: rekt.expected.score,
          level: rekt.expected.level,
          achievements: rekt.expected.achievements,
        },
        age: 0,
        inputs: rekt.flaps,
        maxSteps: NO_LIMIT,
      } as LoggedRun),
    () =>
      fishingForSatsReplayer.from === 'inputs' &&
      fishingForSatsReplayer.replay({
        gameName: 'Fishing for Sats!',
        ticket: { seed: trip.seed, started_at: trip.startedAt } as RunTicketRow,
        input: { runId: 'r2', score: trip.expected.score, fish: trip.expected.fish },
        age: 0,
        inputs: trip.inputs,
        maxSteps: NO_LIMIT,
        rules: trip.rules,
      } as LoggedRun),
  ];

  it("the thread's CPU clock stands still while the thread waits, and moves while it replays", () => {
    const before = threadCpuMs();
    // the thread blocks for 200 ms of wall time, as one waiting for a core would, and uses no CPU
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    expect(threadCpuMs() - before).toBeLessThan(50);
    // the kernel counts a thread's time in scheduler ticks (4 ms here): twenty replays of the long
    // run (about 3 ms each) span many of them
    const start = threadCpuMs();
    for (let i = 0; i < 20; i++) replay(rekt.seed, rekt.flaps, NO_LIMIT);
    expect(threadCpuMs() - start).toBeGreaterThan(0);
  });

  it('a replay whose thread used more than the budget is refused, however little wall time passed', () => {
    // 2 s of CPU between two looks at the clock
    let micros = 0;
    vi.spyOn(process, 'threadCpuUsage').mockImplementation(() => ({ user: (micros += 2_000_000), system: 0 }));
    for (const run of runs()) expect(run).toThrow(expect.objectContaining({ kind: 'budget' }));
  });

  it('a replay whose thread waited (the wall clock ran on, its CPU time did not) is not refused', () => {
    let wall = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (wall += 10_000));
    vi.spyOn(process, 'threadCpuUsage').mockImplementation(() => ({ user: 1_000, system: 0 }));
    const [rektRun, tripRun] = runs();
    expect(rektRun!()).toMatchObject({ score: rekt.expected.score, level: rekt.expected.level });
    expect(tripRun!()).toMatchObject({ score: trip.expected.score });
  });
});
