import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCount } from '~/lib/format';
import type { Winner, WinnersResponse } from '~/lib/schemas/admin';
import type { PayoutSettings } from '~/lib/schemas/payouts';
import { winnersStore } from '~/lib/stores/admin';
import { toast } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import { copy as iconCopy, zap as iconZap } from '~/ui/pixel-icons';

// The winners screen's Lightning payouts (README, "Lightning payouts"): what the arcade's wallet
// may do today, a paid prize's proof, and the winners asked again while a payment is under way.

/** A payment hash as `1a2b3c4d…9e8f7a6b`: enough to tell two apart; the whole one is in the title and copied. */
export const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

/** "Automatic payment on · today's budget: used of total sats", under the Winners heading. */
export function PayoutSettingsLine({ settings, proofHref }: { settings: PayoutSettings; proofHref: string | null }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75">
      <span className="inline-flex items-center gap-1">
        <PixelIcon icon={iconZap} className="size-4 text-gold" />
        Automatic payment {settings.automatic ? 'on' : 'off'}
      </span>
      <span aria-hidden="true">·</span>
      <span>
        Today&apos;s budget: <span className="font-data font-bold">{formatCount(settings.usedToday)}</span> of{' '}
        <span className="font-data font-bold">{formatCount(settings.dailyBudget)}</span> sats used
      </span>
      {proofHref && (
        <>
          <span aria-hidden="true">·</span>
          <a href={proofHref} className="link font-bold text-accent">
            Public proof of payments
          </a>
        </>
      )}
    </p>
  );
}

/** A prize paid over Lightning: the mark and its payment hash (shortened, copyable). */
export function PaidOverLightning({ hash }: { hash: string | null }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(hash!);
      toast({ title: 'Payment Hash Copied!', description: hash!, variant: 'success' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Could not copy the payment hash to clipboard',
        variant: 'destructive',
      });
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <span className="inline-flex items-center gap-1 font-bold text-gold">
        <PixelIcon icon={iconZap} className="size-4" />
        Paid over Lightning
      </span>
      {hash && (
        <span className="inline-flex items-center">
          <code className="font-data text-xs text-base-content/70" title={hash}>
            <span className="sr-only">payment hash </span>
            {shortHash(hash)}
          </code>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => void copy()}
            aria-label="Copy the payment hash"
          >
            <PixelIcon icon={iconCopy} className="size-4" />
          </button>
        </span>
      )}
    </span>
  );
}

/** Whether any bitcoin prize of the screen is waiting for the wallet's answer. */
export const anyPaying = (data: WinnersResponse) =>
  data.winners.some((winner) => winner.bitcoinPrizes.some((prize) => prize.payout.state === 'paying'));

/** The prizes PAY ALL would pay now. */
export const payablePrizes = (data: WinnersResponse): Winner['bitcoinPrizes'] =>
  data.winners.flatMap((winner) =>
    winner.bitcoinPrizes.filter((prize) => prize.payout.payable && prize.prizeValue > 0),
  );

/**
 * Mounted while a prize is paying: listens to the winners' query store, which asks the server every
 * few seconds while listened to, and hands each answer up. Unmounted once no prize is paying, which
 * stops the asking.
 */
export function WatchPaying({
  tournamentId,
  onWinners,
}: {
  tournamentId: number;
  onWinners: (data: WinnersResponse) => void;
}) {
  const { data, loading } = useStore(winnersStore(tournamentId));
  useEffect(() => {
    if (data && !loading) onWinners(data);
  }, [data, loading, onWinners]);
  return null;
}
