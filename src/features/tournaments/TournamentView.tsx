import { formatCount, plural } from '~/lib/format';
import { playHref } from '~/lib/play';
import { openAuthDialog } from '~/lib/stores/auth-dialog';
import type { Rewards, Tournament } from '~/lib/schemas/tournament';
import type { TournamentStatus } from '~/lib/tournament-status';
import { formatClock, formatDateRange } from '~/lib/tournament-time';
import { PixelIcon } from '~/ui/PixelIcon';
import { clock as iconClock, gamepad as iconGamepad, users as iconUsers } from '~/ui/pixel-icons';
import { RewardAvatars } from './RewardAvatars';
import { PrizeTable, StatusBadge } from './TournamentParts';
import { TournamentImage } from './TournamentImage';

interface HeaderProps {
  tournament: Tournament;
  gameName: string;
  /** The game's address for the play page, or null when the catalogue does not list it. */
  playUrl: string | null;
  /** The status at `now` (from the window, so the page turns over by itself). */
  status: TournamentStatus;
  now: number;
  /** A visitor gets SIGN IN TO PLAY (the sign-in dialog) where a player gets PLAY NOW. */
  signedIn: boolean;
}

/**
 * The featured page's head: image, status, name, description, game, dates, participants, prize
 * pool, and the countdown to the start ('STARTS IN') or the end ('ENDS IN') with PLAY NOW for its
 * game, or COMPLETED.
 */
export function TournamentHeader({ tournament, gameName, playUrl, status, now, signedIn }: HeaderProps) {
  const pool = tournament.rewards.totalPrizePool;
  const facts: [string, string][] = [
    ['Game', gameName],
    ['Dates', formatDateRange(tournament.startDate, tournament.endDate)],
    ['Players', formatCount(tournament.participantCount)],
    ['Prize pool', pool > 0 ? plural(pool, 'sat') : 'Rewards'],
  ];
  const limits = limitsText(tournament);
  if (limits) facts.push(['Limits', limits]);
  return (
    <section aria-labelledby="tournament-name" className="panel overflow-hidden">
      <div className="grid gap-6 p-5 sm:p-6 md:grid-cols-[16rem_1fr]">
        <TournamentImage
          src={tournament.imageUrl}
          className="aspect-video w-full rounded-box border-2 border-plum md:aspect-square"
        />
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={status} />
            <span className="font-pixel text-[0.6rem] text-base-content/75">TOURNAMENT</span>
          </div>
          <h1 id="tournament-name" className="pixel-heading text-lg leading-relaxed wrap-anywhere sm:text-2xl">
            {tournament.name}
          </h1>
          {tournament.description && <p className="text-base-content/85">{tournament.description}</p>}
          <dl className="grid gap-2 sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label} className="rounded-box border-2 border-plum bg-base-300/70 px-3 py-2">
                <dt className="text-sm text-base-content/75">{label}</dt>
                <dd className="font-data font-bold wrap-anywhere text-base-content">{value}</dd>
              </div>
            ))}
          </dl>
          <Clock
            tournament={tournament}
            status={status}
            now={now}
            play={playUrl ? playHref(playUrl, gameName) : null}
            signedIn={signedIn}
          />
        </div>
      </div>
    </section>
  );
}

/** A tournament's limits in words ('Up to 50 players · 3 runs each'), or null without any. */
export function limitsText(t: Pick<Tournament, 'maxPlayers' | 'maxRunsPerPlayer'>): string | null {
  const parts = [
    t.maxPlayers !== null ? `Up to ${plural(t.maxPlayers, 'player')}` : null,
    t.maxRunsPerPlayer !== null ? `${plural(t.maxRunsPerPlayer, 'run')} each` : null,
  ].filter((p) => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

/** Whether every place of a player-limited tournament is taken. */
export const isFull = (t: Pick<Tournament, 'maxPlayers' | 'participantCount'>) =>
  t.maxPlayers !== null && t.participantCount >= t.maxPlayers;

/** Told to a signed-in player who is not in a full tournament. */
export function FullNotice({ tournament }: { tournament: Tournament }) {
  return (
    <p role="status" className="rounded-box border-2 border-warning bg-base-300/70 px-4 py-3 text-warning">
      <span className="font-bold">This tournament is full ({plural(tournament.maxPlayers!, 'player')}).</span>{' '}
      <span className="text-base-content/85">
        Your runs no longer enter it; they still count on the game&apos;s leaderboards.
      </span>
    </p>
  );
}

/**
 * COMPLETED with the way to the results, or the countdown with PLAY NOW for a signed-in player (a
 * plain link to the play page, as the dashboard's machines; upcoming too, for practice: only runs
 * inside the window enter), SIGN IN TO PLAY for a visitor (the page is public).
 */
function Clock({
  tournament,
  status,
  now,
  play,
  signedIn,
}: {
  tournament: Tournament;
  status: TournamentStatus;
  now: number;
  play: string | null;
  signedIn: boolean;
}) {
  if (status === 'past') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-box border-2 border-base-content/40 bg-base-300/70 px-4 py-3">
        <p className="font-pixel text-sm text-base-content/85">COMPLETED</p>
        <a href={`/tournament/${tournament.id}/results`} className="btn-arcade ml-auto btn-secondary btn-sm">
          View Results
        </a>
      </div>
    );
  }
  const target = status === 'upcoming' ? tournament.startTime || tournament.startDate : tournament.endDate;
  const tone = status === 'upcoming' ? 'border-warning text-warning' : 'border-accent text-accent';
  return (
    <div
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-box border-2 bg-base-300/70 px-4 py-3 ${tone}`}
    >
      <p className="flex items-center gap-2 font-pixel text-[0.65rem]">
        <PixelIcon icon={iconClock} className="size-4" />
        {status === 'upcoming' ? 'STARTS IN' : 'ENDS IN'}
      </p>
      <time dateTime={target} className="font-data text-xl font-bold sm:text-2xl" aria-live="off">
        {formatClock(target, now)}
      </time>
      {play && signedIn && (
        <a href={play} className="btn-arcade ml-auto btn-primary btn-sm">
          <PixelIcon icon={iconGamepad} className="size-4" /> PLAY NOW
        </a>
      )}
      {play && !signedIn && (
        <button
          type="button"
          className="btn-arcade ml-auto btn-primary btn-sm"
          onClick={() => openAuthDialog('sign-in')}
        >
          <PixelIcon icon={iconGamepad} className="size-4" /> SIGN IN TO PLAY
        </button>
      )}
    </div>
  );
}

/** The rewards: the sats split and the avatars on offer with who earns them. */
export function TournamentRewards({ rewards }: { rewards: Rewards }) {
  if (rewards.totalPrizePool === 0 && rewards.avatarRewards.length === 0) return null;
  return (
    <section aria-labelledby="tournament-rewards" className="panel space-y-4 p-5 sm:p-6">
      <h2 id="tournament-rewards" className="pixel-heading text-sm sm:text-base">
        Rewards
      </h2>
      {rewards.totalPrizePool > 0 && <PrizeTable rewards={rewards} />}
      {rewards.avatarRewards.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {rewards.avatarRewards.map((reward) => (
            <li
              key={reward.avatarId}
              className="flex items-center gap-3 rounded-box border-2 border-plum bg-base-300/70 p-3"
            >
              <RewardAvatars rewards={[reward]} size="size-12" />
              <div className="min-w-0">
                <p className="font-bold">{reward.avatarName}</p>
                <p className="flex items-center gap-1.5 text-sm text-base-content/75">
                  <PixelIcon icon={iconUsers} className="size-4" /> {reward.unlockCriteria}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
