import { ApiError, getJson } from '../api';
import type { BoardQuery } from '../board-rules';
import { FRESH, LEADERBOARD_KEYS, LEADERBOARD_REFETCH, createQuery, storeFamily } from '../query';
import {
  LEADERBOARD_PAGE_SIZE,
  countriesResponseSchema,
  leaderboardResponseSchema,
  userRankResponseSchema,
} from '../schemas/leaderboard';
import { setSignedOut } from './session';

/** The browser's leaderboard calls, one fetcher store per board page, per board rank, and one country list. */

function scopeParams({ scope, country }: BoardQuery): string {
  return scope === 'country' && country ? `type=country&country=${encodeURIComponent(country)}` : 'type=global';
}

const boardPath = (query: BoardQuery) => `${LEADERBOARD_KEYS}${encodeURIComponent(query.gameId)}`;

/** One page of a board: `GET /api/leaderboards/{game}?type&page&limit[&country]`, asked again every 30 s while shown. */
export const leaderboardPageStore = storeFamily(
  ({ query, page }: { query: BoardQuery; page: number }) =>
    `${boardPath(query)}?${scopeParams(query)}&page=${page}&limit=${LEADERBOARD_PAGE_SIZE}`,
  (_, key) =>
    createQuery(key, () => getJson(key, leaderboardResponseSchema), {
      freshMs: FRESH.leaderboard,
      refetchEveryMs: LEADERBOARD_REFETCH,
    }),
);

/**
 * The signed-in player's place on a board: `GET /api/leaderboards/{game}/user-rank`, not retried.
 * A 401 means the session ended since the page loaded: the page turns signed out.
 */
export const userRankStore = storeFamily(
  (query: BoardQuery) => `${boardPath(query)}/user-rank?${scopeParams(query)}`,
  (_, key) =>
    createQuery(key, () => getJson(key, userRankResponseSchema), {
      freshMs: FRESH.rank,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) setSignedOut();
      },
    }),
);

/** `GET /api/leaderboards/countries`: the countries that have ranked players, by name. */
export const $countries = createQuery(
  `${LEADERBOARD_KEYS}countries`,
  () => getJson(`${LEADERBOARD_KEYS}countries`, countriesResponseSchema),
  {
    freshMs: FRESH.countries,
  },
);
