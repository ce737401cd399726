import { atom, type ReadableAtom } from 'nanostores';
import { getJson } from '../api';
import { globalStatsResponseSchema } from '../schemas/games';

/** Global stats are fresh for 5 minutes (SPEC section 9). */
export const GLOBAL_STATS_FRESH_MS = 5 * 60_000;

/** `null` while loading, then the number of runs played (0 when the call failed: SPEC section 7). */
export type GamesPlayed = number | null;

const stores = new Map<string, { store: ReturnType<typeof atom<GamesPlayed>>; loadedAt: number }>();

async function load(gameId: string, store: ReturnType<typeof atom<GamesPlayed>>, retries = 1): Promise<void> {
  try {
    const { stats } = await getJson(`stats/global/${encodeURIComponent(gameId)}`, globalStatsResponseSchema);
    store.set(stats.totalGames);
  } catch (error) {
    if (retries > 0) return load(gameId, store, retries - 1);
    console.warn(`Could not load the stats of ${gameId}:`, error);
    store.set(0);
  }
}

/** The games-played count of a game, shared by every island of the page. */
export function gamesPlayedStore(gameId: string): ReadableAtom<GamesPlayed> {
  let entry = stores.get(gameId);
  if (!entry || Date.now() - entry.loadedAt > GLOBAL_STATS_FRESH_MS) {
    entry = { store: entry?.store ?? atom<GamesPlayed>(null), loadedAt: Date.now() };
    stores.set(gameId, entry);
    if (typeof window !== 'undefined') void load(gameId, entry.store);
  }
  return entry.store;
}
