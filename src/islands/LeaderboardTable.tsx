import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatCount, formatMonthDayYear } from '../lib/format';
import { countryName } from '../lib/countries';
import { countryBadge } from '../lib/leaderboards';
import type { LeaderboardEntry } from '../lib/schemas/leaderboards';
import { FishingResultsDialog } from './FishingResultsDialog';
import { PixelIcon } from './PixelIcon';
import type { Board } from './useLeaderboard';

export const FISHING_GAME_ID = 'fishing-for-sats';

interface Props {
  board: Board;
  gameId: string;
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
}

/** The id of a player's row, for 'Jump to my row'. */
export const rowId = (userId: number) => `leaderboard-row-${userId}`;

const TROPHIES = [
  { label: 'Gold trophy', icon: 'text-gold', row: 'bg-gold/10 [&>td:first-child]:shadow-[inset_4px_0_0_0_var(--color-gold)]' },
  { label: 'Silver trophy', icon: 'text-[#d3d8ea]', row: 'bg-[#d3d8ea]/8 [&>td:first-child]:shadow-[inset_4px_0_0_0_#d3d8ea]' },
  { label: 'Bronze trophy', icon: 'text-[#e0915a]', row: 'bg-[#e0915a]/8 [&>td:first-child]:shadow-[inset_4px_0_0_0_#e0915a]' },
] as const;

/**
 * The leaderboard table (SPEC section 2): titled with game, scope and ALL TIME; one row per player
 * with rank, avatar, name, fish or level, join date, country and score; Load More Players below.
 * On narrow screens the secondary columns fold into a line under the player's name.
 */
export function LeaderboardTable({ board, gameId, gameName, scopeLabel, ownUserId, flashUserId, emptyHint, detailsPath }: Props) {
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const fishing = gameId === FISHING_GAME_ID;
  const [fishOf, setFishOf] = useState<LeaderboardEntry | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openFish = (entry: LeaderboardEntry) => {
    setFishOf(entry);
    setDialogOpen(true);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="panel overflow-hidden" aria-busy={board.status === 'loading'}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b-2 border-plum bg-base-300/60 px-4 py-4 sm:px-6">
        <h2 id={`${id}-title`} ref={title} tabIndex={-1} className="flex scroll-mt-24 focus:outline-none flex-wrap items-center gap-x-3 gap-y-2 text-xs leading-relaxed sm:text-sm">
          <span className="text-primary">{gameName}</span>
          <span className="badge h-auto border-2 border-info bg-transparent py-1 font-pixel text-[0.55rem] text-info">{scopeLabel}</span>
          <span className="badge h-auto border-2 border-accent bg-transparent py-1 font-pixel text-[0.55rem] text-accent">ALL TIME</span>
        </h2>
        {board.status === 'ready' && board.totalPlayers > 0 && (
          <p className="flex items-center gap-2 text-sm text-base-content/75">
            <PixelIcon name="users" className="size-4" />
            {board.totalPlayers === 1 ? '1 player' : `${formatCount(board.totalPlayers)} players`}
          </p>
        )}
      </header>

      {board.status === 'loading' && <LoadingRows />}
      {board.status === 'error' && <BoardError onRetry={board.retry} />}
      {board.status === 'ready' && board.rows.length === 0 && <EmptyBoard hint={emptyHint} detailsPath={detailsPath} gameName={gameName} />}
      {board.status === 'ready' && board.rows.length > 0 && (
        <>
          {board.firstPage > 1 && <PlayersAbove board={board} title={title} body={body} />}
          <table className="w-full table-fixed border-separate border-spacing-0 text-left" aria-labelledby={`${id}-title`}>
            <thead className="font-pixel text-[0.55rem] text-base-content/75">
              <tr>
                <th scope="col" className="w-12 px-1 py-3 text-center sm:w-20 sm:px-2">
                  Rank
                </th>
                <th scope="col" className="px-2 py-3">
                  Player
                </th>
                <th scope="col" className="hidden w-32 px-2 py-3 md:table-cell">
                  {fishing ? 'Fish Caught' : 'Level'}
                </th>
                <th scope="col" className="hidden w-36 px-2 py-3 lg:table-cell">
                  Joined
                </th>
                <th scope="col" className="hidden w-24 px-2 py-3 text-center md:table-cell">
                  Country
                </th>
                <th scope="col" className="w-24 py-3 pr-3 pl-1 text-right sm:w-40 sm:pr-6">
                  Score
                </th>
              </tr>
            </thead>
            <tbody ref={body}>
              {board.rows.map((entry) => (
                <Row
                  key={entry.userId}
                  entry={entry}
                  fishing={fishing}
                  own={entry.userId === ownUserId}
                  flash={entry.userId === flashUserId}
                  onFish={() => openFish(entry)}
                />
              ))}
            </tbody>
          </table>
          <LoadMore board={board} />
        </>
      )}

      {fishOf && (
        <FishingResultsDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          username={fishOf.username}
          score={fishOf.score}
          fish={fishOf.fishDetails}
          unit="lbs"
        />
      )}
    </section>
  );
}

function Row({ entry, fishing, own, flash, onFish }: { entry: LeaderboardEntry; fishing: boolean; own: boolean; flash: boolean; onFish: () => void }) {
  const trophy = entry.rank <= 3 ? TROPHIES[entry.rank - 1] : undefined;
  const country = countryBadge(entry.country);
  const cell = 'border-t-2 border-plum/60 py-3 align-middle';
  const stat = fishing ? <FishButton entry={entry} onOpen={onFish} /> : <LevelText level={entry.level} />;

  return (
    <tr
      id={rowId(entry.userId)}
      data-rank={entry.rank}
      data-own={own || undefined}
      className={[trophy?.row ?? '', own ? 'bg-accent/10 outline-2 -outline-offset-2 outline-accent' : '', flash ? 'row-flash' : ''].join(' ')}
    >
      <td className={`${cell} px-1 text-center sm:px-2`}>
        {trophy ? (
          <span className="inline-flex flex-col items-center gap-0.5">
            <PixelIcon name="trophy" label={trophy.label} className={`size-6 sm:size-7 ${trophy.icon}`} />
            <span className={`font-pixel text-[0.6rem] ${trophy.icon}`}>#{entry.rank}</span>
          </span>
        ) : (
          <span className="font-pixel text-[0.65rem] text-base-content/85">#{formatCount(entry.rank)}</span>
        )}
      </td>
      <td className={`${cell} px-2`}>
        <div className="flex min-w-0 items-center gap-3">
          <Avatar entry={entry} />
          <div className="min-w-0">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <a href={`/users/${entry.userId}`} title={entry.username} className="link block min-w-0 truncate font-bold link-hover hover:text-primary">
                {entry.username}
              </a>
              {own && <span className="badge shrink-0 border-2 border-black bg-accent font-pixel text-[0.5rem] text-accent-content badge-sm">YOU</span>}
            </p>
            <p className="mt-0.5 hidden text-sm text-base-content/75 md:block lg:hidden">
              <JoinDate createdAt={entry.createdAt} />
            </p>
          </div>
        </div>
        {/* Narrow screens: the columns hidden there, on a line under the player. */}
        <p className="mt-2 flex flex-wrap items-center gap-x-2.5 gap-y-1.5 text-sm text-base-content/75 md:hidden">
          {stat}
          {country && <CountryCode code={country} />}
          <JoinDate createdAt={entry.createdAt} />
        </p>
      </td>
      <td className={`${cell} hidden px-2 md:table-cell`}>{stat}</td>
      <td className={`${cell} hidden px-2 text-sm text-base-content/85 lg:table-cell`}>
        <JoinDate createdAt={entry.createdAt} />
      </td>
      <td className={`${cell} hidden px-2 text-center md:table-cell`}>{country && <CountryCode code={country} />}</td>
      <td className={`${cell} pr-3 pl-1 text-right sm:pr-6`}>
        <span className={`block font-pixel text-xs sm:text-sm ${trophy ? trophy.icon : 'text-primary'}`}>{formatCount(entry.score)}</span>
        <span className="text-xs text-base-content/75">points</span>
      </td>
    </tr>
  );
}

const LETTER_COLORS = ['text-primary', 'text-secondary', 'text-accent', 'text-info', 'text-warning'];

/** A player's letter keeps one colour wherever it appears, so a board reads less like a wall of orange. */
function letterColor(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return LETTER_COLORS[hash % LETTER_COLORS.length]!;
}

function Avatar({ entry }: { entry: LeaderboardEntry }) {
  const [broken, setBroken] = useState(false);
  const frame = 'size-9 shrink-0 rounded-sm border-2 border-plum bg-neutral shadow-[2px_2px_0_0_rgb(0_0_0/0.5)] sm:size-11';
  if (entry.activeAvatar && !broken) {
    return (
      <img
        src={entry.activeAvatar.avatarImage}
        alt=""
        title={entry.activeAvatar.avatarName}
        width={44}
        height={44}
        loading="lazy"
        onError={() => setBroken(true)}
        className={`pixelated ${frame}`}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`grid place-items-center font-pixel text-sm ${letterColor(entry.username)} ${frame}`}>
      {entry.username.charAt(0).toUpperCase()}
    </span>
  );
}

function FishButton({ entry, onOpen }: { entry: LeaderboardEntry; onOpen: () => void }) {
  const text = entry.fishCaught === 1 ? '1 fish' : `${formatCount(entry.fishCaught)} fish`;
  if (entry.fishDetails.length === 0) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <PixelIcon name="fish" className="size-4 text-info" /> {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={`${text}: show ${entry.username}'s fishing results`}
      className="btn btn-xs h-auto min-h-7 gap-1.5 border-2 border-info/60 bg-info/10 px-2 text-sm font-normal text-info hover:bg-info/20"
    >
      <PixelIcon name="fish" className="size-4" />
      {text}
    </button>
  );
}

function LevelText({ level }: { level: number | null }) {
  return <span className="whitespace-nowrap">{level === null ? 'Level -' : `Level ${formatCount(level)}`}</span>;
}

function JoinDate({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} className="whitespace-nowrap">
      {formatMonthDayYear(createdAt)}
    </time>
  );
}

function CountryCode({ code }: { code: string }) {
  return (
    <abbr title={countryName(code)} className="rounded-sm border-2 border-plum bg-base-300 px-1.5 py-0.5 font-pixel text-[0.55rem] text-info no-underline">
      {code}
    </abbr>
  );
}

/**
 * Above a board opened deep down by 'Jump to my row': how many players rank higher, a way to show
 * them a page at a time, and a way back to the top of the board. Focus never falls to the page:
 * when the bar goes, the board's title (back to the top) or its first row (all shown) takes it.
 */
function PlayersAbove({ board, title, body }: { board: Board; title: RefObject<HTMLHeadingElement | null>; body: RefObject<HTMLTableSectionElement | null> }) {
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
      <p className="text-sm text-base-content/75">
        {higher === 1 ? '1 player ranks' : `${formatCount(higher)} players rank`} higher.
        {board.above === 'error' && (
          <span role="alert" className="ml-2 text-error">
            Could not load them.
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-arcade btn-sm btn-secondary" onClick={() => void showAbove()} disabled={loading}>
          {loading ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <PixelIcon name="arrow-up" className="size-4" />}
          {board.above === 'error' ? 'Try Again' : 'Show players above'}
        </button>
        <button type="button" className="btn-arcade btn-sm btn-outline btn-info" onClick={() => void backToTop()} disabled={loading}>
          <PixelIcon name="arrow-bar-up" className="size-4" />
          Back to the top
        </button>
      </div>
    </div>
  );
}

function LoadMore({ board }: { board: Board }) {
  const shown = board.rows.length;
  return (
    <div className="flex flex-col items-center gap-3 border-t-2 border-plum px-4 py-5 text-center">
      <p className="text-sm text-base-content/75" aria-live="polite">
        Showing {formatCount(shown)} of {formatCount(Math.max(board.totalPlayers, shown))} {board.totalPlayers === 1 ? 'player' : 'players'}
      </p>
      {board.more === 'error' && (
        <p role="alert" className="text-sm text-error">
          Could not load more players.
        </p>
      )}
      {board.hasMore && (
        <button type="button" className="btn-arcade btn-secondary" onClick={board.loadMore} disabled={board.more === 'loading'}>
          {board.more === 'loading' ? (
            <>
              <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Loading...
            </>
          ) : (
            <>
              <PixelIcon name="arrow-down" className="size-4" /> {board.more === 'error' ? 'Try Again' : 'Load More Players'}
            </>
          )}
        </button>
      )}
    </div>
  );
}

function LoadingRows() {
  return (
    <div role="status" aria-label="Loading leaderboard" className="space-y-3 p-4 sm:p-6">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <div className="skeleton size-10 shrink-0" />
          <div className="skeleton h-5 flex-1" />
          <div className="skeleton h-5 w-20" />
        </div>
      ))}
    </div>
  );
}

function Notice({ icon, tone, title, children, alert = false }: { icon: 'alert' | 'trophy'; tone: string; title: string; children: ReactNode; alert?: boolean }) {
  return (
    <div role={alert ? 'alert' : undefined} className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className={`grid size-16 place-items-center rounded-box border-2 border-dashed border-plum ${tone}`}>
        <PixelIcon name={icon} className="size-9" />
      </span>
      <h3 className={`text-xs leading-relaxed sm:text-sm ${tone}`}>{title}</h3>
      {children}
    </div>
  );
}

function BoardError({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice icon="alert" tone="text-error" title="Failed to load leaderboard" alert>
      <p className="text-base-content/75">The scores could not be fetched. Check your connection and try again.</p>
      <button type="button" className="btn-arcade btn-primary mt-2" onClick={onRetry}>
        <PixelIcon name="reload" className="size-4" /> Try Again
      </button>
    </Notice>
  );
}

function EmptyBoard({ hint, detailsPath, gameName }: { hint?: string; detailsPath: string; gameName: string }) {
  return (
    <Notice icon="trophy" tone="text-warning" title="No players found">
      <p className="text-lg text-base-content/85">Be the first to set a high score!</p>
      {hint && <p className="max-w-md text-sm text-base-content/75">{hint}</p>}
      <a href={detailsPath} className="btn-arcade btn-outline btn-info mt-2">
        <PixelIcon name="gamepad" className="size-4" /> About {gameName}
      </a>
    </Notice>
  );
}
