import { formatCount } from '~/lib/format';
import type { WonPrize } from '~/lib/schemas/profile';
import { PixelIcon } from '~/ui/PixelIcon';
import { zap as iconZap } from '~/ui/pixel-icons';

interface Props {
  prizes: WonPrize[] | undefined;
  title?: string;
  /**
   * The player's own list, when the arcade pays over Lightning and they have no Lightning Address
   * (`addAddressToGetPaid`): each pending bitcoin prize says how to get it paid.
   */
  addAddressToGetPaid?: boolean;
}

/** Tournament prizes won: sats or an avatar, SENT once an admin sent it, else on its way. */
export function PrizeList({ prizes, title = 'Tournament Prizes', addAddressToGetPaid = false }: Props) {
  if (!prizes?.length) return null;
  return (
    <section aria-labelledby="tournament-prizes" className="panel p-5 sm:p-6">
      <h2 id="tournament-prizes" className="text-[0.7rem] text-accent">
        {`${title} (${prizes.length})`}
      </h2>
      <ul className="mt-4 divide-y-2 divide-plum/60">
        {prizes.map((prize, i) => (
          <li key={`${prize.tournamentId}-${i}`} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 items-center gap-3">
              {prize.avatarImage && (
                <img
                  src={prize.avatarImage}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 [image-rendering:pixelated]"
                />
              )}
              <span className="min-w-0">
                <span className="block font-bold">
                  {prize.prizeType === 'bitcoin'
                    ? `${formatCount(prize.prizeValue)} sats`
                    : (prize.avatarName ?? 'An avatar')}
                </span>
                <a
                  href={`/tournament/${prize.tournamentId}/results`}
                  className="link text-sm text-base-content/70 link-hover"
                >
                  {prize.tournamentName}
                </a>
              </span>
            </span>
            <span className="flex items-center gap-2">
              {prize.paidOverLightning && (
                <a
                  href={`/tournament/${prize.tournamentId}/payouts`}
                  className="inline-flex items-center gap-1 text-xs font-bold text-gold link-hover"
                  title="Paid over Lightning: check the payment"
                >
                  <PixelIcon icon={iconZap} className="size-4" />
                  Paid over Lightning
                </a>
              )}
              <span
                className={`badge font-pixel badge-sm text-[0.55rem] ${prize.status === 'sent' ? 'badge-success' : 'badge-warning'}`}
              >
                {prize.status === 'sent' ? 'SENT' : 'ON ITS WAY'}
              </span>
            </span>
            {addAddressToGetPaid && prize.prizeType === 'bitcoin' && prize.status === 'pending' && (
              <p className="basis-full text-sm text-base-content/80">
                Add a Lightning Address in{' '}
                <a href="/account" className="link font-bold text-accent">
                  Account Settings
                </a>{' '}
                to get these sats paid over Lightning.
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
