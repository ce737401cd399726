import { useCallback, useMemo, useState } from 'react';
import { mergePages } from '~/lib/board-rules';
import type { LeaderboardResponse } from '~/lib/schemas/leaderboard';
import { tournamentBoardPageStore } from '~/lib/stores/tournament-queries';
import type { Board } from '../leaderboards/useLeaderboard';
import { useStores } from '../leaderboards/useLeaderboard';

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const done = async () => false;

/**
 * A tournament's board as the leaderboard table shows it: page 1, more with Load More Players.
 * Each page on screen is asked again every 10 s while the tab is visible (the store's refetch).
 * `id` null: no tournament yet, the board waits.
 */
export function useTournamentBoard(id: number | null): Board {
  const [shown, setShown] = useState({ id, count: 1 });
  const count = shown.id === id ? shown.count : 1;
  const stores = useMemo(
    () => (id === null ? [] : range(count).map((page) => tournamentBoardPageStore({ id, page }))),
    [id, count],
  );
  const values = useStores(stores);

  const loadMore = useCallback(() => {
    const last = stores.at(-1);
    if (last && last.get().error !== undefined && last.get().data === undefined) last.invalidate();
    else setShown({ id, count: count + 1 });
  }, [stores, id, count]);
  const retry = useCallback(() => stores[0]?.invalidate(), [stores]);

  const pages = values.flatMap((v) => (v.data ? [v.data] : [])) as LeaderboardResponse[];
  const first = values[0];
  const last = values.at(-1);
  const status: Board['status'] = first?.data
    ? 'ready'
    : first && first.error !== undefined && !first.loading
      ? 'error'
      : 'loading';
  const lastMissing = values.length > 1 && last && !last.data;
  const newest = pages.at(-1);
  return {
    status,
    rows: mergePages(pages),
    hasMore: newest?.pagination.hasMore ?? false,
    totalPlayers: newest?.pagination.totalPlayers ?? 0,
    firstPage: 1,
    pageCount: pages.length,
    more: lastMissing ? (last.error !== undefined && !last.loading ? 'error' : 'loading') : 'idle',
    above: 'idle',
    loadMore,
    showAbove: done,
    backToTop: done,
    retry,
    showPage: done,
  };
}
