import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCount } from '~/lib/format';
import type { Tournament } from '~/lib/schemas/tournament';
import { $featuredTournament, refreshFeatured } from '~/lib/stores/tournament-queries';
import { formatClock, truncateName } from '~/lib/tournament-time';
import { PixelIcon } from '~/ui/PixelIcon';
import { useNow } from '~/ui/useNow';
import { trophy as iconTrophy } from '~/ui/pixel-icons';
import { RewardAvatars } from '../tournaments/RewardAvatars';
import { TournamentImage } from '../tournaments/TournamentImage';

/**
 * The dashboard's featured tournament card: asked again whenever the dashboard opens (its stale
 * time is 0); nothing is shown when there is no active or upcoming tournament.
 */
export function FeaturedTournament() {
  const { data: featured, loading } = useStore($featuredTournament);
  useEffect(() => refreshFeatured(), []);
  if (featured === undefined && loading) return <div className="h-64 w-full skeleton" aria-hidden="true" />;
  if (!featured || (featured.status !== 'active' && featured.status !== 'upcoming')) return null;
  return <FeaturedCard tournament={featured} />;
}

function FeaturedCard({ tournament }: { tournament: Tournament }) {
  const active = tournament.status === 'active';
  const pool = tournament.rewards.totalPrizePool;
  return (
    <section
      aria-labelledby="featured-tournament"
      className={`panel overflow-hidden ${active ? 'border-accent' : 'border-warning'}`}
    >
      {active ? (
        <p className="animate-glow bg-accent/15 py-2 text-center font-pixel text-sm tracking-widest text-accent">
          ACTIVE!
        </p>
      ) : (
        <p className="bg-warning/10 py-2 text-center font-pixel text-[0.65rem] tracking-wide text-warning">
          STARTS IN: <StartsIn start={tournament.startTime || tournament.startDate} />
        </p>
      )}
      <div className="grid gap-5 p-5 sm:grid-cols-[14rem_1fr] sm:p-6">
        <TournamentImage
          src={tournament.imageUrl}
          className="aspect-video w-full rounded-box border-2 border-plum sm:aspect-square"
        />
        <div className="flex min-w-0 flex-col gap-3">
          <p className="flex items-center gap-2 font-pixel text-[0.6rem] text-base-content/75">
            <PixelIcon icon={iconTrophy} className="size-4 text-gold" /> FEATURED TOURNAMENT
          </p>
          {/* The spec's 15-character cut where the card is phone-narrow; from sm on the whole name,
              wrapping, in the room the card has. Screen readers always get the whole name. */}
          <h2 id="featured-tournament" className="pixel-heading text-sm leading-relaxed wrap-anywhere sm:text-lg">
            <span aria-hidden="true" className="sm:hidden">
              {truncateName(tournament.name)}
            </span>
            <span className="max-sm:sr-only">{tournament.name}</span>
          </h2>
          <p className="font-data text-lg font-bold text-gold">{pool > 0 ? `${formatCount(pool)} sats` : 'Rewards'}</p>
          {tournament.description && <p className="text-base-content/85">{tournament.description}</p>}
          <RewardAvatars rewards={tournament.rewards.avatarRewards} />
          <div className="mt-auto pt-2">
            <a href={`/tournament/${tournament.id}`} className="btn-arcade btn-primary">
              VIEW TOURNAMENT
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

/** 'Xd Xh Xm Xs' to the start, ticking every second (zeros once the start has passed). */
function StartsIn({ start }: { start: string }) {
  const now = useNow(Date.now);
  return (
    <time dateTime={start} className="font-data text-sm font-bold">
      {formatClock(start, now)}
    </time>
  );
}
