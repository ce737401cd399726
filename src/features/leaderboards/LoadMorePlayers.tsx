import { formatCount, plural } from '~/lib/format';
import { PixelIcon } from '~/ui/PixelIcon';
import type { Board } from './useLeaderboard';
import { arrowDown as iconArrowDown } from '~/ui/pixel-icons';

/** 'Showing X of Y players' under a board, and Load More Players while more pages exist. */
export function LoadMorePlayers({ board }: { board: Board }) {
  const shown = board.rows.length;
  return (
    <div className="flex flex-col items-center gap-3 border-t-2 border-plum px-4 py-5 text-center">
      <p className="font-data text-sm text-base-content/75" aria-live="polite">
        Showing {formatCount(shown)} of {plural(Math.max(board.totalPlayers, shown), 'player')}
      </p>
      {board.more === 'error' && (
        <p role="alert" className="text-sm text-error">
          Could not load more players.
        </p>
      )}
      {board.hasMore && (
        <button
          type="button"
          className="btn-arcade btn-secondary"
          onClick={board.loadMore}
          disabled={board.more === 'loading'}
        >
          {board.more === 'loading' ? (
            <>
              <span className="loading loading-xs loading-spinner" aria-hidden="true" /> Loading...
            </>
          ) : (
            <>
              <PixelIcon icon={iconArrowDown} className="size-4" />{' '}
              {board.more === 'error' ? 'Try Again' : 'Load More Players'}
            </>
          )}
        </button>
      )}
    </div>
  );
}
