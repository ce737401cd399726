import * as z from 'zod/mini';

/** Rows per leaderboard page and the most one request may ask for. */
export const LEADERBOARD_PAGE_SIZE = 50;
export const LEADERBOARD_MAX_LIMIT = 100;
/** The deepest page a request may ask for (past the last player, pages are simply empty). */
export const LEADERBOARD_MAX_PAGE = 100_000;

export const LEADERBOARD_SCOPES = ['global', 'country'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

const countryCode = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code, like US'));

/** A query parameter holding a whole number from `min` to `max`. */
export const wholeParam = (what: string, min: number, max: number) =>
  z
    .pipe(
      z.string().check(z.regex(/^\d{1,7}$/, `${what} must be a whole number from ${min} to ${max}`)),
      z.transform(Number),
    )
    .check(
      z.gte(min, `${what} must be a whole number from ${min} to ${max}`),
      z.lte(max, `${what} must be a whole number from ${min} to ${max}`),
    );

/** Query of `GET /api/leaderboards/{game}`. `country` is needed (and only read) in country scope. */
export const leaderboardQuerySchema = z
  .object({
    type: z._default(z.enum(LEADERBOARD_SCOPES, 'type must be global or country'), 'global'),
    page: z._default(wholeParam('page', 1, LEADERBOARD_MAX_PAGE), 1),
    limit: z._default(wholeParam('limit', 1, LEADERBOARD_MAX_LIMIT), LEADERBOARD_PAGE_SIZE),
    country: z.optional(countryCode),
  })
  .check(
    z.refine((q) => q.type !== 'country' || q.country !== undefined, {
      message: 'Choose a country for the country leaderboard (country=US)',
      path: ['country'],
    }),
  );
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** Query of `GET /api/leaderboards/{game}/user-rank`. */
export const userRankQuerySchema = z
  .object({
    type: z._default(z.enum(LEADERBOARD_SCOPES, 'type must be global or country'), 'global'),
    country: z.optional(countryCode),
  })
  .check(
    z.refine((q) => q.type !== 'country' || q.country !== undefined, {
      message: 'Choose a country for the country leaderboard (country=US)',
      path: ['country'],
    }),
  );
export type UserRankQuery = z.infer<typeof userRankQuerySchema>;

/** One fish of a player's best fishing run; weight in kilograms. */
export const fishDetailSchema = z.object({
  name: z.string(),
  points: z.number(),
  weight: z.number(),
  quality: z.number(),
});
export type FishDetail = z.infer<typeof fishDetailSchema>;

/** One row of a leaderboard. */
export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  userId: z.number(),
  username: z.string(),
  score: z.number(),
  /** The level of the best run (REKT!, Mr Quiz), or null. */
  level: z.nullable(z.number()),
  /** Two-letter code, `XX` when unknown. */
  country: z.string(),
  /** When the player joined the arcade (ISO 8601). */
  createdAt: z.string(),
  /** Fish of the best run (fishing; 0 for the other games). */
  fishCaught: z.number(),
  /** The best run's fish, sorted by points, highest first (empty for the other games). */
  fishDetails: z.array(fishDetailSchema),
  /** The player's chosen avatar, or null until they choose one. */
  activeAvatar: z.nullable(z.object({ avatarImage: z.string(), avatarName: z.string() })),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** Answer of `GET /api/leaderboards/{game}`. */
export const leaderboardResponseSchema = z.object({
  entries: z.array(leaderboardEntrySchema),
  pagination: z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean(), totalPlayers: z.number() }),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/**
 * Answer of `GET /api/leaderboards/{game}/user-rank`. `rank` is
 * null while the player has no score in that game and scope; `page` is the page (of
 * {@link LEADERBOARD_PAGE_SIZE} rows) that holds the player's row.
 */
export const userRankResponseSchema = z.object({
  rank: z.nullable(z.number()),
  score: z.number(),
  fishCaught: z.number(),
  level: z.nullable(z.number()),
  totalPlayers: z.number(),
  page: z.nullable(z.number()),
  /**
   * The country whose board the player is ranked on in this game (their home country), or null
   * while they have no score there: a country board of another country says where to find them.
   */
  homeCountry: z.optional(z.nullable(z.string())),
});
export type UserRankResponse = z.infer<typeof userRankResponseSchema>;

/** Answer of `GET /api/leaderboards/countries`: countries that have ranked players, by name. */
export const countriesResponseSchema = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CountriesResponse = z.infer<typeof countriesResponseSchema>;
