import { useEffect, useId, useState } from 'react';
import { GameTabs } from '~/features/leaderboards/GameTabs';
import { LeaderboardTable } from '~/features/leaderboards/LeaderboardTable';
import { ScopeControls } from '~/features/leaderboards/ScopeControls';
import { SignInForRank, YourRankCard } from '~/features/leaderboards/YourRankCard';
import { readView, writeView } from '~/features/leaderboards/boardView';
import { useJumpToOwnRow } from '~/features/leaderboards/useJumpToOwnRow';
import { useCountries, useLeaderboard, useUserRank } from '~/features/leaderboards/useLeaderboard';
import { countryName } from '~/lib/countries';
import { boardRequest, type BoardQuery } from '~/lib/board-rules';
import type { GameResults } from '~/lib/schemas/games';
import { useSession } from '~/ui/useHydratedStore';

/** What the page knows of a catalogue game. */
export interface BoardGame {
  gameId: string;
  name: string;
  logo: string;
  url: string;
  detailsPath: string;
  /** What its runs report (fish or levels), from the catalogue. */
  results: GameResults;
}

/**
 * The leaderboards page: game tabs, global or country scope, the
 * signed-in player's rank and the board itself.
 */
export default function Leaderboards({ games }: { games: BoardGame[] }) {
  const session = useSession();
  // Null until the address bar has been read (after hydration, so the prerendered page matches).
  const [view, setView] = useState<BoardQuery | null>(null);
  const shownView = view ?? { gameId: games[0]!.gameId, scope: 'global' as const };
  const game = games.find((g) => g.gameId === shownView.gameId) ?? games[0]!;
  const countries = useCountries(shownView.scope === 'country');

  // A choice the player made before this effect ran (a tab pressed the moment the page hydrated)
  // stays: the address bar only fills a view nobody has chosen yet.
  useEffect(() => setView((current) => current ?? readView(games)), [games]);
  useEffect(() => {
    if (view) writeView(view, games);
  }, [view, games]);

  // Country scope shows the chosen country, else the first one in the list.
  useEffect(() => {
    if (view?.scope !== 'country' || countries.status !== 'ready') return;
    if (!countries.countries.some((c) => c.code === view.country))
      setView({ ...view, country: countries.countries[0]?.code });
  }, [view, countries]);

  const request = boardRequest(view, countries);
  const board = useLeaderboard(request);
  const query: BoardQuery | null = request.kind === 'query' ? request.query : null;

  const signedIn = session.status === 'signed-in';
  const ownUserId = signedIn ? session.user.id : null;
  const rank = useUserRank(signedIn ? query : null);

  const { jumping, flashUserId, jumpToMyRow } = useJumpToOwnRow(board, rank, ownUserId);

  // on the board the address bar names, even when the effect above has not read it yet
  const choose = (next: Partial<BoardQuery>) => setView((current) => ({ ...(current ?? readView(games)), ...next }));
  const scopeLabel =
    shownView.scope === 'global'
      ? 'GLOBAL'
      : shownView.country
        ? countryName(shownView.country).toUpperCase()
        : 'COUNTRY';
  const tabsId = useId();

  return (
    <div className="mt-5 space-y-4 sm:mt-8 sm:space-y-6">
      <GameTabs
        games={games}
        selected={game.gameId}
        onSelect={(gameId) => choose({ gameId })}
        panelId={`${tabsId}-panel`}
        idPrefix={tabsId}
      />
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${game.gameId}`}
        className="space-y-4 sm:space-y-6"
      >
        <ScopeControls
          scope={shownView.scope}
          country={shownView.country}
          countries={countries}
          onScope={(scope) => choose({ scope })}
          onCountry={(country) => choose({ country })}
        />
        {/* On wide screens the rank area keeps the height of a player's Your Rank card from the first
            paint, so the board below does not move when a signed-in player's rank arrives. */}
        <div className="grid lg:min-h-[9.25rem]">
          {session.status === 'loading' && (
            // The signed-out card's own shape, hidden under a skeleton: a visitor's page does not move
            // when the session arrives.
            <div className="relative" aria-hidden="true" inert>
              <div className="invisible">
                <SignInForRank />
              </div>
              <div className="absolute inset-0 skeleton" />
            </div>
          )}
          {session.status === 'signed-out' && <SignInForRank />}
          {signedIn && query && (
            <YourRankCard
              rank={rank}
              results={game.results}
              game={game}
              countryScope={shownView.scope === 'country'}
              onShowCountry={(country) => choose({ country })}
              onJump={jumpToMyRow}
              jumping={jumping}
            />
          )}
        </div>
        <LeaderboardTable
          board={request.kind === 'failed' ? { ...board, retry: countries.retry } : board}
          results={game.results}
          gameName={game.name}
          scopeLabel={scopeLabel}
          ownUserId={ownUserId}
          flashUserId={flashUserId}
          detailsPath={game.detailsPath}
          emptyHint={
            request.kind === 'none'
              ? 'No country has ranked players yet. Play a game to put yours on the map.'
              : undefined
          }
        />
      </div>
    </div>
  );
}
