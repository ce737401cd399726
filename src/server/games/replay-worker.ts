// A thread of the replay pool (`replay-pool.ts`): replays one run's input log with its game's
// replayer (`replayers/`) and answers its result, or the refusal, as plain data (errors do not
// cross threads as their own classes). Built into a file of its own (astro.config.mjs,
// `serverWorkers`); in development and tests it runs from its source through tsx.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { ReplayError } from '~games/shared/prng.js';
import { AppError } from '../shared/errors';
import { REPLAY_THREAD_NICE, type LoggedRun } from './replay';
import { REPLAYERS } from './replayers';

/** This thread's id (Linux), or null elsewhere. */
function threadId(): number | null {
  try {
    // `/proc/thread-self` names `{pid}/task/{tid}`
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

const tid = threadId();
// setpriority(2) with a thread's id sets that thread's niceness alone; where it cannot (another
// system), the replays run at the process's priority
if (tid !== null) {
  try {
    setPriority(tid, REPLAY_THREAD_NICE);
  } catch {
    // the process may not lower itself further (a container's limits): the same priority then
  }
}

/** What the pool sends: the game whose replayer runs, and the run. */
export interface ReplayTask {
  gameId: string;
  run: LoggedRun;
}

/** What a thread answers: the replay's result or why the run is refused, and the replay's time (ms). */
export type ReplayOutcome = { ms: number } & (
  | { result: LoggedRun['input'] }
  | { refused: { status: number; message: string; headers: Record<string, string>; details: Record<string, unknown> } }
  | { replayError: { kind: string; message: string } }
);

export default function replayTask({ gameId, run }: ReplayTask): ReplayOutcome {
  const replayer = REPLAYERS.get(gameId);
  if (replayer?.from !== 'inputs') throw new Error(`No replayer of input logs for the game ${gameId}.`);
  const started = performance.now();
  try {
    const result = replayer.replay(run);
    return { ms: performance.now() - started, result };
  } catch (error) {
    const ms = performance.now() - started;
    if (error instanceof AppError) {
      const { status, message, headers, details } = error;
      return { ms, refused: { status, message, headers, details } };
    }
    if (error instanceof ReplayError) return { ms, replayError: { kind: error.kind, message: error.message } };
    throw error;
  }
}
