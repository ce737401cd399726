import { useHydratedStore } from '../ui/useHydratedStore';
import { formatCount } from '../lib/format';
import { gamesPlayedStore } from '../lib/stores/game-stats';

/** 'N games played' (locale-formatted), or 'Loading...' until the count arrives. */
export default function GamesPlayed({ gameId, className = '' }: { gameId: string; className?: string }) {
  const count = useHydratedStore(gamesPlayedStore(gameId), null);
  return (
    <span className={`font-data ${className}`} data-games-played={gameId} aria-live="polite">
      {count === null ? 'Loading...' : `${formatCount(count)} games played`}
    </span>
  );
}
