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
 * participation, '-' before any tournament entered, marked live while only a running tournament
 * holds it), GAMES PLAYED (games with a play, of the catalogue's).
 */
export function ArcadePerformance({ profile, userId }: { profile: PublicProfile | null | undefined; userId: number }) {
  const participation = useStore(participationStore(userId));
  const bestFinish = participation.data?.bestFinish;
  const live = participation.data?.bestFinishLive === true;
  // Each number says what it counts, so 16 plays beside 3 games reads as no contradiction.
  const values: [string, string, string][] = [
    ['TOTAL GAMES', show(profile, () => formatCount(profile!.stats.totalGamesPlayed)), 'plays, all games together'],
    [
      'BEST TOURNAMENT FINISH',
      participation.data === undefined && participation.loading
        ? '...'
        : bestFinish
          ? `#${formatCount(bestFinish)}`
          : '-',
      live ? 'LIVE: your rank now, the tournament is still running' : 'best rank in a tournament entered',
    ],
    [
      'GAMES PLAYED',
      show(
        profile,
        () => `${profile!.gameStats.filter((s) => s.gamesPlayed > 0).length} of ${profile!.gameStats.length}`,
      ),
      'arcade games you have played',
    ],
  ];
  return (
    <section aria-labelledby="arcade-performance" className="panel p-5 sm:p-6" aria-busy={profile === undefined}>
      <h2 id="arcade-performance" className="pixel-heading text-sm leading-relaxed sm:text-base">
        Overall Arcade Performance
      </h2>
      <dl className="mt-5 grid gap-3 sm:grid-cols-3">
        {values.map(([label, value, note]) => (
          <div key={label} className="rounded-box border-2 border-plum bg-base-300/70 px-4 py-3 text-center">
            <dt className="font-pixel text-[0.55rem] leading-relaxed text-base-content/75">{label}</dt>
            <dd className="mt-2 font-data text-2xl font-bold text-accent">{value}</dd>
            <dd className="mt-1 text-xs text-base-content/70">{note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
