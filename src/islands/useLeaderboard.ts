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
  /** Pages shown (each of LEADERBOARD_PAGE_SIZE rows). */
  pageCount: number;
  more: 'idle' | 'loading' | 'error';
  loadMore: () => void;
  retry: () => void;
  /** Show every page up to `page` (the one holding the player's row); false if the board changed meanwhile. */
  loadThrough: (page: number) => Promise<boolean>;
}

interface State {
  key: string;
  status: Board['status'];
  pages: LeaderboardResponse[];
  more: Board['more'];
}

const requestKey = (request: BoardRequest) => (request.kind === 'query' ? boardKey(request.query) : `:${request.kind}`);
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The pages of one leaderboard: page 1 whenever the board changes (game, scope or country), more on
 * demand, all of them fetched again every 30 s while the tab is visible. A board seen less than
 * two minutes ago shows at once from the cache.
 */
export function useLeaderboard(request: BoardRequest): Board {
  const key = requestKey(request);
  const query = request.kind === 'query' ? request.query : null;
  const [state, setState] = useState<State>({ key, status: 'loading', pages: [], more: 'idle' });
  const [attempt, setAttempt] = useState(0);
  // The board on screen and its pages, for callbacks that finish after the player moved on.
  const live = useRef({ key, query, pages: state.pages });
  useLayoutEffect(() => {
    live.current = { key, query, pages: state.key === key ? state.pages : [] };
  });

  useEffect(() => {
    if (!query) {
      setState({ key, status: request.kind === 'waiting' ? 'loading' : request.kind === 'failed' ? 'error' : 'ready', pages: [], more: 'idle' });
      return;
    }
    const cached = peekLeaderboardPage(query, 1);
    setState({ key, status: cached ? 'ready' : 'loading', pages: cached ? [cached] : [], more: 'idle' });
    if (cached) return;
    let active = true;
    fetchLeaderboardPage(query, 1).then(
      (page) => active && setState({ key, status: 'ready', pages: [page], more: 'idle' }),
      () => active && setState({ key, status: 'error', pages: [], more: 'idle' }),
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
      const count = Math.max(1, live.current.pages.length);
      Promise.all(range(1, count).map((page) => fetchLeaderboardPage(query, page, true))).then(
        (pages) => live.current.key === key && setState((s) => (s.key === key ? { ...s, status: 'ready', pages } : s)),
        // A failed refresh keeps what is on screen; the next one tries again.
        () => undefined,
      );
    }, LEADERBOARD_REFETCH_MS);
    return () => clearInterval(timer);
  }, [key]);

  const loadMore = useCallback(() => {
    const { key: startedOn, query: board, pages } = live.current;
    if (!board) return;
    const next = pages.length + 1;
    setState((s) => (s.key === startedOn ? { ...s, more: 'loading' } : s));
    fetchLeaderboardPage(board, next).then(
      (page) => setState((s) => (s.key === startedOn ? { ...s, pages: [...s.pages.slice(0, next - 1), page], more: 'idle' } : s)),
      () => setState((s) => (s.key === startedOn ? { ...s, more: 'error' } : s)),
    );
  }, []);

  const loadThrough = useCallback(async (target: number) => {
    const { key: startedOn, query: board, pages } = live.current;
    if (!board) return false;
    const have = pages.length;
    if (target <= have) return true;
    setState((s) => (s.key === startedOn ? { ...s, more: 'loading' } : s));
    try {
      const fetched = await Promise.all(range(have + 1, target).map((page) => fetchLeaderboardPage(board, page)));
      if (live.current.key !== startedOn) return false;
      setState((s) => (s.key === startedOn ? { ...s, pages: [...s.pages.slice(0, have), ...fetched], more: 'idle' } : s));
      return true;
    } catch {
      setState((s) => (s.key === startedOn ? { ...s, more: 'error' } : s));
      return false;
    }
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const shown = state.key === key ? state : { key, status: 'loading' as const, pages: [], more: 'idle' as const };
  const last = shown.pages.at(-1);
  return {
    status: shown.status,
    rows: mergePages(shown.pages),
    hasMore: last?.pagination.hasMore ?? false,
    totalPlayers: last?.pagination.totalPlayers ?? 0,
    pageCount: shown.pages.length,
    more: shown.more,
    loadMore,
    retry,
    loadThrough,
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
