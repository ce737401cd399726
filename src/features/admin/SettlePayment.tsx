import { useEffect, useId, useRef, useState } from 'react';
import { failureMessage } from '~/lib/api';
import { runMutation } from '~/lib/query-wait';
import type { WinnersResponse } from '~/lib/schemas/admin';
import type { PayPrizeResponse, StuckPayment } from '~/lib/schemas/payouts';
import { $settlePayment, $stuckPayment } from '~/lib/stores/admin';
import { ArcadeDialog } from '~/ui/ArcadeDialog';
import { alert as iconAlert } from '~/ui/pixel-icons';
import { shortHash } from './PayoutParts';

/** What the wallet's answer about the hash means, in a line an admin can act on. */
function walletLine(payment: StuckPayment): string {
  switch (payment.wallet) {
    case 'settled':
      return 'The wallet paid it: the prize is marked paid, with its preimage.';
    case 'pending':
      return 'The wallet is still paying it: wait, it settles by itself once the wallet answers.';
    case 'failed':
      return 'The wallet reports the payment failed.';
    case 'silent':
      return 'The wallet did not answer. Settle by hand only if you know from the wallet itself what happened.';
    default:
      return payment.paymentHash
        ? 'The wallet has no payment of this hash: it never tried it.'
        : 'No invoice was stored: the wallet was never asked.';
  }
}

/**
 * The Settle dialog of a prize stuck PAYING (README, "Lightning payouts"): what the wallet says of
 * the payment's hash now, then Mark Failed (it may be paid again) or Mark Paid (paid outside the
 * arcade, no Lightning proof); only when the wallet reports it neither paid nor under way.
 */
export function SettlePayment({
  tournamentId,
  prize,
  onClose,
  onSettled,
}: {
  tournamentId: number;
  /** The prize to settle and how to name it; null keeps the dialog closed. */
  prize: { id: number; what: string } | null;
  onClose: () => void;
  onSettled: (answer: PayPrizeResponse & { winners: WinnersResponse }) => void;
}) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [payment, setPayment] = useState<StuckPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const prizeId = prize?.id ?? null;

  useEffect(() => {
    setPayment(null);
    setError(null);
    if (prizeId === null) return;
    let current = true;
    void runMutation($stuckPayment, prizeId).then((outcome) => {
      if (!current) return;
      if (outcome.status === 'done') setPayment(outcome.result);
      else if (outcome.status === 'failed') setError(failureMessage(outcome.error, 'Could not ask the wallet.'));
    });
    return () => {
      current = false;
    };
  }, [prizeId]);

  async function settle(outcome: 'paid' | 'failed') {
    if (prizeId === null) return;
    setWorking(true);
    const answer = await runMutation($settlePayment, { tournamentId, prizeId, outcome });
    setWorking(false);
    if (answer.status === 'done') onSettled(answer.result);
    else if (answer.status === 'failed') setError(failureMessage(answer.error, 'Failed to settle the payment.'));
  }

  return (
    <ArcadeDialog
      open={prize !== null}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={`${titleId}-what`}
      initialFocus={cancel}
      icon={iconAlert}
    >
      <h2 id={titleId} className="text-center text-sm leading-relaxed text-accent">
        Settle a stuck payment
      </h2>
      <p id={`${titleId}-what`} className="mt-4 text-center text-base-content/80">
        {prize?.what}
      </p>
      {payment === null && error === null && (
        <p className="mt-4 text-center text-sm text-base-content/70" role="status">
          Asking the wallet...
        </p>
      )}
      {payment && (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-base-content/70">Payment hash</dt>
          <dd className="font-data break-all" title={payment.paymentHash ?? undefined}>
            {payment.paymentHash ? shortHash(payment.paymentHash) : 'none'}
          </dd>
          <dt className="text-base-content/70">Invoice expires</dt>
          <dd className="font-data">
            {payment.expiresAt ? `${payment.expiresAt.slice(0, 16).replace('T', ' ')} UTC` : '-'}
          </dd>
          <dt className="text-base-content/70">The wallet says</dt>
          <dd role="status">{walletLine(payment)}</dd>
        </dl>
      )}
      {error && (
        <p role="alert" className="mt-4 text-center text-sm text-error">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button ref={cancel} type="button" className="btn-arcade btn-ghost" onClick={onClose}>
          Cancel
        </button>
        {payment?.wallet === 'settled' && (
          <button
            type="button"
            className="btn-arcade btn-primary"
            disabled={working}
            onClick={() => void settle('paid')}
          >
            {working ? 'Working...' : 'Mark Paid'}
          </button>
        )}
        {payment?.settleable && (
          <>
            <button
              type="button"
              className="btn-arcade btn-error"
              disabled={working}
              onClick={() => void settle('failed')}
            >
              {working ? 'Working...' : 'Mark Failed'}
            </button>
            <button
              type="button"
              className="btn-arcade btn-outline"
              disabled={working}
              onClick={() => void settle('paid')}
            >
              {working ? 'Working...' : 'Mark Paid by Hand'}
            </button>
          </>
        )}
      </div>
    </ArcadeDialog>
  );
}
