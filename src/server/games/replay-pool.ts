// The replay pool (README, "Fair play"): the server's replays of input logs run on worker threads
// (`replay-worker.ts`), one per core of the machine, never on the thread that answers requests, so
// a long replay holds no other request up and every core replays. Replays wait in a bounded queue;
// past it a run is refused with a 503 and `Retry-After` (the arcade's games send it again) instead
// of piling up.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ReplayError } from '~games/shared/prng.js';
import { AppError } from '../shared/errors';
import type { LoggedRun, Replayer } from './replay';
import type { ReplayOutcome, ReplayTask } from './replay-worker';

/** Threads that replay: one per core the process may use. */
export const REPLAY_THREADS = Math.max(1, availableParallelism());
/**
 * Replays that may wait for a thread, per thread. An honest run replays in a few milliseconds (a
 * ten-minute REKT! run in about 8 ms), the longest log a body can hold in about 30 ms: a full queue
 * is under a second of work.
 */
export const REPLAY_QUEUE_PER_THREAD = 32;
/** Seconds a run refused by a full queue is asked to wait (`Retry-After`). */
export const REPLAY_BUSY_RETRY_SECONDS = 1;
export const REPLAY_BUSY_MESSAGE = `The arcade is busy replaying other runs right now. Please send this run again in ${REPLAY_BUSY_RETRY_SECONDS} second.`;

/** The 503 of a full queue. */
export const replayBusy = () =>
  new AppError(503, REPLAY_BUSY_MESSAGE, { 'Retry-After': String(REPLAY_BUSY_RETRY_SECONDS) });

export interface ReplayPoolOptions {
  threads?: number;
  /** Replays that may wait for a thread in all (default {@link REPLAY_QUEUE_PER_THREAD} per thread). */
  maxQueue?: number;
  /** The worker's module (tests give one of their own); default `replay-worker.ts`, built or source. */
  filename?: string;
}

/** The replayer's result, or its refusal as the replayer threw it, and the replay's time in ms. */
export interface Replayed {
  ms: number;
  result?: LoggedRun['input'];
  error?: AppError | ReplayError;
}

/** This module runs from its TypeScript source (development, tests), not from the build. */
const fromSource = import.meta.url.endsWith('.ts');

export class ReplayPool {
  readonly threads: number;
  readonly maxQueue: number;
  readonly #pool: Piscina<ReplayTask, ReplayOutcome>;

  constructor({ threads = REPLAY_THREADS, maxQueue, filename }: ReplayPoolOptions = {}) {
    this.threads = threads;
    this.maxQueue = maxQueue ?? threads * REPLAY_QUEUE_PER_THREAD;
    this.#pool = new Piscina({
      // The build turns this address into the worker's own file (astro.config.mjs, `serverWorkers`).
      filename: filename ?? new URL('./replay-worker.ts', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      maxQueue: this.maxQueue,
      // From source, the worker's imports (the `~/` alias, paths without extensions) need tsx.
      ...(fromSource || filename?.endsWith('.ts')
        ? { execArgv: [...process.execArgv.filter((a) => !a.includes('tsx')), '--import', 'tsx'] }
        : {}),
    });
  }

  /** Replays waiting for a thread. */
  get queued(): number {
    return this.#pool.queueSize;
  }

  /** Replay `run` with the replayer of `gameId` on a thread; a 503 ({@link replayBusy}) when the queue is full. */
  async replay(gameId: string, run: LoggedRun): Promise<Replayed> {
    if (this.#pool.queueSize >= this.maxQueue) throw replayBusy();
    let outcome: ReplayOutcome;
    try {
      outcome = await this.#pool.run({ gameId, run });
    } catch (error) {
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw replayBusy();
      throw error;
    }
    if ('result' in outcome) return { ms: outcome.ms, result: outcome.result };
    if ('refused' in outcome) {
      const { status, message, headers, details } = outcome.refused;
      return { ms: outcome.ms, error: new AppError(status, message, headers, details) };
    }
    return { ms: outcome.ms, error: new ReplayError(outcome.replayError.kind, outcome.replayError.message) };
  }

  /** Stop the threads (tests; a replay still running is refused). */
  close(): Promise<void> {
    return this.#pool.close({ force: true });
  }
}

let shared: ReplayPool | null = null;

/** The process's replay pool, started on its first replay. */
export function replayPool(): ReplayPool {
  return (shared ??= new ReplayPool());
}

/** Replay on the process's pool: see {@link ReplayPool.replay}. */
export const replayOnPool = (gameId: string, run: LoggedRun) => replayPool().replay(gameId, run);

/**
 * The steps a replay may take on the thread that answers the request. A run whose input log ends
 * within half of them (a REKT! run of up to about 8 s, a fishing trip of up to about 16 s) replays
 * there in a fraction of a millisecond (at most about 0.4 ms for all of them, measured at 0.05-0.17
 * us a step), less than the trip to a pool thread and back costs; a longer log, or a run that goes
 * on past them, replays on the pool. So no request waits behind more than that.
 */
export const INLINE_REPLAY_STEPS = 2_000;

/** Where a run was replayed: on the request's thread, or on the pool. */
export type ReplayedWhere = Replayed & { where: 'request' | 'pool' };

/**
 * Replay `run` with `replayer`: a short run on this thread (bounded by {@link INLINE_REPLAY_STEPS}),
 * any other on the pool (`pool`, `inlineSteps`: tests).
 */
export async function replayShortHere(
  gameId: string,
  replayer: Extract<Replayer, { from: 'inputs' }>,
  run: LoggedRun,
  { pool = replayPool(), inlineSteps = INLINE_REPLAY_STEPS }: { pool?: ReplayPool; inlineSteps?: number } = {},
): Promise<ReplayedWhere> {
  const last = replayer.lastStep(run.inputs);
  if (last === undefined || last < inlineSteps / 2) {
    const started = performance.now();
    const took = () => performance.now() - started;
    try {
      const result = replayer.replay({ ...run, maxSteps: Math.min(run.maxSteps, inlineSteps) });
      return { ms: took(), result, where: 'request' };
    } catch (error) {
      // a run that goes on past the steps allowed here, but not past its own: the pool replays it all
      const onward = error instanceof ReplayError && error.kind === 'too-long' && run.maxSteps > inlineSteps;
      if (!onward) {
        if (error instanceof AppError || error instanceof ReplayError) return { ms: took(), error, where: 'request' };
        throw error;
      }
    }
  }
  return { ...(await pool.replay(gameId, run)), where: 'pool' };
}
