import { computed, type ReadableAtom } from 'nanostores';
import { getJson } from '../api';
import { FRESH, createQuery, storeFamily } from '../query';
import { globalStatsResponseSchema } from '../schemas/games';

/** `null` while loading, then the number of runs played (0 when the call failed twice). */
export type GamesPlayed = number | null;

const globalStatsKey = (gameId: string) => `stats/global/${encodeURIComponent(gameId)}`;

/** `GET /api/stats/global/{gameId}`: a stats call, so it is retried once. */
export const globalStatsStore = storeFamily(globalStatsKey, (_gameId: string, key) =>
  createQuery(key, () => getJson(key, globalStatsResponseSchema), {
    freshMs: FRESH.globalStats,
    retries: 1,
    onError: (error) => console.warn(`Could not load ${key}:`, error),
  }),
);

/** The games-played count of a game, shared by every island of the page; a failure counts as 0. */
export const gamesPlayedStore = storeFamily(
  (gameId: string) => gameId,
  (gameId): ReadableAtom<GamesPlayed> =>
    computed(globalStatsStore(gameId), ({ data, error }) => (data ? data.stats.totalGames : error !== undefined ? 0 : null)),
);
