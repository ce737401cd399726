import * as z from 'zod/mini';
import { MEDALS } from '../medals';
import { leaderboardEntrySchema } from './leaderboard';
import { prizeAwardSchema, tournamentSchema } from './tournament';

// The results page (server-rendered; `tournamentResults` in src/server/tournaments/results.ts)

/** A final board row: the leaderboard entry and its medal. */
export const resultEntrySchema = z.extend(leaderboardEntrySchema, { medal: z.nullable(z.enum(MEDALS)) });
export type ResultEntry = z.infer<typeof resultEntrySchema>;

/** A prize award with its winner: username (null when the account is gone), final rank and score (null when not on the board). */
export const prizeAwardResultSchema = z.extend(prizeAwardSchema, {
  username: z.nullable(z.string()),
  rank: z.nullable(z.number()),
  score: z.nullable(z.number()),
  avatarName: z.nullable(z.string()),
  avatarImageUrl: z.nullable(z.string()),
  /** Paid by the arcade over Lightning, with a public proof (`/tournament/{id}/payouts`). */
  paidOverLightning: z.boolean(),
});
export type PrizeAwardResult = z.infer<typeof prizeAwardResultSchema>;

/**
 * What `/tournament/{id}/results` shows: the tournament, the final board's first rows with medals
 * (and the number of players), bitcoin awards sorted by rank (unmatched last), avatar awards, and
 * per offered avatar how many players earned it.
 */
export const tournamentResultsSchema = z.object({
  tournament: tournamentSchema,
  entries: z.array(resultEntrySchema),
  totalPlayers: z.number(),
  bitcoinAwards: z.array(prizeAwardResultSchema),
  avatarAwards: z.array(prizeAwardResultSchema),
  /** avatarId -> players who earned it (avatar prize awards), for every avatar the tournament offers. */
  avatarEarned: z.record(z.string(), z.number()),
});
export type TournamentResults = z.infer<typeof tournamentResultsSchema>;
