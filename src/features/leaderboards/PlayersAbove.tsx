import type { RefObject } from 'react';
import { plural } from '~/lib/format';
import { PixelIcon } from '~/ui/PixelIcon';
import type { Board } from './useLeaderboard';
import { arrowBarUp as iconArrowBarUp, arrowUp as iconArrowUp } from '~/ui/pixel-icons';

/**
 * Above a board opened deep down by 'Jump to my row': how many players rank higher, a way to show
 * them a page at a time, and a way back to the top of the board. Focus never falls to the page:
 * when the bar goes, the board's title (back to the top) or its first row (all shown) takes it.
 */
export function PlayersAbove({
  board,
  title,
  body,
}: {
  board: Board;
  title: RefObject<HTMLHeadingElement | null>;
  body: RefObject<HTMLTableSectionElement | null>;
}) {
  const higher = Math.max(0, (board.rows[0]?.rank ?? 1) - 1);
  const loading = board.above === 'loading';

  async function showAbove() {
    const first = board.firstPage;
    if ((await board.showAbove()) && first - 1 === 1) {
      requestAnimationFrame(() => body.current?.querySelector<HTMLElement>('tr:first-child a')?.focus());
    }
  }

  async function backToTop() {
    if (!(await board.backToTop())) return;
    requestAnimationFrame(() => {
      const heading = title.current;
      if (!heading) return;
      heading.focus({ preventScroll: true });
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      heading.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    });
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b-2 border-plum bg-base-300/30 px-4 py-4 sm:px-6">
      <p className="font-data text-sm text-base-content/75">
        {plural(higher, 'player')} {higher === 1 ? 'ranks' : 'rank'} higher.
        {board.above === 'error' && (
          <span role="alert" className="ml-2 text-error">
            Could not load them.
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-arcade btn-secondary btn-sm"
          onClick={() => void showAbove()}
          disabled={loading}
        >
          {loading ? (
            <span className="loading loading-xs loading-spinner" aria-hidden="true" />
          ) : (
            <PixelIcon icon={iconArrowUp} className="size-4" />
          )}
          {board.above === 'error' ? 'Try Again' : 'Show players above'}
        </button>
        <button
          type="button"
          className="btn-arcade btn-outline btn-info btn-sm"
          onClick={() => void backToTop()}
          disabled={loading}
        >
          <PixelIcon icon={iconArrowBarUp} className="size-4" />
          Back to the top
        </button>
      </div>
    </div>
  );
}
