import type { FetcherStore, FetcherValue } from '@nanostores/query';
import { useEffect } from 'react';
import { LeaderboardTable } from '~/features/leaderboards/LeaderboardTable';
import { FullNotice, isFull, TournamentHeader, TournamentRewards } from '~/features/tournaments/TournamentView';
import { useTournamentBoard } from '~/features/tournaments/useTournamentBoard';
import { PrizePool } from '~/features/tournaments/PrizePool';
import { ApiError } from '~/lib/api';
import type { GameResults } from '~/lib/schemas/games';
import type { Tournament } from '~/lib/schemas/tournament';
import { $featuredTournament, tournamentRankStore, tournamentStore } from '~/lib/stores/tournament-queries';
import { tournamentStatusAt } from '~/lib/tournament-status';
import { PixelIcon } from '~/ui/PixelIcon';
import { useHydratedStore } from '~/ui/useHydratedStore';
import { useNow } from '~/ui/useNow';
import {
  alert as iconAlert,
  arrowLeft as iconArrowLeft,
  reload as iconReload,
  trophy as iconTrophy,
} from '~/ui/pixel-icons';

/** What the page knows of a catalogue game. */
export interface TournamentGame {
  gameId: string;
  name: string;
  /** Where the game is played (the play page's `url`). */
  url: string;
  detailsPath: string;
  results: GameResults;
}

export interface TournamentScreenProps {
  /** The tournament of `/tournament/{id}`, or null on `/tournament` (the featured one). */
  id: number | null;
  /** The signed-in player, or null for a visitor (tournaments are public: README, "Tournaments"). */
  userId: number | null;
  games: TournamentGame[];
}

/** What the page's HTML shows: nothing loaded yet. */
const SERVER_VALUE: FetcherValue<Tournament | null> = { loading: true };

/**
 * The featured tournament page (`/tournament`, `/tournament/{id}`): the tournament with its
 * countdown, rewards and board. The tournament is asked for when the page opens and again when the
 * window regains focus; the board every 10 s.
 */
export default function TournamentScreen({ id, userId, games }: TournamentScreenProps) {
  const store = (id === null ? $featuredTournament : tournamentStore(id)) as FetcherStore<Tournament | null>;
  // The server rendered the loading state; the first render here must too, even when the header's
  // tournament menu has already loaded the featured tournament into the store (else React throws
  // the page's HTML away: hydration error #418). The store's value follows right after.
  const { data, error, loading } = useHydratedStore(store, SERVER_VALUE);
  useEffect(() => {
    store.revalidate();
    const again = () => store.revalidate();
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [store]);

  // At least a screen tall in every state, so the footer stays below the fold while the
  // tournament loads (no layout shift when it arrives).
  return (
    <div className="min-h-[calc(100dvh-4rem)]">
      <Screen
        data={data}
        failed={error !== undefined && !loading ? error : undefined}
        retry={() => store.invalidate()}
        refresh={() => store.revalidate()}
        userId={userId}
        games={games}
      />
    </div>
  );
}

interface ScreenProps {
  /** undefined while loading, null without a featured tournament. */
  data: Tournament | null | undefined;
  failed: unknown;
  retry: () => void;
  /** Ask for the tournament again (its pool grew). */
  refresh: () => void;
  userId: number | null;
  games: TournamentGame[];
}

function Screen({ data, failed, retry, refresh, userId, games }: ScreenProps) {
  const tournament = data ?? null;
  const board = useTournamentBoard(tournament?.id ?? null);
  const now = useNow(Date.now);

  if (data === undefined) {
    if (failed !== undefined) {
      const missing = failed instanceof ApiError && failed.status === 404;
      return missing ? (
        <NoTournament title="Tournament Not Found" text="The requested tournament could not be found." />
      ) : (
        <LoadFailed retry={retry} />
      );
    }
    return <Loading />;
  }
  if (!tournament)
    return (
      <NoTournament title="No Tournament Available" text="There are no active or upcoming tournaments at the moment." />
    );

  const game = games.find((g) => g.gameId === tournament.gameId);
  const status = tournamentStatusAt(
    Date.parse(tournament.startTime || tournament.startDate),
    Date.parse(tournament.endDate),
    now,
  );
  return (
    <div className="space-y-8">
      <TournamentHeader
        tournament={tournament}
        gameName={game?.name ?? tournament.gameId}
        playUrl={game?.url ?? null}
        status={status}
        now={now}
        signedIn={userId !== null}
      />
      <TournamentRewards rewards={tournament.rewards} />
      <PrizePool tournament={tournament} status={status} onGrown={refresh} />
      <LeaderboardTable
        board={board}
        results={game?.results ?? { fish: false, formations: false, levels: false }}
        gameName={game?.name ?? tournament.gameId}
        scopeLabel="TOURNAMENT"
        periodLabel={status === 'past' ? 'FINAL' : status === 'active' ? 'LIVE' : 'NOT STARTED'}
        fishUnit="kg"
        ownUserId={userId}
        flashUserId={null}
        detailsPath={game?.detailsPath ?? '/games'}
        emptyHint={
          status === 'upcoming'
            ? 'The board opens when the tournament starts: every run inside its window enters you.'
            : undefined
        }
      />
      {/* below the board: it appears once the player's rank is known, and moves nothing above it */}
      {userId !== null && status !== 'past' && isFull(tournament) && <FullCheck tournament={tournament} />}
    </div>
  );
}

/** A full tournament: tells the signed-in player when they are not in it (their own rank says); visitors have no rank. */
function FullCheck({ tournament }: { tournament: Tournament }) {
  const { data } = useHydratedStore(tournamentRankStore(tournament.id), { loading: true });
  return data && data.rank === null ? <FullNotice tournament={tournament} /> : null;
}

function Loading() {
  return (
    <div role="status" aria-label="Loading tournament" className="space-y-6">
      <div className="h-72 w-full skeleton" />
      <div className="h-40 w-full skeleton" />
    </div>
  );
}

function NoTournament({ title, text }: { title: string; text: string }) {
  return (
    <section className="panel mx-auto flex max-w-lg flex-col items-center gap-4 p-8 text-center">
      <span className="grid size-16 place-items-center rounded-box border-2 border-dashed border-plum text-gold">
        <PixelIcon icon={iconTrophy} className="size-9" />
      </span>
      <h1 className="pixel-heading text-base leading-relaxed sm:text-lg">{title}</h1>
      <p className="text-base-content/80">{text}</p>
      <a href="/games" className="btn-arcade btn-primary">
        <PixelIcon icon={iconArrowLeft} className="size-4" /> Back to Games
      </a>
    </section>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <section role="alert" className="panel mx-auto flex max-w-lg flex-col items-center gap-4 p-8 text-center">
      <PixelIcon icon={iconAlert} className="size-10 text-error" />
      <h1 className="pixel-heading text-base leading-relaxed">Failed to load tournament</h1>
      <p className="text-base-content/80">The tournament could not be fetched. Check your connection and try again.</p>
      <button type="button" className="btn-arcade btn-primary" onClick={retry}>
        <PixelIcon icon={iconReload} className="size-4" /> Try Again
      </button>
    </section>
  );
}
