import * as z from 'zod/mini';
import { HIDDEN_CHARACTERS, oneLineText } from './text';

/** The eight REKT! formation achievements. */
export const REKT_FORMATIONS = [
  'long line',
  'double arc',
  'jump trajectory',
  'spiral',
  'long wave',
  'big diamond',
  'zigzag',
  'mega circle',
] as const;

const wholeNumber = (what: string) =>
  z
    .number(`${what} must be a whole number`)
    .check(z.int(`${what} must be a whole number`), z.gte(0, `${what} must be 0 or more`));

/** Entries of a run's input log at most (README, "Fair play"). */
export const MAX_INPUTS = 20_000;

/** One fish of a fishing run. */
export const fishSchema = z.object({
  name: z
    .string('Each fish needs a name')
    .check(
      z.trim(),
      z.minLength(1, 'Each fish needs a name'),
      z.maxLength(60, 'Fish names are at most 60 characters'),
      oneLineText('Fish names'),
    ),
  points: wholeNumber('Fish points'),
  /** Kilograms. */
  weight: z
    .number('Fish weight must be a number of kilograms')
    .check(z.gt(0, 'Fish weight must be more than 0 kg'), z.lte(10_000, 'Fish weight must be at most 10000 kg')),
  quality: z
    .number('Fish quality must be 1 to 5')
    .check(
      z.int('Fish quality must be 1 to 5'),
      z.gte(1, 'Fish quality must be 1 to 5'),
      z.lte(5, 'Fish quality must be 1 to 5'),
    ),
});
export type Fish = z.infer<typeof fishSchema>;

/** Body of `POST /api/games/{gameId}/runs`: one finished run, as the game reports it. */
export const submitRunRequestSchema = z.object({
  /** The game's idempotency key for this run: a replay with the same key never counts twice. */
  runId: z
    .string('runId is required')
    .check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'runId must be 1-100 letters, digits, or _ . : -')),
  score: wholeNumber('score'),
  level: z.optional(wholeNumber('level')),
  fish: z.optional(z.array(fishSchema, 'fish must be a list').check(z.maxLength(500, 'At most 500 fish per run'))),
  achievements: z.optional(
    // The names are checked on the record: a key's own check would only say 'Invalid key in record'.
    z.record(z.string(), z.boolean('Achievements map names to true or false')).check(
      z.refine(
        (names) => Object.keys(names).every((name) => name.length >= 1 && name.length <= 40),
        'Achievement names are 1 to 40 characters',
      ),
      z.refine(
        (names) => Object.keys(names).every((name) => !HIDDEN_CHARACTERS.test(name)),
        'Achievement names cannot hold control characters or text-direction marks',
      ),
    ),
  ),
  /**
   * The run's input log, for games the server replays (README, "Fair play"): REKT!, the steps at
   * which the bird flapped; Fishing for Sats!, `[step, input]` pairs. Checked per game.
   */
  inputs: z.optional(
    z
      .array(z.unknown(), 'inputs must be a list')
      .check(z.maxLength(MAX_INPUTS, `The input log can have at most ${MAX_INPUTS} entries`)),
  ),
  /**
   * The player the run is for (`GET /api/games/token-info`'s userId). A body a game's server signs
   * must carry it, so the signature holds for that player's runs only (README, "Fair play").
   */
  userId: z.optional(
    z
      .number('userId must be a whole number')
      .check(z.int('userId must be a whole number'), z.positive('userId must be a whole number')),
  ),
});
export type SubmitRunRequest = z.infer<typeof submitRunRequestSchema>;

/** A stored run as the API returns it. */
export interface RunView {
  runId: string;
  gameId: string;
  score: number;
  level: number | null;
  fishCaught: number;
  createdAt: string;
  /** True when the server replayed the run (or the game's signed server vouched for it). */
  verified: boolean;
}

/** A player's best in one game. */
export interface BestView {
  score: number;
  level: number | null;
  fishCaught: number;
  totalPlays: number;
  reachedAt: string;
}

/** Body of `POST /api/games/mr-quiz/runs/{runId}/answers`: the answer to one question of the run. */
export const quizAnswerRequestSchema = z.object({
  /** Which question of the run (0 for the first), answered in order. */
  question: z
    .number('question must be a whole number')
    .check(z.int('question must be a whole number'), z.gte(0, 'question must be 0 or more')),
  /** The answer picked (0-3, in the order the ticket listed them), or null when the time ran out. */
  choice: z.nullable(
    z
      .number('choice must be 0 to 3 or null')
      .check(
        z.int('choice must be 0 to 3 or null'),
        z.gte(0, 'choice must be 0 to 3 or null'),
        z.lte(3, 'choice must be 0 to 3 or null'),
      ),
  ),
  /** Milliseconds the player took, as the game measured them. */
  ms: z
    .number('ms must be a whole number of milliseconds')
    .check(
      z.int('ms must be a whole number of milliseconds'),
      z.gte(0, 'ms must be 0 or more'),
      z.lte(3_600_000, 'ms must be at most 3600000'),
    ),
});
export type QuizAnswerRequest = z.infer<typeof quizAnswerRequestSchema>;

/** Answer of `GET /api/auth/game-token`. */
export const gameTokenResponseSchema = z.object({
  gameToken: z.string(),
  expiresAt: z.string(),
  /** Where the reference games (site-relative catalogue URLs) are served: GAMES_ORIGIN. */
  gamesOrigin: z.string(),
});

/** Answer of `GET /api/stats/global/{gameId}`. */
export const globalStatsResponseSchema = z.object({ stats: z.object({ totalGames: z.number() }) });

/** Answer of `GET /api/stats/user/{id}`. */
export const userStatsResponseSchema = z.object({
  stats: z.object({ bestScore: z.number(), totalPlays: z.number(), verifiedPlays: z.optional(z.number()) }),
});

/** What a catalogue game's runs report beyond the score (the games collection's `results`). */
export interface GameResults {
  /** Fish caught, with their details. */
  fish: boolean;
  /** REKT!'s coin formations. */
  formations: boolean;
  /** Levels reached. */
  levels: boolean;
}
