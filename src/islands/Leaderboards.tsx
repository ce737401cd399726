import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { countryName } from '../lib/countries';
import { boardRequest, type BoardQuery } from '../lib/leaderboards';
import type { LeaderboardScope } from '../lib/schemas/leaderboards';
import { $session } from '../lib/stores/session';
import { toast } from '../lib/stores/toast';
import { LeaderboardTable, FISHING_GAME_ID, rowId } from './LeaderboardTable';
import { PixelIcon } from './PixelIcon';
import { useCountries, useLeaderboard, useUserRank } from './useLeaderboard';
import { SignInForRank, YourRankCard } from './YourRankCard';

/** What the page knows of a catalogue game. */
export interface BoardGame {
  gameId: string;
  name: string;
  logo: string;
  url: string;
  detailsPath: string;
}

/** The board being looked at: game, scope and country. */
type View = BoardQuery;

/** How long the player's own row glows after 'Jump to my row'. */
const FLASH_MS = 2400;

/** The board in the address bar (`?game=rekt&scope=country&country=US`), so it can be shared and survives a reload. */
function readView(games: BoardGame[]): View {
  const params = new URLSearchParams(window.location.search);
  const game = params.get('game');
  const country = params.get('country')?.toUpperCase();
  return {
    gameId: games.some((g) => g.gameId === game) ? game! : games[0]!.gameId,
    scope: params.get('scope') === 'country' ? 'country' : 'global',
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
  };
}

function writeView(view: View, games: BoardGame[]) {
  const params = new URLSearchParams(window.location.search);
  const set = (name: string, value: string | undefined) => (value ? params.set(name, value) : params.delete(name));
  set('game', view.gameId === games[0]!.gameId ? undefined : view.gameId);
  set('scope', view.scope === 'global' ? undefined : view.scope);
  set('country', view.scope === 'country' ? view.country : undefined);
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}

/**
 * The leaderboards page (SPEC section 2, "Leaderboards"): game tabs, global or country scope, the
 * signed-in player's rank and the board itself.
 */
export default function Leaderboards({ games }: { games: BoardGame[] }) {
  const session = useStore($session);
  // Null until the address bar has been read (after hydration, so the prerendered page matches).
  const [view, setView] = useState<View | null>(null);
  const shownView = view ?? { gameId: games[0]!.gameId, scope: 'global' as const };
  const game = games.find((g) => g.gameId === shownView.gameId) ?? games[0]!;
  const countries = useCountries(shownView.scope === 'country');

  useEffect(() => setView(readView(games)), [games]);
  useEffect(() => {
    if (view) writeView(view, games);
  }, [view, games]);

  // Country scope shows the chosen country, else the first one in the list.
  useEffect(() => {
    if (view?.scope !== 'country' || countries.status !== 'ready') return;
    if (!countries.countries.some((c) => c.code === view.country)) setView({ ...view, country: countries.countries[0]?.code });
  }, [view, countries]);

  const request = boardRequest(view, countries);
  const board = useLeaderboard(request);
  const query: BoardQuery | null = request.kind === 'query' ? request.query : null;

  const signedIn = session.status === 'signed-in';
  const ownUserId = signedIn ? session.user.id : null;
  const rank = useUserRank(signedIn ? query : null, () => $session.set({ status: 'signed-out' }));

  const { jumping, flashUserId, jumpToMyRow } = useJumpToOwnRow(board, rank, ownUserId);

  const choose = (next: Partial<View>) => setView({ ...shownView, ...next });
  const scopeLabel = shownView.scope === 'global' ? 'GLOBAL' : shownView.country ? countryName(shownView.country).toUpperCase() : 'COUNTRY';
  const tabsId = useId();

  return (
    <div className="mt-8 space-y-6">
      <GameTabs games={games} selected={game.gameId} onSelect={(gameId) => choose({ gameId })} panelId={`${tabsId}-panel`} idPrefix={tabsId} />
      <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${game.gameId}`} className="space-y-6">
        <ScopeControls
          scope={shownView.scope}
          country={shownView.country}
          countries={countries}
          onScope={(scope) => choose({ scope })}
          onCountry={(country) => choose({ country })}
        />
        {session.status === 'loading' && <div className="skeleton h-24 w-full" aria-hidden="true" />}
        {session.status === 'signed-out' && <SignInForRank />}
        {signedIn && query && (
          <YourRankCard
            rank={rank}
            fishing={game.gameId === FISHING_GAME_ID}
            game={game}
            countryScope={shownView.scope === 'country'}
            onJump={jumpToMyRow}
            jumping={jumping}
          />
        )}
        <LeaderboardTable
          board={request.kind === 'failed' ? { ...board, retry: countries.retry } : board}
          gameId={game.gameId}
          gameName={game.name}
          scopeLabel={scopeLabel}
          ownUserId={ownUserId}
          flashUserId={flashUserId}
          detailsPath={game.detailsPath}
          emptyHint={request.kind === 'none' ? 'No country has ranked players yet. Play a game to put yours on the map.' : undefined}
        />
      </div>
    </div>
  );
}

/**
 * 'Jump to my row': show the page holding the player's row (alone if it is far down, with no
 * page between fetched), then scroll to the row,
 * move focus to it and let it glow. If the player's rank moved since it was fetched, ask once more.
 */
function useJumpToOwnRow(board: ReturnType<typeof useLeaderboard>, rank: ReturnType<typeof useUserRank>, ownUserId: number | null) {
  const [jumping, setJumping] = useState(false);
  const [target, setTarget] = useState<{ page: number; retried: boolean } | null>(null);
  const [flashUserId, setFlashUserId] = useState<number | null>(null);

  async function jump(retried: boolean) {
    setJumping(true);
    const mine = retried ? await rank.refresh() : rank.status === 'ready' ? rank.rank : null;
    if (mine?.page == null || !(await board.showPage(mine.page))) {
      setJumping(false);
      if (retried) toast({ title: 'Could not find your row', description: 'The board changed. Try again in a moment.' });
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
      row.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
      setFlashUserId(ownUserId);
      setTarget(null);
      setJumping(false);
      return;
    }
    // Wait while the target page is still arriving.
    const shown = target.page >= board.firstPage && target.page < board.firstPage + board.pageCount;
    if (!shown || board.more === 'loading') return;
    setTarget(null);
    if (target.retried || board.more === 'error') {
      setJumping(false);
      if (board.more !== 'error') toast({ title: 'Could not find your row', description: 'The board changed. Try again in a moment.' });
      return;
    }
    void jump(true);
  }, [target, board.rows, board.firstPage, board.pageCount, board.more, ownUserId]);

  useEffect(() => {
    if (flashUserId === null) return;
    const timer = setTimeout(() => setFlashUserId(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashUserId]);

  return { jumping, flashUserId, jumpToMyRow: () => void jump(false) };
}

interface GameTabsProps {
  games: BoardGame[];
  selected: string;
  onSelect: (gameId: string) => void;
  panelId: string;
  idPrefix: string;
}

/** The game tabs: a tab list that the arrow keys, Home and End move through. */
function GameTabs({ games, selected, onSelect, panelId, idPrefix }: GameTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = games.findIndex((g) => g.gameId === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: games.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + games.length) % games.length;
    onSelect(games[next]!.gameId);
    tabs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label="Games" onKeyDown={onKeyDown} className="grid grid-cols-3 gap-2 sm:gap-4">
      {games.map((game, i) => {
        const active = game.gameId === selected;
        return (
          <button
            key={game.gameId}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            id={`${idPrefix}-${game.gameId}`}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(game.gameId)}
            className={`flex min-h-20 flex-col items-center justify-center gap-2 rounded-box border-2 px-2 py-3 text-center transition-transform sm:flex-row sm:gap-3 sm:px-4 ${
              active
                ? 'border-primary bg-neutral text-primary shadow-[4px_4px_0_0_rgb(0_0_0/0.55)]'
                : 'border-plum bg-base-200/80 text-base-content/80 hover:-translate-y-0.5 hover:border-primary/60 hover:text-base-content'
            }`}
          >
            <img src={game.logo} alt="" width={40} height={40} className="pixelated size-8 shrink-0 sm:size-10" />
            <span className="font-pixel text-[0.5rem] leading-relaxed sm:text-[0.65rem]">{game.name}</span>
          </button>
        );
      })}
    </div>
  );
}

interface ScopeControlsProps {
  scope: LeaderboardScope;
  country?: string;
  countries: ReturnType<typeof useCountries>;
  onScope: (scope: LeaderboardScope) => void;
  onCountry: (country: string) => void;
}

/** Global or country scope, and in country scope the countries that have players. */
function ScopeControls({ scope, country, countries, onScope, onCountry }: ScopeControlsProps) {
  const id = useId();
  const options: [LeaderboardScope, string, 'globe' | 'flag'][] = [
    ['global', 'Global', 'globe'],
    ['country', 'Country', 'flag'],
  ];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div role="group" aria-label="Scope" className="join">
        {options.map(([value, label, icon]) => (
          <button
            key={value}
            type="button"
            aria-pressed={scope === value}
            onClick={() => onScope(value)}
            className={`btn join-item border-2 font-pixel text-[0.6rem] ${scope === value ? 'border-info bg-info text-info-content' : 'border-plum bg-base-200 text-base-content/80'}`}
          >
            <PixelIcon name={icon} className="size-4" /> {label.toUpperCase()}
          </button>
        ))}
      </div>
      {scope === 'country' && (
        <div className="flex flex-col gap-1 sm:w-72">
          <label htmlFor={`${id}-country`} className="font-pixel text-[0.55rem] text-secondary">
            Country
          </label>
          {countries.status === 'ready' && countries.countries.length > 0 ? (
            <select id={`${id}-country`} className="select w-full border-2 border-plum bg-base-100" value={country ?? ''} onChange={(e) => onCountry(e.target.value)}>
              {countries.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          ) : (
            <select id={`${id}-country`} className="select w-full border-2 border-plum bg-base-100" disabled value="">
              <option value="">
                {countries.status === 'ready' ? 'No countries with players yet' : countries.status === 'error' ? 'Countries could not be loaded' : 'Loading countries...'}
              </option>
            </select>
          )}
        </div>
      )}
    </div>
  );
}
