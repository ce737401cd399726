import { plural } from '~/lib/format';
import type { Rewards } from '~/lib/schemas/tournament';
import type { TournamentStatus } from '~/lib/tournament-status';

/** The status badge: UPCOMING, ACTIVE or COMPLETED (a past tournament). */
export function StatusBadge({ status }: { status: TournamentStatus }) {
  const look = {
    upcoming: ['UPCOMING', 'bg-warning text-warning-content'],
    active: ['ACTIVE', 'bg-accent text-accent-content animate-pulse'],
    past: ['COMPLETED', 'bg-base-content/80 text-base-300'],
  } as const;
  const [text, colour] = look[status];
  return <span className={`badge h-auto border-2 border-black py-1 font-pixel text-[0.55rem] ${colour}`}>{text}</span>;
}

/** The sats prizes: 1st place, each of places 2-5, one random participant (those it pays). */
export function PrizeTable({ rewards }: { rewards: Rewards }) {
  const split = rewards.prizeDistribution;
  // A prize the tournament does not pay (0 sats) is left out.
  const rows = (
    [
      ['1st place', split['1']],
      ['2nd - 5th place (each)', split['2-5']],
      ['Random participant', split.random],
    ] as [string, number][]
  ).filter(([, sats]) => sats > 0);
  return (
    <dl className="grid gap-2 sm:grid-cols-3">
      {rows.map(([label, sats]) => (
        <div key={label} className="rounded-box border-2 border-plum bg-base-300/70 px-3 py-2">
          <dt className="text-sm text-base-content/75">{label}</dt>
          <dd className="font-data text-lg font-bold text-gold">{plural(sats, 'sat')}</dd>
        </div>
      ))}
    </dl>
  );
}
