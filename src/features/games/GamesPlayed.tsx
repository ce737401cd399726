import { useHydratedStore } from '~/ui/useHydratedStore';
import { formatCount } from '~/lib/numbers';
import { gamesPlayedStore } from '~/lib/stores/game-stats';

/**
 * 'N games played' (locale-formatted), or 'Loading...' until the count arrives. Its room is kept
 * from the first paint (18 characters of the one-width data face), so the count arriving moves nothing.
 */
export default function GamesPlayed({ gameId, className = '' }: { gameId: string; className?: string }) {
  const count = useHydratedStore(gamesPlayedStore(gameId), null);
  return (
    <span className={`inline-block min-w-[18ch] font-data ${className}`} data-games-played={gameId} aria-live="polite">
      {count === null ? 'Loading...' : `${formatCount(count)} games played`}
    </span>
  );
}
