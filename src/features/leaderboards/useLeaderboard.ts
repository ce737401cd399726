import type { FetcherStore, FetcherValue } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { boardKey, mergePages, type BoardQuery, type BoardRequest, type CountryList } from '~/lib/board-rules';
import { loaded } from '~/lib/query-wait';
import type { LeaderboardEntry, LeaderboardResponse, UserRankResponse } from '~/lib/schemas/leaderboard';
import { $countries, leaderboardPageStore, userRankStore } from '~/lib/stores/leaderboard-queries';

export interface Board {
  status: 'loading' | 'error' | 'ready';
  rows: LeaderboardEntry[];
  hasMore: boolean;
  totalPlayers: number;
  /** The first page shown: 1, or deeper after a jump to the player's own row. */
  firstPage: number;
  /** Pages shown (each of LEADERBOARD_PAGE_SIZE rows), from `firstPage` on. */
  pageCount: number;
  more: 'idle' | 'loading' | 'error';
  /** Loading the page above the first one shown. */
  above: 'idle' | 'loading' | 'error';
  loadMore: () => void;
  /** Show the page above the first one shown; true once it is there. */
  showAbove: () => Promise<boolean>;
  /** Show page 1 alone again, as when the board opened; true once it is there. */
  backToTop: () => Promise<boolean>;
  retry: () => void;
  /**
   * Make sure `page` is shown: nothing to do if it is, appended if it comes right after the pages
   * shown, otherwise shown alone (the pages between are not fetched). False if it could not be
   * fetched or the board changed meanwhile.
   */
  showPage: (page: number) => Promise<boolean>;
}

/** The pages on screen: `count` pages from `first` on, of the board named by `key`. */
interface PageWindow {
  key: string;
  first: number;
  count: number;
}

type Pending = 'idle' | 'loading' | 'error';

const requestKey = (request: BoardRequest) => (request.kind === 'query' ? boardKey(request.query) : `:${request.kind}`);
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const $nothing = atom<FetcherValue<never>[]>([]);

/** The values of several fetcher stores, subscribed together (subscribing starts their calls). */
export function useStores<T>(stores: readonly FetcherStore<T>[]): FetcherValue<T>[] {
  const combined = useMemo<ReadableAtom<FetcherValue<T>[]>>(
    () => (stores.length ? computed([...stores], (...values: FetcherValue<T>[]) => values) : $nothing),
    [stores],
  );
  return useStore(combined);
}

/**
 * The pages of one leaderboard on screen: page 1 whenever the board changes (game, scope or
 * country), more on demand. The data layer keeps each page fresh for two minutes and asks again
 * every 30 s for the pages on screen while the tab is visible. A jump to a deep page shows a window
 * of pages that grows downwards (Load More) and upwards (Show players above), never the whole board
 * above it.
 */
export function useLeaderboard(request: BoardRequest): Board {
  const key = requestKey(request);
  const query = request.kind === 'query' ? request.query : null;
  const [state, setState] = useState<PageWindow>({ key, first: 1, count: 1 });
  const shown = state.key === key ? state : { key, first: 1, count: 1 };
  // A jump (showPage) or Show players above in progress, and whether it failed.
  const [jump, setJump] = useState<{ key: string; more: Pending; above: Pending }>({
    key,
    more: 'idle',
    above: 'idle',
  });
  const pending = jump.key === key ? jump : { key, more: 'idle' as Pending, above: 'idle' as Pending };

  const stores = useMemo(
    () => (query ? range(shown.first, shown.count).map((page) => leaderboardPageStore({ query, page })) : []),
    [key, shown.first, shown.count],
  );
  const values = useStores(stores);

  // The board on screen, for callbacks that finish after the player moved on.
  const live = useRef({ key, query, shown, stores });
  useLayoutEffect(() => {
    live.current = { key, query, shown, stores };
  });

  /** Show `change(window)` once its new page is there; false if it failed or the board changed. */
  const showWhenLoaded = useCallback(
    async (page: number, change: (w: PageWindow) => PageWindow, slot: 'more' | 'above') => {
      const { key: startedOn, query: board, shown: from } = live.current;
      if (!board) return false;
      setJump({ key: startedOn, more: 'idle', above: 'idle', [slot]: 'loading' });
      try {
        await loaded(leaderboardPageStore({ query: board, page }));
      } catch {
        setJump((j) => (j.key === startedOn ? { ...j, [slot]: 'error' } : j));
        return false;
      }
      if (live.current.key !== startedOn) return false;
      setState(change(from));
      setJump({ key: startedOn, more: 'idle', above: 'idle' });
      return true;
    },
    [],
  );

  const loadMore = useCallback(() => {
    const { query: board, shown: w, stores: onScreen } = live.current;
    if (!board) return;
    const last = onScreen.at(-1);
    // The last page failed: ask for it again; otherwise show the next one.
    if (last?.get().error !== undefined && last.get().data === undefined) last.invalidate();
    else setState({ ...w, count: w.count + 1 });
  }, []);

  const showPage = useCallback(
    async (target: number) => {
      const { first, count } = live.current.shown;
      if (target >= first && target < first + count) return true;
      const append = target === first + count;
      return showWhenLoaded(
        target,
        (w) =>
          append && w.first === first && w.count === count
            ? { ...w, count: count + 1 }
            : { key: w.key, first: target, count: 1 },
        'more',
      );
    },
    [showWhenLoaded],
  );

  const showAbove = useCallback(async () => {
    const { first } = live.current.shown;
    if (first <= 1) return false;
    return showWhenLoaded(
      first - 1,
      (w) => (w.first === first ? { ...w, first: first - 1, count: w.count + 1 } : w),
      'above',
    );
  }, [showWhenLoaded]);

  const backToTop = useCallback(
    () => showWhenLoaded(1, (w) => ({ key: w.key, first: 1, count: 1 }), 'above'),
    [showWhenLoaded],
  );

  const retry = useCallback(() => live.current.stores[0]?.invalidate(), []);

  const pages = useMemo(() => values.flatMap((v) => (v.data ? [v.data] : [])) as LeaderboardResponse[], [values]);
  // The same array while the pages are the same, so the table can tell new rows from a new render.
  const rows = useMemo(() => mergePages(pages), [pages]);
  const first = values[0];
  const last = values.at(-1);
  const status: Board['status'] = query
    ? first?.data
      ? 'ready'
      : first?.error !== undefined && !first.loading
        ? 'error'
        : 'loading'
    : request.kind === 'failed'
      ? 'error'
      : request.kind === 'none'
        ? 'ready'
        : 'loading';
  const lastPageMissing = values.length > 1 && last && !last.data;
  const more: Pending =
    pending.more !== 'idle'
      ? pending.more
      : lastPageMissing
        ? last.error !== undefined && !last.loading
          ? 'error'
          : 'loading'
        : 'idle';
  const newest = pages.at(-1);
  return {
    status,
    rows,
    hasMore: newest?.pagination.hasMore ?? false,
    totalPlayers: newest?.pagination.totalPlayers ?? 0,
    firstPage: shown.first,
    pageCount: pages.length,
    more,
    above: pending.above,
    loadMore,
    showAbove,
    backToTop,
    retry,
    showPage,
  };
}

export type RankState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rank: UserRankResponse };

const $noRank = atom<FetcherValue<UserRankResponse>>({ loading: false });

/**
 * The signed-in player's place on a board (`null`: no board to rank on). A 401 signs the page out
 * (the store does). `refresh` asks the server again and answers the new rank, or null.
 */
export function useUserRank(query: BoardQuery | null): RankState & { refresh: () => Promise<UserRankResponse | null> } {
  const store = query ? userRankStore(query) : null;
  const { data, error, loading } = useStore(store ?? $noRank);
  const refresh = useCallback(async () => {
    if (!store) return null;
    store.revalidate();
    return loaded(store).catch(() => null);
  }, [store]);
  const state: RankState = data
    ? { status: 'ready', rank: data }
    : error !== undefined && !loading
      ? { status: 'error' }
      : { status: 'loading' };
  return { ...state, refresh };
}

const $noCountries = atom<FetcherValue<never>>({ loading: false });

/** The countries that have ranked players, asked for once country scope is first chosen. */
export function useCountries(wanted: boolean): CountryList & { retry: () => void } {
  const { data, error, loading } = useStore(wanted ? $countries : $noCountries);
  const retry = useCallback(() => $countries.invalidate(), []);
  if (data) return { status: 'ready', countries: data.countries, retry };
  if (!wanted) return { status: 'idle', retry };
  return { status: error !== undefined && !loading ? 'error' : 'loading', retry };
}
