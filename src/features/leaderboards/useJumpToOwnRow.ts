import { useEffect, useState } from 'react';
import { toast } from '~/lib/stores/toast';
import { rowId } from './LeaderboardRow';
import { useRowsDrawn } from './LeaderboardTable';
import type { Board, useUserRank } from './useLeaderboard';

/** How long the player's own row glows after 'Jump to my row'. */
const FLASH_MS = 2400;

/**
 * How long after a jump the row is brought back if the page's layout pushes it off screen: long
 * enough for a slow phone to finish drawing what the jump fetched.
 */
const SETTLE_MS = 5000;

/**
 * Rows above may still settle after the jump (a page rendering, a font arriving, a phone's taller
 * rows): for {@link SETTLE_MS} after it, the row (whichever element holds its id by then) is
 * brought back at once if they push it off screen, when a smooth glide ends and whenever the
 * page's size changes (not mid-glide). The player's own scrolling (wheel, touch, keys) ends the
 * watch, and so does its end: a glide that never started leaves no listener behind to pull a later
 * scroll back.
 */
function keepOnScreen(id: string, smooth: boolean) {
  let gliding = smooth;
  const bringBack = () => {
    // looked up each time: a re-render may have put a new element in the row's place
    const row = document.getElementById(id);
    if (!row) return;
    const { top, bottom } = row.getBoundingClientRect();
    if (bottom <= 0 || top >= window.innerHeight) row.scrollIntoView({ block: 'center', behavior: 'auto' });
  };
  const glideEnded = () => {
    gliding = false;
    bringBack();
  };
  const resized = new ResizeObserver(() => {
    if (!gliding) bringBack();
  });
  const inputs = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    resized.disconnect();
    clearTimeout(timer);
    window.removeEventListener('scrollend', glideEnded);
    for (const input of inputs) window.removeEventListener(input, stop);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  if (smooth) window.addEventListener('scrollend', glideEnded, { once: true });
  for (const input of inputs) window.addEventListener(input, stop, { once: true, passive: true });
  resized.observe(document.body);
}

/**
 * 'Jump to my row': show the page holding the player's row (alone if it is far down, with no
 * page between fetched), then scroll to the row,
 * move focus to it and let it glow. If the player's rank moved since it was fetched, ask once more.
 */
export function useJumpToOwnRow(board: Board, rank: ReturnType<typeof useUserRank>, ownUserId: number | null) {
  const [jumping, setJumping] = useState(false);
  const [target, setTarget] = useState<{ page: number; retried: boolean } | null>(null);
  const [flashUserId, setFlashUserId] = useState<number | null>(null);
  // A jump pressed while the board's first rows are still being drawn waits for them: the row is
  // not in the page until then (on a slow phone, seconds after its page arrived).
  const drawn = useRowsDrawn(board.rows);

  async function jump(retried: boolean) {
    setJumping(true);
    const mine = retried ? await rank.refresh() : rank.status === 'ready' ? rank.rank : null;
    if (mine?.page == null || !(await board.showPage(mine.page))) {
      setJumping(false);
      if (retried)
        toast({ title: 'Could not find your row', description: 'The board changed. Try again in a moment.' });
      return;
    }
    setTarget({ page: mine.page, retried });
  }

  useEffect(() => {
    if (!target || ownUserId === null) return;
    const row = document.getElementById(rowId(ownUserId));
    if (row) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      row.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
      keepOnScreen(row.id, smooth);
      row.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
      setFlashUserId(ownUserId);
      setTarget(null);
      setJumping(false);
      return;
    }
    // Wait while the target page is still arriving, or its rows are still being drawn.
    const shown = target.page >= board.firstPage && target.page < board.firstPage + board.pageCount;
    if (!shown || board.more === 'loading' || !drawn) return;
    setTarget(null);
    if (target.retried || board.more === 'error') {
      setJumping(false);
      if (board.more !== 'error')
        toast({ title: 'Could not find your row', description: 'The board changed. Try again in a moment.' });
      return;
    }
    void jump(true);
  }, [target, board.rows, board.firstPage, board.pageCount, board.more, drawn, ownUserId]);

  useEffect(() => {
    if (flashUserId === null) return;
    const timer = setTimeout(() => setFlashUserId(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashUserId]);

  return { jumping, flashUserId, jumpToMyRow: () => void jump(false) };
}
