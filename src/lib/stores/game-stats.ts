import { computed, type ReadableAtom } from 'nanostores';
import { FRESH, createQuery, storeFamily } from '../query';
import { getChecked, unexpectedAnswer } from '../request';

/** `null` while loading, then the number of runs played (0 when the call failed twice). */
export type GamesPlayed = number | null;

const globalStatsKey = (gameId: string) => `stats/global/${encodeURIComponent(gameId)}`;

/**
 * The answer of `GET /api/stats/global/{gameId}` (`globalStatsResponseSchema` in `schemas/games.ts`),
 * checked by hand: the games pages load no schema library for one number.
 */
export function readGlobalStats(key: string, answer: unknown): { stats: { totalGames: number } } {
  const totalGames = (answer as { stats?: { totalGames?: unknown } } | null)?.stats?.totalGames;
  if (typeof totalGames !== 'number') throw unexpectedAnswer(key);
  return { stats: { totalGames } };
}

/** `GET /api/stats/global/{gameId}`: a stats call, so it is retried once. */
export const globalStatsStore = storeFamily(globalStatsKey, (_gameId: string, key) =>
  createQuery(key, () => getChecked(key, (answer) => readGlobalStats(key, answer)), {
    freshMs: FRESH.globalStats,
    retries: 1,
    onError: (error) => console.warn(`Could not load ${key}:`, error),
  }),
);

/** The games-played count of a game, shared by every island of the page; a failure counts as 0. */
export const gamesPlayedStore = storeFamily(
  (gameId: string) => gameId,
  (gameId): ReadableAtom<GamesPlayed> =>
    computed(globalStatsStore(gameId), ({ data, error }) =>
      data ? data.stats.totalGames : error !== undefined ? 0 : null,
    ),
);
