import * as z from 'zod/mini';
import {
  leaderboardResponseSchema,
  LEADERBOARD_MAX_LIMIT,
  LEADERBOARD_MAX_PAGE,
  LEADERBOARD_PAGE_SIZE,
  userRankResponseSchema,
  wholeParam,
  type LeaderboardResponse,
  type UserRankResponse,
} from './leaderboard';
import { ELIGIBILITIES } from '../tournament-prizes';
import { POOL_RULES } from '../prize-pools';
import { TOURNAMENT_STATUSES } from '../tournament-status';

// Tournaments: what the public, player and admin tournament calls answer. Times in answers are
// ISO 8601 (UTC). The admin form's payload is in `tournament-input.ts`, the results page's in
// `tournament-results.ts`.

/** Where a tournament image is served: `/api/assets/tournament/{filename}`. */
export const tournamentImageUrl = (filename: string) => `/api/assets/tournament/${filename}`;

/** One avatar reward as everyone sees it. */
export const avatarRewardSchema = z.object({
  avatarId: z.string(),
  avatarName: z.string(),
  imageUrl: z.string(),
  /** Who earns it, in words: 'Top 3 finish, with at least 5,000 points'. */
  unlockCriteria: z.string(),
  /** The rule: eligibility, its top-N value (null for all players), and the optional minimum score. */
  requirement: z.object({
    type: z.enum(ELIGIBILITIES),
    value: z.nullable(z.number()),
    minScore: z.nullable(z.number()),
  }),
});
export type AvatarReward = z.infer<typeof avatarRewardSchema>;

/** A tournament's rewards: the prize pool, its split, and the avatars on offer. */
export const rewardsSchema = z.object({
  /** What the administrator set plus the sats given to its pool (credited donations). */
  totalPrizePool: z.number(),
  /** The sats given to its pool (notes/pools.md); absent in an answer from before pools: 0. */
  givenSats: z._default(z.number(), 0),
  /** How given sats grow the winners' prizes. */
  poolRule: z._default(z.enum(POOL_RULES), 'proportional'),
  prizeDistribution: z.object({ '1': z.number(), '2-5': z.number(), random: z.number() }),
  avatarRewards: z.array(avatarRewardSchema),
});
export type Rewards = z.infer<typeof rewardsSchema>;

/**
 * A tournament as every public call answers it (`/featured`, `/{id}`, list items). `startTime`
 * equals `startDate` (the spec lets countdowns read either).
 */
export const tournamentSchema = z.object({
  id: z.number(),
  name: z.string(),
  gameId: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  participantCount: z.number(),
  /** `/api/assets/tournament/{filename}`, or null without an image (pages show a fallback). */
  imageUrl: z.nullable(z.string()),
  rewards: rewardsSchema,
  /**
   * Sats of its bitcoin prizes marked sent so far (0 until one is): what the pages call 'N sats
   * distributed'; `rewards.totalPrizePool` is what the rules offer.
   */
  distributedSats: z.number(),
  /** Whether a post-mortem report was written (the report call answers it either way). */
  hasReport: z.boolean(),
  /**
   * At most this many players, first come (null: no limit). Absent (an answer from before limits
   * existed, still in a cache across a deploy) reads as null.
   */
  maxPlayers: z._default(z.nullable(z.number()), null),
  /** Only each player's first this many runs in the window count (null: no limit; absent too). */
  maxRunsPerPlayer: z._default(z.nullable(z.number()), null),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** Answer of `GET /api/tournaments/featured`: the active tournament, else the next upcoming one, else null. */
export const featuredTournamentResponseSchema = z.nullable(tournamentSchema);
export type FeaturedTournamentResponse = z.infer<typeof featuredTournamentResponseSchema>;

/** A prize a player won (processing winners creates them; sending marks them sent). */
export const prizeAwardSchema = z.object({
  id: z.number(),
  tournamentId: z.number(),
  userId: z.number(),
  prizeType: z.enum(['bitcoin', 'avatar']),
  /** Sats (bitcoin prizes; 0 for avatars). */
  prizeValue: z.number(),
  /** The avatar (avatar prizes), else null. */
  avatarId: z.nullable(z.string()),
  status: z.enum(['pending', 'sent']),
});
export type PrizeAward = z.infer<typeof prizeAwardSchema>;

/** Answer of `GET /api/tournaments/{id}`: the tournament and its prize awards (empty until winners are processed). */
export const tournamentDetailResponseSchema = z.extend(tournamentSchema, { prizeAwards: z.array(prizeAwardSchema) });
export type TournamentDetailResponse = z.infer<typeof tournamentDetailResponseSchema>;

/** Query of `GET /api/tournaments`: one status, or every tournament without it. */
export const tournamentListQuerySchema = z.object({
  status: z.optional(z.enum(TOURNAMENT_STATUSES, 'status must be upcoming, active or past')),
});
export type TournamentListQuery = z.infer<typeof tournamentListQuerySchema>;

/**
 * Answer of `GET /api/tournaments?status=…`: upcoming ones soonest first, active ones ending
 * soonest first, past ones latest first.
 */
export const tournamentListResponseSchema = z.object({ tournaments: z.array(tournamentSchema) });
export type TournamentListResponse = z.infer<typeof tournamentListResponseSchema>;

/** Query of `GET /api/tournaments/{id}/leaderboard`. */
export const tournamentBoardQuerySchema = z.object({
  page: z._default(wholeParam('page', 1, LEADERBOARD_MAX_PAGE), 1),
  limit: z._default(wholeParam('limit', 1, LEADERBOARD_MAX_LIMIT), LEADERBOARD_PAGE_SIZE),
});
export type TournamentBoardQuery = z.infer<typeof tournamentBoardQuerySchema>;

/**
 * Answer of `GET /api/tournaments/{id}/leaderboard`: rows as the game leaderboard's entry, each
 * player's best score inside the window (fish and level of that run); earlier wins a tie.
 */
export const tournamentBoardResponseSchema = leaderboardResponseSchema;
export type TournamentBoardResponse = LeaderboardResponse;

/**
 * Answer of `GET /api/tournaments/{id}/user-rank`: the signed-in player's place as the game
 * leaderboard's own rank (rank null until they enter; page of the board that holds their row).
 */
export const tournamentRankResponseSchema = userRankResponseSchema;
export type TournamentRankResponse = UserRankResponse;

/** Answer of `GET /api/tournaments/{id}/report`: the Markdown ('' when none) and its sanitised HTML. */
export const tournamentReportResponseSchema = z.object({
  tournamentName: z.string(),
  reportContent: z.string(),
  reportHtml: z.string(),
});
export type TournamentReportResponse = z.infer<typeof tournamentReportResponseSchema>;

/** Answer of `GET /api/user/{id}/tournament-participation`: tournaments entered and the best rank held in any of them (running ones too), or null. */
export const tournamentParticipationResponseSchema = z.object({
  tournamentCount: z.number(),
  bestFinish: z.nullable(z.number()),
  /** The best finish is held only in tournaments still running: the dashboard says it is live. */
  bestFinishLive: z.boolean(),
});
export type TournamentParticipationResponse = z.infer<typeof tournamentParticipationResponseSchema>;

/** A tournament as the admin sees it: the public fields plus what the form edits. */
export const adminTournamentSchema = z.extend(tournamentSchema, {
  /** The stored image file name, or null. */
  imageFilename: z.nullable(z.string()),
  /** The post-mortem report's Markdown ('' when none). */
  reportContent: z.string(),
  /** The arcade processes its winners when it ends. */
  processWhenEnded: z.boolean(),
  /** The series it belongs to (a repeating tournament), or null. */
  series: z.nullable(
    z.object({
      id: z.number(),
      /** The series' name; its tournaments are "{name} #{number}". */
      name: z.string(),
      number: z.number(),
      every: z.enum(['daily', 'weekly', 'monthly']),
      /** No tournament of it ends after this (ISO), or null. */
      until: z.nullable(z.string()),
      /** How many tournaments in all, or null. */
      times: z.nullable(z.number()),
      /** Stopped ("this and the following" deleted): no more are created. */
      stopped: z.boolean(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTournament = z.infer<typeof adminTournamentSchema>;

/** Answer of `GET /api/admin/tournaments`: every tournament, latest start first. */
export const adminTournamentListResponseSchema = z.object({ tournaments: z.array(adminTournamentSchema) });
export type AdminTournamentListResponse = z.infer<typeof adminTournamentListResponseSchema>;

/** Answer of `POST`, `GET` and `PUT /api/admin/tournaments/{id}`. */
export const adminTournamentResponseSchema = z.object({
  message: z.optional(z.string()),
  tournament: adminTournamentSchema,
});
export type AdminTournamentResponse = z.infer<typeof adminTournamentResponseSchema>;
