// A stand-in for the replay pool's worker (tests/integration/replay-pool.test.ts): each replay
// tells the test it started (`gate[1]`, counted) and then holds its thread until the test
// releases it (`gate[0]` set to 1), as the longest replay would, but for exactly as long as the
// test wants. It answers the run as it was claimed.
import type { ReplayOutcome, ReplayTask } from '../../src/server/games/replay-worker';

export default function heldReplay({ run }: ReplayTask): ReplayOutcome {
  const gate = (run as unknown as { gate: Int32Array }).gate;
  Atomics.add(gate, 1, 1);
  Atomics.notify(gate, 1);
  Atomics.wait(gate, 0, 0);
  return { ms: 0, result: run.input };
}
