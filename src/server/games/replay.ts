// The server's replay of the arcade's own games (README, "Fair play"): what a game's replayer is,
// and the checks every replayer makes of a run against its replay. The catalogue names each game's
// replayer (`catalogue.ts`); the fair-play check runs it (`fair-play.ts`).
import { SECOND } from '~/lib/format';
import type { SubmitRunRequest } from '~/lib/schemas/games';
import type { RunTicketRow } from '../db/schema';
import { AppError } from '../shared/errors';

/**
 * The replay threads' niceness (Linux: 0 is the process's own, 19 the lowest priority). A replay
 * gives way to the thread that answers requests whenever both want a core, so no request waits
 * behind a replay even when every core replays; the replays still use every core nobody else
 * wants. Their 1 s budget counts their own CPU time (`threadCpuMs`), so waiting for a core never
 * refuses a run.
 */
export const REPLAY_THREAD_NICE = 19;

/** CPU time one replay may take at most; a run that needs more is refused (README, "Fair play": measured). */
export const REPLAY_CPU_BUDGET_MS = 1_000;

/**
 * Milliseconds of CPU time the calling thread has used: the clock of a replay's budget. A replay
 * thread that waits for a core (on a busy machine, behind the other threads) spends none of it
 * meanwhile, so a busy machine never refuses an honest run as too long to verify. The kernel counts
 * it in scheduler ticks (4 ms here): fine for a 1 s budget, too coarse to time one short replay.
 */
export function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** A run to replay: its ticket (seed and start; Mr Quiz's answers), what it claims, and its ticket's age. */
export interface RunToReplay {
  /** The game's name, as the answers name it. */
  gameName: string;
  ticket: RunTicketRow;
  input: SubmitRunRequest;
  /** Milliseconds since the ticket was issued. */
  age: number;
}

/** A run replayed from its input log: the log, and the steps its ticket's age allows at most. */
export interface LoggedRun extends RunToReplay {
  inputs: unknown[];
  maxSteps: number;
  /** The version of the game's rules its ticket was issued under (`rules.ts`); undefined: the game's only rules. */
  rules?: number | undefined;
}

/**
 * How the server replays one game: from the run's input log with the game's own rules, step by
 * step (`inputs`: timed, within {@link REPLAY_CPU_BUDGET_MS}, charged to the player's replay time),
 * or from what the run's ticket holds (`ticket`: Mr Quiz's answers, which the server took). Either
 * gives the replay's result, or a 4xx saying where the run differs from it. A `ticket` replayer is
 * also what makes a game one the server asks (`fair-play.ts`): its tickets carry the run's questions
 * and `POST /api/games/{gameId}/runs/{runId}/answers` takes the answers one by one.
 */
export type Replayer =
  | {
      from: 'inputs';
      /** Seconds one step of the game lasts: the log may reach no further than its ticket's age allows. */
      stepSeconds: number;
      /** The step of the log's last entry, or undefined for an empty or malformed log (`replay` says why). */
      lastStep(inputs: unknown[]): number | undefined;
      replay(run: LoggedRun): SubmitRunRequest;
    }
  | { from: 'ticket'; replay(run: RunToReplay): SubmitRunRequest };

/** A duration as the answers give it: '1.5 s'. */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** 422 when the input log reaches past the steps its ticket's age allows. */
export function assertLogFits(lastStep: number | undefined, maxSteps: number, stepSeconds: number, age: number) {
  if (lastStep !== undefined && lastStep >= maxSteps) {
    throw new AppError(
      422,
      `The input log is longer than the run ticket's age allows: it reaches ${seconds(lastStep * stepSeconds * SECOND)} of play, the ticket is ${seconds(age)} old.`,
    );
  }
}

/** 422 unless the run claims what its replay gives (`what` and `verb` word the answer). */
export function assertSame(claimed: number | null, replayed: number, what: string, verb: string) {
  if (claimed !== replayed) {
    const said = what === 'level' ? `level ${claimed ?? 'none'}` : `${what} ${claimed}`;
    throw new AppError(422, `The run does not match its replay: it reports ${said}, the replay ${verb} ${replayed}.`);
  }
}
