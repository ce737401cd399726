import { useStore } from '@nanostores/react';
import { formatCount } from '~/lib/format';
import { participationStore } from '~/lib/stores/tournament-queries';
import type { PublicProfile } from '~/lib/schemas/profile';

interface Props {
  games: { gameId: string; name: string; logo: string }[];
  /** The player's public profile; undefined while it loads, null when it failed (numbers read 0). */
  profile: PublicProfile | null | undefined;
}

/** '...' while loading; a failed call counts as nothing played (logged, never shown as an error). */
const show = (profile: PublicProfile | null | undefined, value: () => string, none = '0') =>
  profile === undefined ? '...' : profile === null ? none : value();

/** 'Your Game Statistics': per catalogue game PLAYED, BEST and the real global RANK ('-' unranked). */
export function GameStatistics({ games, profile }: Props) {
  return (
    <section aria-labelledby="game-statistics">
      <h2 id="game-statistics" className="pixel-heading text-base sm:text-xl">
        Your Game Statistics
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {games.map((game) => {
          const stats = profile?.gameStats.find((s) => s.gameId === game.gameId);
          const values: [string, string][] = [
            ['PLAYED', show(profile, () => formatCount(stats?.gamesPlayed ?? 0))],
            ['BEST', show(profile, () => formatCount(stats?.bestScore ?? 0))],
            ['RANK', show(profile, () => (stats?.globalRank ? `#${formatCount(stats.globalRank)}` : '-'), '-')],
          ];
          return (
            <article
              key={game.gameId}
              className="panel p-4"
              aria-labelledby={`stats-${game.gameId}`}
              aria-busy={profile === undefined}
            >
              <h3 id={`stats-${game.gameId}`} className="flex items-center gap-3 text-xs">
                <img src={game.logo} alt="" width={32} height={32} className="pixelated size-8" />
                {game.name}
              </h3>
              <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
                {values.map(([label, value]) => (
                  <div key={label} className="rounded-box border-2 border-plum bg-base-300/70 px-2 py-2">
                    <dt className="font-pixel text-[0.5rem] text-base-content/75">{label}</dt>
                    <dd className="mt-1 truncate font-data text-lg font-bold text-primary">{value}</dd>
                  </div>
                ))}
              </dl>
            </article>
          );
        })}
      </div>
    </section>
  );
}

/**
 * 'Overall Arcade Performance': TOTAL GAMES, BEST TOURNAMENT FINISH (from the player's tournament
 * participation, '-' before any tournament entered), GAMES PLAYED (games with a play).
 */
export function ArcadePerformance({ profile, userId }: { profile: PublicProfile | null | undefined; userId: number }) {
  const participation = useStore(participationStore(userId));
  const bestFinish = participation.data?.bestFinish;
  const values: [string, string][] = [
    ['TOTAL GAMES', show(profile, () => formatCount(profile!.stats.totalGamesPlayed))],
    [
      'BEST TOURNAMENT FINISH',
      participation.data === undefined && participation.loading
        ? '...'
        : bestFinish
          ? `#${formatCount(bestFinish)}`
          : '-',
    ],
    ['GAMES PLAYED', show(profile, () => formatCount(profile!.gameStats.filter((s) => s.gamesPlayed > 0).length))],
  ];
  return (
    <section aria-labelledby="arcade-performance" className="panel p-5 sm:p-6" aria-busy={profile === undefined}>
      <h2 id="arcade-performance" className="pixel-heading text-sm leading-relaxed sm:text-base">
        Overall Arcade Performance
      </h2>
      <dl className="mt-5 grid gap-3 sm:grid-cols-3">
        {values.map(([label, value]) => (
          <div key={label} className="rounded-box border-2 border-plum bg-base-300/70 px-4 py-3 text-center">
            <dt className="font-pixel text-[0.55rem] leading-relaxed text-base-content/75">{label}</dt>
            <dd className="mt-2 font-data text-2xl font-bold text-accent">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
