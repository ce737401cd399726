import { lazy, Suspense, useDeferredValue, useId, useRef, useState } from 'react';
import { plural } from '~/lib/format';
import type { GameResults } from '~/lib/schemas/games';
import type { LeaderboardEntry } from '~/lib/schemas/leaderboard';
import { PixelIcon } from '~/ui/PixelIcon';
import { BoardError, EmptyBoard, LoadingRows } from './BoardNotices';
import { LeaderboardRow } from './LeaderboardRow';
import { LoadMorePlayers } from './LoadMorePlayers';
import { PlayersAbove } from './PlayersAbove';
import type { Board } from './useLeaderboard';

// Loaded when a player first opens someone's fishing results, not with the board.
const FishingResultsDialog = lazy(() =>
  import('./FishingResultsDialog').then((m) => ({ default: m.FishingResultsDialog })),
);
import { users as iconUsers } from '~/ui/pixel-icons';

interface Props {
  board: Board;
  /** What the game's runs report (fish or levels), from the catalogue. */
  results: GameResults;
  /** 'Fishing for Sats!', 'REKT!'... */
  gameName: string;
  /** 'GLOBAL' or the country's name. */
  scopeLabel: string;
  /** The signed-in player's id, to mark their row. */
  ownUserId: number | null;
  /** The row lit up after 'Jump to my row'. */
  flashUserId: number | null;
  /** Shown instead of the board when there is no board to show (no countries yet). */
  emptyHint?: string;
  /** Where the empty board sends a player who wants to be first. */
  detailsPath: string;
  /** The board's period badge: 'ALL TIME' for the game boards, the tournament's for its board. */
  periodLabel?: string;
  /** Fish weights in the Fishing Results dialog: lbs on the leaderboards, kg in a tournament. */
  fishUnit?: 'lbs' | 'kg';
}

/**
 * Whether the table shows `rows` yet. A board's first rows (after loading, or another game or scope)
 * render at a lower priority: React builds them in short slices between frames rather than in one
 * long task, with the loading rows on screen meanwhile. Rows added to rows on screen (Load More, a
 * jump) render at once. Whatever waits for a row to be in the page (Jump to My Row) asks this too.
 */
export function useRowsDrawn(rows: readonly LeaderboardEntry[]): boolean {
  const drawn = useDeferredValue(rows);
  return rows.length === 0 || drawn.length > 0;
}

/**
 * The leaderboard table: titled with game, scope and ALL TIME; one row per player
 * with rank, avatar, name, fish or level, join date, country and score; Load More Players below.
 * On narrow screens the secondary columns fold into a line under the player's name.
 */
export function LeaderboardTable({
  board,
  results,
  gameName,
  scopeLabel,
  ownUserId,
  flashUserId,
  emptyHint,
  detailsPath,
  periodLabel = 'ALL TIME',
  fishUnit = 'lbs',
}: Props) {
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const [fishOf, setFishOf] = useState<LeaderboardEntry | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const status = useRowsDrawn(board.rows) ? board.status : 'loading';
  const openFish = (entry: LeaderboardEntry) => {
    setFishOf(entry);
    setDialogOpen(true);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="panel overflow-hidden" aria-busy={status === 'loading'}>
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 border-b-2 border-plum bg-base-300/60 px-4 py-3 sm:gap-y-3 sm:px-6 sm:py-4">
        <h2
          id={`${id}-title`}
          ref={title}
          tabIndex={-1}
          className="flex scroll-mt-24 flex-wrap items-center gap-x-3 gap-y-1.5 text-xs leading-relaxed focus:outline-none sm:gap-y-2 sm:text-sm"
        >
          <span className="text-primary">{gameName}</span>
          <span className="badge h-auto border-2 border-info bg-transparent py-1 font-pixel text-[0.55rem] text-info">
            {scopeLabel}
          </span>
          <span className="badge h-auto border-2 border-accent bg-transparent py-1 font-pixel text-[0.55rem] text-accent">
            {periodLabel}
          </span>
        </h2>
        {status === 'ready' && board.totalPlayers > 0 && (
          <p className="flex items-center gap-2 font-data text-sm text-base-content/75">
            <PixelIcon icon={iconUsers} className="size-4" />
            {plural(board.totalPlayers, 'player')}
          </p>
        )}
      </header>

      {status === 'loading' && <LoadingRows />}
      {status === 'error' && <BoardError onRetry={board.retry} />}
      {status === 'ready' && board.rows.length === 0 && (
        <EmptyBoard hint={emptyHint} detailsPath={detailsPath} gameName={gameName} />
      )}
      {status === 'ready' && board.rows.length > 0 && (
        <>
          {board.firstPage > 1 && <PlayersAbove board={board} title={title} body={body} />}
          <table
            className="w-full table-fixed border-separate border-spacing-0 text-left"
            aria-labelledby={`${id}-title`}
          >
            <BoardHead results={results} />
            <tbody ref={body}>
              {board.rows.map((entry) => (
                <LeaderboardRow
                  key={entry.userId}
                  entry={entry}
                  results={results}
                  own={entry.userId === ownUserId}
                  flash={entry.userId === flashUserId}
                  onFish={() => openFish(entry)}
                />
              ))}
            </tbody>
          </table>
          <LoadMorePlayers board={board} />
        </>
      )}

      {fishOf && (
        <Suspense fallback={null}>
          <FishingResultsDialog
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            username={fishOf.username}
            score={fishOf.score}
            fish={fishOf.fishDetails}
            unit={fishUnit}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The board's column heads; the fish or level column only for games whose runs report one. */
function BoardHead({ results }: { results: GameResults }) {
  const columns: [string, string][] = [
    ['Rank', 'w-12 px-1 text-center sm:w-20 sm:px-2'],
    ['Player', 'px-2'],
    ...(results.fish || results.levels
      ? [[results.fish ? 'Fish Caught' : 'Level', 'hidden w-32 px-2 md:table-cell'] as [string, string]]
      : []),
    ['Joined', 'hidden w-36 px-2 lg:table-cell'],
    ['Country', 'hidden w-24 px-2 text-center md:table-cell'],
    ['Score', 'w-24 pr-3 pl-1 text-right sm:w-40 sm:pr-6'],
  ];
  return (
    <thead className="font-pixel text-[0.55rem] text-base-content/75">
      <tr>
        {columns.map(([label, className]) => (
          <th key={label} scope="col" className={`py-3 ${className}`}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
