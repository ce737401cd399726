import type { ReactNode } from 'react';
import { countryBadge } from '~/lib/board-rules';
import { countryName } from '~/lib/countries';
import { formatCount, formatRelativeTime, formatShortDate } from '~/lib/format';
import type { Rarity } from '~/lib/schemas/avatars';
import type { PublicProfile } from '~/lib/schemas/profile';
import { PlayerAvatar } from '~/ui/PlayerAvatar';

/** A catalogue game as the profile names it. */
export interface ProfileGame {
  gameId: string;
  name: string;
  logo: string;
}

export const RARITY_DOT: Record<Rarity, string> = {
  legendary: 'bg-gold',
  epic: 'bg-secondary',
  rare: 'bg-info',
  common: 'bg-base-content/50',
};

function StatTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-box border-2 border-plum bg-base-300/70 px-3 py-3 text-center">
      <dt className="font-pixel text-[0.5rem] leading-relaxed text-base-content/75">{label}</dt>
      <dd className="mt-1 truncate font-data text-xl font-bold text-primary">{value}</dd>
    </div>
  );
}

/** A titled panel of the profile, or its empty-state text when there is nothing to show. */
function ProfileSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="panel p-5 sm:p-6">
      <h2 id={id} className="text-[0.7rem] text-accent">
        {title}
      </h2>
      {empty ? <p className="mt-4 text-base-content/75">{empty}</p> : children}
    </section>
  );
}

/** The profile card: active avatar with its name and description, username, country, member since. */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const country = countryBadge(profile.user.country);
  const avatar = profile.activeAvatar;
  return (
    <section
      aria-label="Player"
      className="panel flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:p-8 sm:text-left"
    >
      <PlayerAvatar
        player={{ username: profile.user.username, avatarImage: avatar?.avatarImage, avatarName: avatar?.avatarName }}
        size="xl"
      />
      <div className="min-w-0 flex-1">
        <h1 className="pixel-heading text-lg wrap-anywhere sm:text-2xl">{profile.user.username}</h1>
        {profile.suspended && (
          <p className="mt-3 rounded-sm border-2 border-error/70 bg-error/10 px-3 py-2 text-sm">
            <strong className="font-pixel text-[0.6rem] text-error">SUSPENDED</strong> This player is suspended: their
            runs are off the leaderboards and tournaments while the suspension lasts.
          </p>
        )}
        <p className="mt-3 flex flex-wrap items-center justify-center gap-3 text-base-content/80 sm:justify-start">
          {country && (
            <abbr
              title={countryName(country)}
              className="rounded-sm border-2 border-plum bg-base-300 px-1.5 py-0.5 font-data text-xs font-bold text-info no-underline"
            >
              {country}
            </abbr>
          )}
          <span>
            Member since{' '}
            <time dateTime={profile.user.memberSince} className="font-data">
              {formatShortDate(profile.user.memberSince)}
            </time>
          </span>
        </p>
        {avatar ? (
          <p className="mt-3 text-base-content/80">
            <strong className="text-accent">{avatar.avatarName}</strong> - {avatar.description}
          </p>
        ) : (
          <p className="mt-3 text-base-content/70">No active avatar chosen yet.</p>
        )}
      </div>
    </section>
  );
}

/**
 * Overall Statistics: Total Games, Games Played and Last Active. No score is summed across games (a
 * quiz point is not a fish point): each game's best is under Game Performance (README, "Profiles").
 */
export function OverallStats({ profile, now }: { profile: PublicProfile; now: number }) {
  const { stats } = profile;
  return (
    <ProfileSection
      id="overall-statistics"
      title="Overall Statistics"
      empty={stats.totalGamesPlayed === 0 && 'No game statistics available'}
    >
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile label="Total Games" value={formatCount(stats.totalGamesPlayed)} />
        <StatTile label="Games Played" value={`${stats.gamesTried} of ${profile.gameStats.length}`} />
        <StatTile label="Last Active" value={formatRelativeTime(stats.lastPlayedAt, now)} />
      </dl>
    </ProfileSection>
  );
}

/** Game Performance: every catalogue game by its name, with its numbers and global rank. */
export function GamePerformance({
  profile,
  games,
  now,
}: {
  profile: PublicProfile;
  games: ProfileGame[];
  now: number;
}) {
  const played = profile.gameStats.filter((s) => s.gamesPlayed > 0);
  return (
    <ProfileSection id="game-performance" title="Game Performance" empty={played.length === 0 && 'No games played yet'}>
      <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {profile.gameStats.map((stats) => {
          const game = games.find((g) => g.gameId === stats.gameId);
          return (
            <li key={stats.gameId} className="rounded-box border-2 border-plum bg-base-200/70 p-4">
              <h3 className="flex items-center gap-3 text-xs">
                {game && <img src={game.logo} alt="" width={32} height={32} className="pixelated size-8" />}
                {game?.name ?? stats.gameId}
              </h3>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-base">
                <dt className="text-base-content/75">Games Played</dt>
                <dd className="text-right font-data font-bold">{formatCount(stats.gamesPlayed)}</dd>
                <dt className="text-base-content/75">Best Score</dt>
                <dd className="text-right font-data font-bold">{formatCount(stats.bestScore)}</dd>
                {stats.globalRank !== null && (
                  <>
                    <dt className="text-base-content/75">Global Rank</dt>
                    <dd className="text-right font-data font-bold text-accent">#{formatCount(stats.globalRank)}</dd>
                  </>
                )}
                <dt className="text-base-content/75">Last Played</dt>
                <dd className="text-right">{formatRelativeTime(stats.lastPlayed, now)}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </ProfileSection>
  );
}

/** Tournament History: entered, best finish, and the recent entries. */
export function TournamentHistory({ profile, now }: { profile: PublicProfile; now: number }) {
  const { tournamentStats: t } = profile;
  return (
    <ProfileSection
      id="tournament-history"
      title="Tournament History"
      empty={t.totalParticipations === 0 && 'No tournament participation yet'}
    >
      <dl className="mt-4 grid grid-cols-3 gap-3">
        <StatTile label="Tournaments Entered" value={formatCount(t.totalParticipations)} />
        <StatTile label="Best Finish" value={t.bestFinish ? `#${formatCount(t.bestFinish)}` : 'N/A'} />
        <StatTile label="Recent Entries" value={formatCount(t.recentTournaments.length)} />
      </dl>
      <ul className="mt-4 divide-y-2 divide-plum/60">
        {t.recentTournaments.map((entry) => (
          <li
            key={`${entry.tournamentName}-${entry.createdAt}`}
            className="flex items-center justify-between gap-3 py-3"
          >
            <span className="min-w-0">
              <span className="block font-bold wrap-anywhere">{entry.tournamentName}</span>
              <span className="text-sm text-base-content/70">{formatRelativeTime(entry.createdAt, now)}</span>
            </span>
            <span className="flex shrink-0 items-center gap-3">
              <span
                className={`badge border-2 font-data text-xs font-bold ${entry.rank <= 3 ? 'border-black bg-gold text-warning-content' : 'border-plum bg-base-300'}`}
              >
                #{entry.rank}
              </span>
              <span className="font-data">{formatCount(entry.score)} pts</span>
            </span>
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
