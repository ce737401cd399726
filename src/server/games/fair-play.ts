// Fair play (README, "Fair play"): run tickets, the server's replay of the arcade's own games, and
// results signed by a game's own server. Anything worth sats is decided here, not in the browser.
import { hash, randomInt } from 'node:crypto';
import { HOUR, MINUTE, SECOND } from '~/lib/format';
import type { SubmitRunRequest } from '~/lib/schemas/games';
import { hit } from '../shared/rate-limit';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
import { preparedLookup } from '../db/prepared';
import { replaySeconds } from '../shared/metrics';
import type { RunTicketRow } from '../db/schema';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../shared/errors';
import type { CatalogueGame } from './catalogue';
import { answerInState, quizQuestions, scoreQuiz, type QuizState, type TicketQuestion } from './quiz';
import { recentQuizKeys, rememberQuiz } from './quiz-history';
import { rulesFor } from './rules';
import { REPLAY_CPU_BUDGET_MS, seconds } from './replay';
import { replayShortHere } from './replay-pool';
import { noTicket, TICKET_REUSED, ticketOfAnotherGame, ticketOfAnotherPlayer } from './ticket-refusals';
import { assertPlausible, type RunToStore } from './runs';
import { ticketFacts, ticketRunId } from './ticket-ids';
// What the reference games' rules throw at an input log no run can have (each game's replayer: ./replayers/).
import { ReplayError } from '~games/shared/prng.js';

/** A ticket serves one run for at most this long after it was issued. */
export const TICKET_LIFETIME_MS = 2 * HOUR;
/** Open (unused, unexpired) tickets one player keeps per game: starting another drops the oldest. */
export const MAX_OPEN_TICKETS = 5;
/**
 * Mr Quiz keeps one: the server reveals each answer once it is given, so two open quizzes sharing a
 * question would let a player look it up in one and answer it right in the other.
 */
export const MAX_OPEN_QUIZZES = 1;
/** Run starts one player may ask for per minute in one game. */
export const TICKET_STARTS = { max: 60, windowMs: MINUTE, what: 'run starts of this game from this player' };
/** A `ticket`-mode run submitted sooner than this after its ticket is refused as too fast. */
export const MIN_TICKET_RUN_MS = 2 * SECOND;
/**
 * The replay may cover a little more time than the ticket's age: the browser's clock and the
 * server's may tick at slightly different rates. The log may never cover more than this.
 */
const CLOCK_SLACK = 1.02;
const CLOCK_SLACK_MS = 500;
/**
 * Replay time one player may take on one server process per minute. Honest play needs a few
 * milliseconds a run (a two-minute REKT! run replays in under 1 ms, and the run limit is 60 a
 * minute); the longest log a body can hold takes about 30 ms. Past this, runs that need a replay
 * are refused (429) before replaying, so no one player can keep a core busy with made-up runs.
 */
export const REPLAY_MS_PER_MINUTE = 3_000;
/** Replay time per player in the current minute of this process (the players of the last minutes at most). */
const replayTime = new LRUCache<number, { windowStart: number; ms: number }>({ max: 50_000 });
const thisMinute = (
  spent: { windowStart: number } | undefined,
  now: number,
): spent is { windowStart: number; ms: number } =>
  spent !== undefined && now >= spent.windowStart && now - spent.windowStart < MINUTE;

/** Count `ms` of replay time against the player's minute (tests use it to spend the allowance). */
export function chargeReplay(userId: number, ms: number, now: number): void {
  const spent = replayTime.get(userId);
  if (thisMinute(spent, now)) spent.ms += ms;
  else replayTime.set(userId, { windowStart: now, ms });
}

/** The 429 for a player whose replay time of this minute is used up. */
function assertReplayAllowance(userId: number, now: number): void {
  const spent = replayTime.get(userId);
  if (thisMinute(spent, now) && spent.ms >= REPLAY_MS_PER_MINUTE)
    throw tooManyRequests(spent.windowStart + MINUTE - now, 'runs to replay from this player');
}

/** Largest body of a run (an input log of a long run included). */
export const MAX_RUN_BODY_BYTES = 64 * 1024;

export interface RunTicket {
  runId: string;
  seed: number;
  /** ISO time the ticket was issued: the fish in season and the run's time limits go by it. */
  startedAt: string;
  /** Mr Quiz: the run's questions, answers in the order the player sees them, without the right one. */
  questions?: TicketQuestion[];
}

/**
 * The server asks this game's questions and takes the answers one by one (Mr Quiz): its replayer
 * scores a run from its ticket (`from: 'ticket'`), so the ticket carries the questions.
 */
const asksQuestions = (game: CatalogueGame) => game.replayer?.from === 'ticket';

/** One-shot (`crypto.hash`): no Hash object per run. */
const sha256 = (text: string) => hash('sha256', text, 'hex');

/**
 * Issue a run ticket: `POST /api/games/{gameId}/runs/start`. Its runId spells the ticket's player,
 * seed and start (`ticket-ids.ts`), so the run it serves is replayed without reading it first.
 */
export async function startRun(db: Db, game: CatalogueGame, userId: number, now = Date.now()): Promise<RunTicket> {
  if ((game.rules.fairPlay ?? 'none') === 'none')
    throw badRequest(
      `${game.name} runs need no run ticket: submit them to /api/games/${game.rules.gameId}/runs directly.`,
    );
  // Per game, as the open tickets below: one game's starts never stop or push out another's.
  await hit(db, `tickets:user:${userId}:${game.rules.gameId}`, TICKET_STARTS, now);
  const seed = randomInt(2 ** 32 - 1);
  const runId = ticketRunId({ userId, seed, startedAt: now });
  // A game the server asks (Mr Quiz): questions made from the seed, leaving out those of the player's last 50 quizzes.
  const quiz = asksQuestions(game) ? quizQuestions(seed, await recentQuizKeys(db, userId)) : null;
  await db
    .insertInto('run_tickets')
    .values({
      run_id: runId,
      user_id: userId,
      game_id: game.rules.gameId,
      seed,
      started_at: now,
      used_at: null,
      body_hash: null,
      quiz_json: quiz ? JSON.stringify(quiz.state) : null,
    })
    .execute();
  if (quiz) await rememberQuiz(db, userId, quiz.state.keys!, now);
  // The per-player limit: the oldest open tickets beyond it are dropped (their runs can no longer be saved).
  const open = await db
    .selectFrom('run_tickets')
    .select(['run_id', 'quiz_json'])
    .where('user_id', '=', userId)
    .where('game_id', '=', game.rules.gameId)
    .where('used_at', 'is', null)
    .where('started_at', '>', now - TICKET_LIFETIME_MS)
    .orderBy('started_at', 'desc')
    .orderBy('run_id')
    .execute();
  // A quiz whose every question is answered reveals nothing more: it stays until it is saved.
  const droppable = quiz
    ? open.filter((t) => !scoreQuiz(JSON.parse(t.quiz_json ?? 'null') as QuizState | null).finished)
    : open;
  const dropped = droppable.slice(quiz ? MAX_OPEN_QUIZZES : MAX_OPEN_TICKETS).map((t) => t.run_id);
  if (dropped.length) await db.deleteFrom('run_tickets').where('run_id', 'in', dropped).execute();
  return { runId, seed, startedAt: new Date(now).toISOString(), ...(quiz ? { questions: quiz.questions } : {}) };
}

/**
 * A ticket by its run id: a run whose id does not spell its ticket's facts reads one, as does every
 * Mr Quiz run and answer (prepared, planned once; on PostgreSQL the reads of one event-loop turn
 * share one query).
 */
const TICKET_COLUMNS = 'run_id, user_id, game_id, seed, started_at, used_at, body_hash, quiz_json';
const readTicket = preparedLookup<RunTicketRow>(
  'arcade_run_ticket',
  `select ${TICKET_COLUMNS} from run_tickets where run_id = $1`,
  `select ${TICKET_COLUMNS} from run_tickets where run_id = any($1::text[])`,
  (row) => row.run_id,
);

/** The player's ticket `runId` for `game`, or the 4xx that says why there is none to use. */
async function openTicket(
  db: Db,
  game: CatalogueGame,
  userId: number,
  runId: string,
  now: number,
): Promise<RunTicketRow> {
  const ticket = await readTicket(db, runId);
  const start = `POST /api/games/${game.rules.gameId}/runs/start`;
  if (!ticket) throw noTicket(game.rules.gameId, runId);
  if (ticket.user_id !== userId) throw ticketOfAnotherPlayer();
  if (ticket.game_id !== game.rules.gameId) throw ticketOfAnotherGame(ticket.game_id, game.rules.gameId);
  if (ticket.used_at === null && now - ticket.started_at > TICKET_LIFETIME_MS) {
    throw new AppError(
      410,
      `This run ticket expired: a ticket serves a run for ${TICKET_LIFETIME_MS / HOUR} hours. Start a new run with ${start}.`,
    );
  }
  return ticket;
}

/**
 * Check a run submitted with a game token against its game's fair-play mode, and give back what
 * to store: for `replay` the result of the server's own replay (`verified`), for `ticket` the
 * reported result after the ticket and timing checks, for `none` the run as reported. An unused
 * ticket is used up by the run store, in the same atomic write as the run (`ticketHash`), so a
 * ticket is never spent on a run that was not stored; a retry with the very same body passes again
 * (the run store then answers the stored run), any other body is a reuse and refused (409), here
 * or, when two arrive at once, in the store.
 *
 * A run whose runId spells its ticket's facts (the player's, unexpired) is checked from them
 * without reading the ticket: the run store's write spends the ticket by that id and game, so it
 * finds out whether such a ticket exists, is unused or holds this very body (404, 400 and 409
 * otherwise). Only when such a run is refused here is the ticket read, so that a second body on a
 * used ticket, or an id no ticket has, is answered as when the ticket is read first.
 */
export async function checkRun(
  db: Db,
  game: CatalogueGame,
  userId: number,
  input: SubmitRunRequest,
  rawBody: string,
  now = Date.now(),
): Promise<RunToStore> {
  const mode = game.rules.fairPlay ?? 'none';
  if (mode === 'none') {
    if (input.inputs !== undefined) throw badRequest(`${game.name} runs are not replayed: leave out "inputs".`);
    return input;
  }
  const bodyHash = sha256(rawBody);
  // The ticket of a game the server asks (Mr Quiz) holds the run's answers: it is always read.
  const facts = asksQuestions(game) ? null : ticketFacts(input.runId);
  if (facts && facts.userId === userId && now - facts.startedAt <= TICKET_LIFETIME_MS) {
    const ticket: RunTicketRow = {
      run_id: input.runId,
      user_id: userId,
      game_id: game.rules.gameId,
      seed: facts.seed,
      started_at: facts.startedAt,
      used_at: null,
      body_hash: null,
      quiz_json: null,
    };
    try {
      const rules = await rulesFor(db, game.rules.gameId, ticket.started_at);
      return await checkOnTicket(game, mode, ticket, input, bodyHash, now, rules);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Refused: the ticket, read, may have the answer that comes first (none, another game's, used).
      assertNotReused(await openTicket(db, game, userId, input.runId, now), bodyHash);
      throw error;
    }
  }
  const ticket = await openTicket(db, game, userId, input.runId, now);
  const rules = await rulesFor(db, game.rules.gameId, ticket.started_at);
  return checkOnTicket(game, mode, ticket, input, bodyHash, now, rules);
}

/** A used ticket serves only a retry of the very body it holds: another is a reuse (409). */
function assertNotReused(ticket: RunTicketRow, bodyHash: string): void {
  if (ticket.used_at !== null && ticket.body_hash !== bodyHash) throw conflict(TICKET_REUSED);
}

/** {@link checkRun} on the run's ticket (read, or as its id spells it: then taken as unused). */
async function checkOnTicket(
  game: CatalogueGame,
  mode: 'replay' | 'ticket',
  ticket: RunTicketRow,
  input: SubmitRunRequest,
  bodyHash: string,
  now: number,
  rules: number | undefined,
): Promise<RunToStore> {
  assertNotReused(ticket, bodyHash);
  const age = (ticket.used_at ?? now) - ticket.started_at;
  let run: RunToStore;
  if (mode === 'ticket') {
    if (input.inputs !== undefined) throw badRequest(`${game.name} runs are not replayed: leave out "inputs".`);
    if (age < MIN_TICKET_RUN_MS)
      throw new AppError(
        422,
        `This run was submitted too fast: ${seconds(age)} after its ticket; no run of ${game.name} is that short.`,
      );
    run = input;
  } else {
    // What the run claims must fit its game as a signed run's must (no fish on REKT!, no unknown
    // formation), even where the replay's own result would leave it out.
    assertPlausible(game.rules, input);
    run = { ...(await replayRun(game, ticket, input, age, now, rules)), runId: input.runId, verified: true };
  }
  return ticket.used_at === null ? { ...run, ticketHash: bodyHash } : run;
}

/** The steps a run of `age` ms can have played at most, at `stepSeconds` each. */
function stepsIn(age: number, stepSeconds: number): number {
  return Math.floor((age * CLOCK_SLACK + CLOCK_SLACK_MS) / (stepSeconds * SECOND));
}

/**
 * Replay the run of `ticket` with its game's replayer (the catalogue's) and compare with what it
 * claims: the replay's result, or a 4xx. An input log's replay runs on the replay pool's threads
 * (`replay-pool.ts`: a 503 when its queue is full), a short one on this thread; it is timed,
 * bounded by the ticket's age and the CPU budget (its thread's CPU time, `threadCpuMs`), and
 * charged to the player's replay time (its wall time on the thread: never 0 for work done, as the
 * CPU clock's ticks can read).
 */
async function replayRun(
  game: CatalogueGame,
  ticket: RunTicketRow,
  input: SubmitRunRequest,
  age: number,
  now: number,
  rules: number | undefined,
): Promise<SubmitRunRequest> {
  const { replayer } = game;
  const run = { gameName: game.name, ticket, input, age };
  if (replayer?.from === 'ticket') return replayer.replay(run);
  if (input.inputs === undefined)
    throw badRequest(`${game.name} runs are replayed by the arcade: send the run's input log as "inputs".`);
  if (!replayer)
    throw badRequest(`The arcade cannot replay ${game.name}: set its fair-play mode to "ticket" or "none".`);
  const maxSteps = stepsIn(age, replayer.stepSeconds);
  assertReplayAllowance(ticket.user_id, now);
  const replayed = await replayShortHere(game.rules.gameId, replayer, {
    ...run,
    inputs: input.inputs,
    maxSteps,
    rules,
  });
  replaySeconds.observe({ game: game.rules.gameId, thread: replayed.where }, replayed.ms / 1000);
  chargeReplay(ticket.user_id, replayed.ms, now);
  const { error } = replayed;
  if (!error) return replayed.result!;
  if (!(error instanceof ReplayError)) throw error;
  if (error.kind === 'too-long') {
    throw new AppError(
      422,
      `This run was submitted too fast: its replay lasts longer than the ${seconds(age)} since its ticket was issued.`,
    );
  }
  if (error.kind === 'budget')
    throw new AppError(
      422,
      `This run is too long to verify (its replay took more than ${REPLAY_CPU_BUDGET_MS} ms of the server's CPU time).`,
    );
  throw new AppError(422, `The input log is not one a run can have: ${error.message}`);
}

/** Answer one question of a Mr Quiz run: `POST /api/games/mr-quiz/runs/{runId}/answers`. */
export async function answerQuestion(
  db: Db,
  game: CatalogueGame,
  userId: number,
  runId: string,
  answer: { question: number; choice: number | null; ms: number },
  now = Date.now(),
) {
  if (!asksQuestions(game)) throw notFound(`${game.name} has no questions to answer.`);
  const ticket = await openTicket(db, game, userId, runId, now);
  if (ticket.used_at !== null) throw conflict('This quiz run was already submitted.');
  const state = JSON.parse(ticket.quiz_json ?? 'null') as QuizState;
  const { next, result } = answerInState(state, answer, ticket.started_at, now);
  const saved = await db
    .updateTable('run_tickets')
    .set({ quiz_json: JSON.stringify(next) })
    .where('run_id', '=', runId)
    .where('quiz_json', '=', ticket.quiz_json)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(saved.numUpdatedRows) !== 1) {
    // Gone meanwhile: a newer quiz of the player's dropped it.
    if (!(await readTicket(db, runId))) throw noTicket(game.rules.gameId, runId);
    throw conflict('This question was answered at the same time by another request. Answer each question once.');
  }
  return result;
}

/** Drop the tickets that can no longer serve a run (pruning). */
export async function pruneTickets(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('run_tickets')
    .where('started_at', '<', now - TICKET_LIFETIME_MS - HOUR)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
