import * as z from 'zod/mini';
import { RARITIES, activeAvatarSchema } from './avatars';
import { userSchema } from './user';

/** Answer of `GET /api/user/profile` (signed in): the player and their active avatar. */
export const ownProfileResponseSchema = z.object({
  user: userSchema,
  activeAvatar: z.nullable(activeAvatarSchema),
});
export type OwnProfileResponse = z.infer<typeof ownProfileResponseSchema>;

/** A player's results in one catalogue game. */
export const gameStatsSchema = z.object({
  gameId: z.string(),
  gamesPlayed: z.number(),
  bestScore: z.number(),
  /** The player's place on the game's global board; null while unranked. */
  globalRank: z.nullable(z.number()),
  /** When the player last played it (ISO 8601), null if never. */
  lastPlayed: z.nullable(z.string()),
});
export type GameStats = z.infer<typeof gameStatsSchema>;

/** A tournament the player took part in. */
export const tournamentEntrySchema = z.object({
  tournamentName: z.string(),
  /** When the player entered it (their first run inside its window, ISO 8601). */
  createdAt: z.string(),
  rank: z.number(),
  score: z.number(),
});
export type TournamentEntry = z.infer<typeof tournamentEntrySchema>;

/**
 * Answer of `GET /api/users/{userId}/profile`: what anyone may see of a player (never the e-mail).
 * Also what the server-rendered `/users/{userId}` page shows.
 */
/** A tournament prize a player won: sats or an avatar, pending until an admin sends it. */
export const wonPrizeSchema = z.object({
  tournamentId: z.number(),
  tournamentName: z.string(),
  prizeType: z.enum(['bitcoin', 'avatar']),
  prizeValue: z.number(),
  avatarName: z.nullable(z.string()),
  avatarImage: z.nullable(z.string()),
  status: z.enum(['pending', 'sent']),
  /** When it was awarded (ISO 8601). */
  awardedAt: z.string(),
  /** Paid by the arcade over Lightning (it has a public proof). */
  paidOverLightning: z.boolean(),
});
export type WonPrize = z.infer<typeof wonPrizeSchema>;

export const publicProfileSchema = z.object({
  userId: z.number(),
  /** An administrator banned the player: their runs are off every board while it lasts (README, "Player management"). */
  suspended: z.boolean(),
  user: z.object({
    username: z.string(),
    /** Two-letter code, `XX` when unknown. */
    country: z.string(),
    /** When the account was created (ISO 8601). */
    memberSince: z.string(),
  }),
  activeAvatar: z.nullable(activeAvatarSchema),
  stats: z.object({
    totalGamesPlayed: z.number(),
    /**
     * How many of the listed games the player has played at least once. No score is summed or
     * compared across games: a quiz point is not a fish point (each game's best is in `gameStats`).
     */
    gamesTried: z.number(),
    /** The player's last run in any game (ISO 8601), null before the first. */
    lastPlayedAt: z.nullable(z.string()),
  }),
  totalAvatars: z.number(),
  /** Rarest first (legendary, epic, rare, common), then by name. */
  avatarCollection: z.array(
    z.object({
      rarity: z.enum(RARITIES),
      avatar: z.object({ avatarId: z.string(), avatarName: z.string(), avatarImage: z.string() }),
    }),
  ),
  /** Every catalogue game, in catalogue order, played or not. */
  gameStats: z.array(gameStatsSchema),
  tournamentStats: z.object({
    totalParticipations: z.number(),
    /** Best rank held in any tournament entered (running ones: the current rank), null before any; the participation call's rule. */
    bestFinish: z.nullable(z.number()),
    /** Newest first, at most 10. */
    recentTournaments: z.array(tournamentEntrySchema),
  }),
  /** Tournament prizes won, newest first, at most 20 (the admin room's addition). */
  prizes: z.optional(z.array(wonPrizeSchema)),
  /**
   * Only for the player themselves: the arcade pays prizes over Lightning, they have a pending
   * bitcoin prize and no Lightning Address, so adding one in Account Settings gets it paid.
   */
  addAddressToGetPaid: z.optional(z.boolean()),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
