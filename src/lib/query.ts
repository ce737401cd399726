import { nanoquery, type FetcherStore } from '@nanostores/query';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { MINUTE, SECOND } from './time';

/**
 * The browser's data layer: every GET call of the API is a fetcher store of `@nanostores/query`,
 * defined once in `src/lib/stores/`, keyed by its URL path (`leaderboards/rekt?type=global&page=1`),
 * with the freshness, retry and refetch rules below. Islands only subscribe; mutator stores change
 * data on the server and invalidate exactly the keys they changed. Nothing is persisted: the cache
 * lives as long as the page.
 */

/**
 * How long an answer stays fresh, so that asking again (another island, a remount, a tab switch)
 * reuses it instead of calling the server. From the README's "Client data" table.
 */
export const FRESH = {
  currentUser: 5 * MINUTE,
  account: 5 * MINUTE,
  globalStats: 5 * MINUTE,
  countries: 5 * MINUTE,
  leaderboard: 2 * MINUTE,
  rank: 2 * MINUTE,
  achievements: 5 * MINUTE,
  avatarCollection: 30 * SECOND,
  profile: 5 * MINUTE,
  /** Also the dashboard's per-game statistics, which the spec keeps fresh for 2 minutes. */
  publicProfile: 2 * MINUTE,
  /** The header's featured tournament (the dashboard and the featured page ask again when they open). */
  featuredTournament: 60 * SECOND,
  tournament: 60 * SECOND,
  tournamentBoard: 10 * SECOND,
  participation: 5 * MINUTE,
  report: 5 * MINUTE,
} as const;

/** Every leaderboard key starts so (board pages, ranks, countries): a country change invalidates them. */
export const LEADERBOARD_KEYS = 'leaderboards/';

/** How long an unused current-user answer may still be shown while it is asked again. */
export const KEEP_CURRENT_USER = 10 * MINUTE;
/** A board on screen is asked again this often while its tab is visible. */
export const LEADERBOARD_REFETCH = 30 * SECOND;
/** The header asks for the featured tournament this often while a player is signed in. */
export const FEATURED_REFETCH = 60 * SECOND;
/** A tournament board on screen is asked again this often while its tab is visible. */
export const TOURNAMENT_BOARD_REFETCH = 10 * SECOND;
/** The wait before the one retry of a call that retries (the stats calls). */
export const RETRY_DELAY = SECOND;

const cache = new Map<string, { data?: unknown; error?: unknown; created?: number; expires?: number }>();

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  cache,
  // Retries are the fetchers' own (`retrying`): only the stats calls retry, once, right away.
  onErrorRetry: null,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  // Answers a mutation writes into the cache stay until the page goes (nanoquery's default is 8 s).
  cacheLifetime: Infinity,
});

/** Stands in for every key during prerendering and server rendering: no visitor, nothing to ask. */
const $noKeyOnServer = atom<null>(null);
const inBrowser = typeof window !== 'undefined';

export interface QueryOptions {
  /** Milliseconds an answer is reused without asking the server (see {@link FRESH}). */
  freshMs: number;
  /** Milliseconds an answer that is no longer fresh may still be shown while it is asked again. */
  keepMs?: number;
  /** How many times a failed call is tried again (after {@link RETRY_DELAY}); none by default. */
  retries?: number;
  /** Ask again this often while the store is in use and the tab is visible. */
  refetchEveryMs?: number;
  /** Told of every failure after the last retry (for example a 401 that ends the session). */
  onError?: (error: unknown) => void;
}

/**
 * A fetcher store for one GET call under `key`. A failed answer is shown but never kept: the next
 * subscriber, refetch or retry asks the server again, and the last good answer stays on screen
 * meanwhile. In the browser only; on the server the store stays empty.
 */
export function createQuery<T>(key: string, load: () => Promise<T>, options: QueryOptions): FetcherStore<T> {
  const fetcher = options.retries ? () => retrying(load, options.retries!) : load;
  const store: FetcherStore<T> = createFetcherStore<T>(inBrowser ? key : [$noKeyOnServer], {
    fetcher,
    dedupeTime: options.freshMs,
    cacheLifetime: options.keepMs ?? Infinity,
    onError(error) {
      const shown = store.get().data;
      // nanoquery caches the failure right after this call: replace it by the last good answer
      // (stale, so it is asked again at the next occasion), or by nothing.
      queueMicrotask(() => {
        if (!cache.get(key)?.error) return;
        if (shown === undefined) cache.delete(key);
        else cache.set(key, { data: shown, created: -Infinity, expires: Infinity });
      });
      options.onError?.(error);
    },
  });
  if (options.refetchEveryMs) refetchWhileMounted(store, options.refetchEveryMs);
  return store;
}

function refetchWhileMounted(store: FetcherStore, everyMs: number) {
  onMount(store, () => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && store.key) revalidateKeys(store.key);
    }, everyMs);
    return () => clearInterval(timer);
  });
}

/** `load()`, tried `retries` more times after a failure, {@link RETRY_DELAY} apart. */
export async function retrying<T>(load: () => Promise<T>, retries: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY));
    }
  }
}

/**
 * How many stores one family keeps (a board's pages, say): past it, the least recently asked ones
 * that nothing is subscribed to are forgotten with their answers, so paging through a long board
 * does not grow the page's memory without end. A forgotten one is made again (and asks the server
 * again) when it is asked for once more.
 */
export const FAMILY_SIZE = 50;

/** One store per argument, made on first use: for calls with a parameter (a game, a page). */
export function storeFamily<A, S extends ReadableAtom<unknown>>(
  keyOf: (arg: A) => string,
  make: (arg: A, key: string) => S,
  size = FAMILY_SIZE,
): (arg: A) => S {
  // In the order they were last asked for (a Map keeps insertion order).
  const stores = new Map<string, S>();
  return (arg) => {
    const key = keyOf(arg);
    const store = stores.get(key) ?? make(arg, key);
    stores.delete(key);
    stores.set(key, store);
    if (stores.size > size) forgetUnused(stores, size, key);
    return store;
  };
}

/**
 * Forget the oldest stores of a family that nothing listens to, and their cached answers, down to
 * `size`; never the one being asked for (its island subscribes only once React commits).
 */
function forgetUnused(stores: Map<string, ReadableAtom<unknown>>, size: number, asked: string) {
  for (const [key, store] of stores) {
    if (stores.size <= size) return;
    if (store.lc > 0 || key === asked) continue;
    stores.delete(key);
    cache.delete(key);
  }
}

/**
 * The first value of `store` that `pick` settles on: `{ value }` resolves, `{ error }` rejects,
 * `undefined` waits for the next value. Subscribing mounts the store (and starts its call).
 */
export function firstOf<V, R>(
  store: ReadableAtom<V>,
  pick: (value: V) => { value: R } | { error: unknown } | undefined,
): Promise<R> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const unsubscribe = store.subscribe((value) => {
      const outcome = settled ? undefined : pick(value);
      if (!outcome) return;
      settled = true;
      if ('value' in outcome) resolve(outcome.value);
      else reject(outcome.error);
      // The first call comes while `subscribe` still runs: leave on the next turn.
      queueMicrotask(() => unsubscribe());
    });
  });
}

/** Forget every answer: after signing in or out, every answer may differ. */
export function clearAllQueries() {
  invalidateKeys(() => true);
}
