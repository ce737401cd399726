import * as z from 'zod/mini';

/** The eight REKT! formation achievements. */
export const REKT_FORMATIONS = ['long line', 'double arc', 'jump trajectory', 'spiral', 'long wave', 'big diamond', 'zigzag', 'mega circle'] as const;

const wholeNumber = (what: string) => z.number(`${what} must be a whole number`).check(z.int(`${what} must be a whole number`), z.gte(0, `${what} must be 0 or more`));

/** One fish of a fishing run. */
export const fishSchema = z.object({
  name: z.string('Each fish needs a name').check(z.trim(), z.minLength(1, 'Each fish needs a name'), z.maxLength(60, 'Fish names are at most 60 characters')),
  points: wholeNumber('Fish points'),
  /** Kilograms. */
  weight: z.number('Fish weight must be a number of kilograms').check(z.gt(0, 'Fish weight must be more than 0 kg'), z.lte(10_000, 'Fish weight must be at most 10000 kg')),
  quality: z.number('Fish quality must be 1 to 5').check(z.int('Fish quality must be 1 to 5'), z.gte(1, 'Fish quality must be 1 to 5'), z.lte(5, 'Fish quality must be 1 to 5')),
});
export type Fish = z.infer<typeof fishSchema>;

/** Body of `POST /api/games/{gameId}/runs`: one finished run, as the game reports it. */
export const submitRunRequestSchema = z.object({
  /** The game's idempotency key for this run: a replay with the same key never counts twice. */
  runId: z.string('runId is required').check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'runId must be 1-100 letters, digits, or _ . : -')),
  score: wholeNumber('score'),
  level: z.optional(wholeNumber('level')),
  fish: z.optional(z.array(fishSchema, 'fish must be a list').check(z.maxLength(500, 'At most 500 fish per run'))),
  achievements: z.optional(
    z.record(z.string().check(z.minLength(1), z.maxLength(40, 'Achievement names are at most 40 characters')), z.boolean('Achievements map names to true or false')),
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
}

/** A player's best in one game. */
export interface BestView {
  score: number;
  level: number | null;
  fishCaught: number;
  totalPlays: number;
  reachedAt: string;
}

/** Answer of `GET /api/auth/game-token`. */
export const gameTokenResponseSchema = z.object({ gameToken: z.string(), expiresAt: z.string() });

/** Answer of `GET /api/stats/global/{gameId}`. */
export const globalStatsResponseSchema = z.object({ stats: z.object({ totalGames: z.number() }) });

/** Answer of `GET /api/stats/user/{id}`. */
export const userStatsResponseSchema = z.object({ stats: z.object({ bestScore: z.number(), totalPlays: z.number() }) });

/** What a catalogue game's runs report beyond the score (the games collection's `results`). */
export interface GameResults {
  /** Fish caught, with their details. */
  fish: boolean;
  /** REKT!'s coin formations. */
  formations: boolean;
  /** Levels reached. */
  levels: boolean;
}
