import { useEffect, useState } from 'react';
import { DonateLightning } from '~/islands/DonateLightning';
import { formatCount } from '~/lib/numbers';
import { NO_WINNERS_SENTENCE, poolBreakdown, poolRuleSentence } from '~/lib/prize-pools';
import { request } from '~/lib/request';
import type { DonationOptions } from '~/lib/schemas/donations';
import type { Tournament } from '~/lib/schemas/tournament';
import type { TournamentStatus } from '~/lib/tournament-status';
import { PixelIcon } from '~/ui/PixelIcon';
import { coin as iconCoin } from '~/ui/pixel-icons';

/** Whether the arcade takes Lightning payments now (a wallet connected), with the bounds and presets. */
function useDonationOptions(wanted: boolean): DonationOptions | null {
  const [options, setOptions] = useState<DonationOptions | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    request('donations/options')
      .then(async (response) => (await response.json()) as { enabled: boolean } & Partial<DonationOptions>)
      .then((answer) => {
        if (current && answer.enabled) setOptions(answer as DonationOptions);
      })
      .catch(() => {
        // no ADD TO THE POOL: the pool is shown as it is
      });
    return () => {
      current = false;
    };
  }, [wanted]);
  return options;
}

/**
 * A tournament's prize pool (notes/pools.md): what the administrator set plus what visitors gave,
 * how given sats grow the winners' prizes, what happens to them without winners, and ADD TO THE
 * POOL while it is upcoming or running (with a wallet connected): the Donate page's Lightning flow,
 * earmarked for it. Shown for tournaments that offer bitcoin prizes.
 */
export function PrizePool({
  tournament,
  status,
  onGrown,
}: {
  tournament: Tournament;
  status: TournamentStatus;
  onGrown: () => void;
}) {
  const { totalPrizePool, givenSats, poolRule } = tournament.rewards;
  const setSats = totalPrizePool - givenSats;
  const open = status !== 'past' && setSats > 0;
  const options = useDonationOptions(open);
  const [adding, setAdding] = useState(false);
  if (setSats <= 0) return null;
  const breakdown = poolBreakdown(setSats, givenSats);
  return (
    <section aria-labelledby="prize-pool" className="panel space-y-4 p-5 sm:p-6" data-testid="prize-pool">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="prize-pool" className="pixel-heading text-sm sm:text-base">
          Prize pool
        </h2>
        <p className="font-data text-lg font-bold text-gold" data-testid="prize-pool-total">
          {formatCount(totalPrizePool)} sats
        </p>
      </div>
      {breakdown && (
        <p className="text-sm text-base-content/75" data-testid="prize-pool-breakdown">
          {breakdown} by visitors{status === 'past' ? '' : ' so far'}.
        </p>
      )}
      <p className="text-sm text-base-content/85">
        {poolRuleSentence(poolRule)} {open ? NO_WINNERS_SENTENCE : null}
      </p>
      {open && options && !adding && (
        <button type="button" className="btn-arcade btn-primary" onClick={() => setAdding(true)}>
          <PixelIcon icon={iconCoin} className="size-4" /> ADD TO THE POOL
        </button>
      )}
      {open && options && adding && (
        <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-box border-2 border-plum bg-base-300/70 p-4 sm:p-6">
          <p className="text-center text-sm text-base-content/80">
            Over Lightning, from any wallet. Until the tournament ends; a payment that arrives after its winners are
            processed goes to the general fund.
          </p>
          <DonateLightning
            {...options}
            lightningAddress={null}
            pool={{ tournamentId: tournament.id, name: tournament.name }}
            onPaid={onGrown}
          />
        </div>
      )}
      <p className="text-sm text-base-content/65">
        Every sat given and every prize paid is in{' '}
        <a href="/books" className="link link-hover">
          the open books
        </a>
        .
      </p>
    </section>
  );
}
