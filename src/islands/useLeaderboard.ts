import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api';
import {
  LEADERBOARD_REFETCH_MS,
  boardKey,
  fetchCountries,
  fetchLeaderboardPage,
  fetchUserRank,
  mergePages,
  peekLeaderboardPage,
  type BoardQuery,
  type BoardRequest,
  type CountryList,
} from '../lib/leaderboards';
import type { LeaderboardEntry, LeaderboardResponse, UserRankResponse } from '../lib/schemas/leaderboards';


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

interface State {
  key: string;
  status: Board['status'];
  first: number;
  pages: LeaderboardResponse[];
  more: Board['more'];
  above: Board['above'];
}

const requestKey = (request: BoardRequest) => (request.kind === 'query' ? boardKey(request.query) : `:${request.kind}`);
/** A board showing `page` 1 alone, or nothing yet. */
const fresh = (key: string, status: Board['status'], page?: LeaderboardResponse): State => ({
  key,
  status,
  first: 1,
  pages: page ? [page] : [],
  more: 'idle',
  above: 'idle',
});
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The pages of one leaderboard: page 1 whenever the board changes (game, scope or country), more on
 * demand, the shown ones fetched again every 30 s while the tab is visible. A board seen less than
 * two minutes ago shows at once from the cache. A jump to a deep page shows a window of pages that
 * grows downwards (Load More) and upwards (Show players above), never the whole board above it.
 */
export function useLeaderboard(request: BoardRequest): Board {
  const key = requestKey(request);
  const query = request.kind === 'query' ? request.query : null;
  const [state, setState] = useState<State>(() => fresh(key, 'loading'));
  const [attempt, setAttempt] = useState(0);
  // The board on screen and its pages, for callbacks that finish after the player moved on.
  const live = useRef({ key, query, first: state.first, pages: state.pages });
  useLayoutEffect(() => {
    live.current = { key, query, first: state.key === key ? state.first : 1, pages: state.key === key ? state.pages : [] };
  });
  /** Change the state only if it still shows the board `startedOn`. */
  const update = useCallback((startedOn: string, change: (s: State) => State) => setState((s) => (s.key === startedOn ? change(s) : s)), []);

  useEffect(() => {
    if (!query) {
      setState(fresh(key, request.kind === 'waiting' ? 'loading' : request.kind === 'failed' ? 'error' : 'ready'));
      return;
    }
    const cached = peekLeaderboardPage(query, 1);
    setState(fresh(key, cached ? 'ready' : 'loading', cached));
    if (cached) return;
    let active = true;
    fetchLeaderboardPage(query, 1).then(
      (page) => active && setState(fresh(key, 'ready', page)),
      () => active && setState(fresh(key, 'error')),
    );
    return () => {
      active = false;
    };
    // The key names the query: a new object for the same board is the same board.
  }, [key, attempt]);

  useEffect(() => {
    if (!query) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      const { first, pages: shown } = live.current;
      const last = first + Math.max(1, shown.length) - 1;
      Promise.all(range(first, last).map((page) => fetchLeaderboardPage(query, page, true))).then(
        // Only if the window did not move meanwhile (a jump, Show players above, Back to the top).
        (pages) => update(key, (s) => (s.first === first && s.pages.length <= pages.length ? { ...s, status: 'ready', pages } : s)),
        // A failed refresh keeps what is on screen; the next one tries again.
        () => undefined,
      );
    }, LEADERBOARD_REFETCH_MS);
    return () => clearInterval(timer);
  }, [key]);

  const loadMore = useCallback(() => {
    const { key: startedOn, query: board, first, pages } = live.current;
    if (!board) return;
    const next = first + pages.length;
    update(startedOn, (s) => ({ ...s, more: 'loading' }));
    fetchLeaderboardPage(board, next).then(
      (page) => update(startedOn, (s) => ({ ...s, pages: [...s.pages.slice(0, next - s.first), page], more: 'idle' })),
      () => update(startedOn, (s) => ({ ...s, more: 'error' })),
    );
  }, [update]);

  const showPage = useCallback(
    async (target: number) => {
      const { key: startedOn, query: board, first, pages } = live.current;
      if (!board) return false;
      const last = first + pages.length - 1;
      if (target >= first && target <= last) return true;
      const append = pages.length > 0 && target === last + 1;
      update(startedOn, (s) => ({ ...s, more: 'loading' }));
      try {
        const page = await fetchLeaderboardPage(board, target);
        if (live.current.key !== startedOn) return false;
        update(startedOn, (s) =>
          append && s.first === first && s.pages.length === pages.length
            ? { ...s, pages: [...s.pages, page], more: 'idle' }
            : { ...s, status: 'ready', first: target, pages: [page], more: 'idle', above: 'idle' },
        );
        return true;
      } catch {
        update(startedOn, (s) => ({ ...s, more: 'error' }));
        return false;
      }
    },
    [update],
  );

  const showAbove = useCallback(async () => {
    const { key: startedOn, query: board, first } = live.current;
    if (!board || first <= 1) return false;
    update(startedOn, (s) => ({ ...s, above: 'loading' }));
    try {
      const page = await fetchLeaderboardPage(board, first - 1);
      update(startedOn, (s) => (s.first === first ? { ...s, first: first - 1, pages: [page, ...s.pages], above: 'idle' } : s));
      return live.current.key === startedOn;
    } catch {
      update(startedOn, (s) => ({ ...s, above: 'error' }));
      return false;
    }
  }, [update]);

  const backToTop = useCallback(async () => {
    const { key: startedOn, query: board } = live.current;
    if (!board) return false;
    const cached = peekLeaderboardPage(board, 1);
    if (!cached) update(startedOn, (s) => ({ ...s, above: 'loading' }));
    try {
      const page = cached ?? (await fetchLeaderboardPage(board, 1));
      update(startedOn, () => fresh(startedOn, 'ready', page));
      return live.current.key === startedOn;
    } catch {
      update(startedOn, (s) => ({ ...s, above: 'error' }));
      return false;
    }
  }, [update]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const shown = state.key === key ? state : fresh(key, 'loading');
  const last = shown.pages.at(-1);
  return {
    status: shown.status,
    rows: mergePages(shown.pages),
    hasMore: last?.pagination.hasMore ?? false,
    totalPlayers: last?.pagination.totalPlayers ?? 0,
    firstPage: shown.first,
    pageCount: shown.pages.length,
    more: shown.more,
    above: shown.above,
    loadMore,
    showAbove,
    backToTop,
    retry,
    showPage,
  };
}

export type RankState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rank: UserRankResponse };

/**
 * The signed-in player's place on a board (`null`: no board to rank on). A 401 means the session
 * ended since the page loaded: `onSignedOut` is told. `refresh` asks the server again.
 */
export function useUserRank(query: BoardQuery | null, onSignedOut: () => void): RankState & { refresh: () => Promise<UserRankResponse | null> } {
  const key = query ? boardKey(query) : '';
  const [state, setState] = useState<{ key: string } & RankState>({ key, status: 'loading' });
  const live = useRef({ key, query, onSignedOut });
  useLayoutEffect(() => {
    live.current = { key, query, onSignedOut };
  });

  const load = useCallback(async (force: boolean) => {
    const { key: startedOn, query: board } = live.current;
    if (!board) return null;
    try {
      const rank = await fetchUserRank(board, force);
      if (live.current.key === startedOn) setState({ key: startedOn, status: 'ready', rank });
      return rank;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) live.current.onSignedOut();
      if (live.current.key === startedOn) setState({ key: startedOn, status: 'error' });
      return null;
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [key, load]);

  const shown: RankState = state.key === key ? state : { status: 'loading' };
  return { ...shown, refresh: useCallback(() => load(true), [load]) };
}

/** The countries that have ranked players, asked for once country scope is first chosen. */
export function useCountries(wanted: boolean): CountryList & { retry: () => void } {
  const [state, setState] = useState<CountryList>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    let active = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    fetchCountries().then(
      (countries) => active && setState({ status: 'ready', countries }),
      () => active && setState({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [wanted, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
