import { useState } from 'react';
import { AuditLog } from '~/features/admin/AuditLog';
import { AvatarImage } from '~/features/admin/AvatarImage';
import { ConfirmDialog } from '~/features/admin/ConfirmDialog';
import { SettlePayment } from '~/features/admin/SettlePayment';
import {
  PaidOverLightning,
  PayoutSettingsLine,
  WatchPaying,
  anyPaying,
  payablePrizes,
} from '~/features/admin/PayoutParts';
import { failureMessage } from '~/lib/api';
import { runMutation } from '~/lib/query-wait';
import type { AvatarRewardProgress, Winner, WinnersResponse } from '~/lib/schemas/admin';
import type { PayPrizeResponse } from '~/lib/schemas/payouts';
import { DELETED_PLAYER_NAME } from '~/lib/schemas/people';
import { $bulkDistributeAvatar, $distributePrize, $payAll, $payPrize } from '~/lib/stores/admin';
import { toast } from '~/lib/stores/toast';
import { PixelIcon } from '~/ui/PixelIcon';
import { copy as iconCopy } from '~/ui/pixel-icons';

const sats = new Intl.NumberFormat('en-US');
const DISTRIBUTE_QUESTION = 'Are you sure you want to distribute this prize? This action cannot be undone.';
const PAY_QUESTION = 'Are you sure you want to pay this prize over Lightning? This action cannot be undone.';

type Pending =
  | { kind: 'prize'; prizeId: number; what: string; bitcoin: boolean }
  | { kind: 'bulk'; reward: AvatarRewardProgress }
  | { kind: 'pay'; prizeId: number; what: string; retry: boolean }
  | { kind: 'payAll'; count: number; sats: number };

/** The toast after one PAY: paid, failed (the reason), or still waiting for the wallet. */
function payToast({ message, payout }: PayPrizeResponse) {
  if (payout.state === 'sent') toast({ title: 'Prize Paid', description: message, variant: 'success' });
  else if (payout.state === 'failed')
    toast({ title: 'Payment Failed', description: payout.error ?? message, variant: 'destructive' });
  else toast({ title: 'Payment Under Way', description: message });
}

/**
 * `/admin/tournaments/{id}/winners`: each winner with their prizes and a Distribute button per
 * pending prize (with an optional payment proof), the bulk action per avatar reward, and the
 * tournament's audit log. Every action answers with the winners as they are now.
 */
export default function AdminWinners({ initial }: { initial: WinnersResponse }) {
  const [data, setData] = useState(initial);
  const [asking, setAsking] = useState<Pending | null>(null);
  const [proof, setProof] = useState('');
  const [working, setWorking] = useState<string | null>(null);
  const [settling, setSettling] = useState<{ id: number; what: string } | null>(null);
  const tournamentId = data.tournament.id;

  async function confirm() {
    if (!asking) return;
    const action = asking;
    setAsking(null);
    if (action.kind === 'pay') {
      setWorking(`pay-${action.prizeId}`);
      const outcome = await runMutation($payPrize, { tournamentId, prizeId: action.prizeId });
      setWorking(null);
      if (outcome.status === 'done') {
        setData(outcome.result.winners);
        payToast(outcome.result);
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to pay prize.'),
          variant: 'destructive',
        });
      }
    } else if (action.kind === 'payAll') {
      setWorking('pay-all');
      const outcome = await runMutation($payAll, tournamentId);
      setWorking(null);
      if (outcome.status === 'done') {
        setData(outcome.result.winners);
        const { message, failed, paying, refused } = outcome.result;
        const clean = failed === 0 && paying === 0 && refused === 0;
        toast({
          title: 'Pay All Finished',
          description: message,
          variant: failed > 0 ? 'destructive' : clean ? 'success' : 'default',
        });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to pay the prizes.'),
          variant: 'destructive',
        });
      }
    } else if (action.kind === 'prize') {
      setWorking(`prize-${action.prizeId}`);
      const outcome = await runMutation($distributePrize, {
        tournamentId,
        prizeId: action.prizeId,
        paymentProof: proof,
      });
      setWorking(null);
      if (outcome.status === 'done') {
        setData(outcome.result.winners);
        toast({ title: 'Prize Distributed', description: outcome.result.message, variant: 'success' });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to distribute prize.'),
          variant: 'destructive',
        });
      }
    } else {
      setWorking(`bulk-${action.reward.avatarId}`);
      const outcome = await runMutation($bulkDistributeAvatar, { tournamentId, avatarId: action.reward.avatarId });
      setWorking(null);
      if (outcome.status === 'done') {
        setData(outcome.result.winners);
        const { distributedExisting, newAwards } = outcome.result;
        toast({
          title: 'Bulk Distribution Complete',
          description: `Distributed ${distributedExisting} existing and ${newAwards} new avatar awards.`,
          variant: 'success',
        });
      } else if (outcome.status === 'failed') {
        toast({
          title: 'Error',
          description: failureMessage(outcome.error, 'Failed to bulk distribute avatar rewards.'),
          variant: 'destructive',
        });
      }
    }
  }

  const ended = data.tournament.status === 'past';
  const payouts = data.payouts;
  const payable = payouts.enabled ? payablePrizes(data) : [];
  const payableSats = payable.reduce((sum, prize) => sum + prize.prizeValue, 0);
  const anyPaid = data.winners.some((w) => w.bitcoinPrizes.some((p) => p.payout.state === 'sent'));
  return (
    <>
      {anyPaying(data) && <WatchPaying tournamentId={tournamentId} onWinners={setData} />}
      {data.avatarRewards.length > 0 && (
        <section aria-labelledby="avatar-rewards" className="panel mt-8 p-6">
          <h2 id="avatar-rewards" className="text-[0.7rem] text-accent">
            Avatar Rewards
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {data.avatarRewards.map((reward) => {
              const busy = working === `bulk-${reward.avatarId}`;
              const done = reward.distributed >= reward.eligible;
              return (
                <li
                  key={reward.avatarId}
                  className="flex flex-wrap items-center gap-4 rounded-box border-2 border-plum p-3"
                >
                  <AvatarImage src={reward.imageUrl} alt={reward.avatarName} className="size-14 shrink-0" />
                  <div className="min-w-40 flex-1">
                    <p className="font-bold">{reward.avatarName}</p>
                    <p className="text-sm text-base-content/70">{reward.unlockCriteria}</p>
                    <p className="text-sm">
                      <span className="font-data font-bold">{reward.distributed}</span> of{' '}
                      <span className="font-data font-bold">{reward.eligible}</span> eligible distributed
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-arcade w-full btn-secondary btn-sm sm:w-auto"
                    disabled={!ended || done || busy}
                    onClick={() => setAsking({ kind: 'bulk', reward })}
                  >
                    {busy ? 'Distributing...' : done ? 'All Sent' : 'Give to All'}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section aria-labelledby="winners-title" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="winners-title" className="font-pixel text-sm text-accent">
            Winners
          </h2>
          {payable.length > 0 && (
            <button
              type="button"
              className="btn-arcade btn-primary btn-sm"
              disabled={working !== null}
              onClick={() => setAsking({ kind: 'payAll', count: payable.length, sats: payableSats })}
            >
              {working === 'pay-all' ? 'Paying...' : 'PAY ALL'}
            </button>
          )}
        </div>
        {payouts.enabled && (
          <PayoutSettingsLine settings={payouts} proofHref={anyPaid ? `/tournament/${tournamentId}/payouts` : null} />
        )}
        {data.winners.length === 0 ? (
          <div className="panel mt-4 p-8 text-center">
            <p className="font-pixel text-sm text-primary">No Winners Yet</p>
            <p className="mt-3 text-base-content/80">
              {ended
                ? 'This tournament has ended but no winners have been calculated yet.'
                : 'Winners will be available once the tournament ends.'}
            </p>
          </div>
        ) : (
          <ul className="mt-4 space-y-4">
            {data.winners.map((winner) => (
              <WinnerCard
                key={winner.userId}
                winner={winner}
                working={working}
                payoutsOn={payouts.enabled}
                onDistribute={(prizeId, what, bitcoin) => {
                  setProof('');
                  setAsking({ kind: 'prize', prizeId, what, bitcoin });
                }}
                onPay={(prizeId, what, retry) => setAsking({ kind: 'pay', prizeId, what, retry })}
                onSettle={(prizeId, what) => setSettling({ id: prizeId, what })}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="audit-title" className="panel mt-8 p-6">
        <h2 id="audit-title" className="text-[0.7rem] text-accent">
          Audit Log
        </h2>
        <AuditLog entries={data.auditLog} empty="No admin action on this tournament yet." />
      </section>

      <ConfirmDialog
        question={asking ? question(asking) : null}
        detail={asking ? detail(asking) : undefined}
        confirmLabel={asking ? confirmLabel(asking) : ''}
        pending={false}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      >
        {asking?.kind === 'prize' && (
          <div className="mt-4">
            <label htmlFor="payment-proof" className="mb-2 block font-pixel text-[0.6rem] tracking-wide text-secondary">
              Payment proof (optional)
            </label>
            <input
              id="payment-proof"
              className="input w-full border-2 border-plum bg-base-100"
              placeholder="Lightning payment hash or a note"
              maxLength={500}
              value={proof}
              onChange={(e) => setProof(e.target.value)}
            />
          </div>
        )}
      </ConfirmDialog>
      <SettlePayment
        tournamentId={tournamentId}
        prize={settling}
        onClose={() => setSettling(null)}
        onSettled={(answer) => {
          setSettling(null);
          setData(answer.winners);
          payToast(answer);
        }}
      />
    </>
  );
}

function question(asking: Pending): string {
  switch (asking.kind) {
    case 'prize':
      return DISTRIBUTE_QUESTION;
    case 'bulk':
      return `Give "${asking.reward.avatarName}" to every player who meets "${asking.reward.unlockCriteria}"?`;
    case 'pay':
      return PAY_QUESTION;
    case 'payAll':
      return `Pay ${asking.count === 1 ? '1 prize' : `all ${asking.count} payable prizes`} (${sats.format(asking.sats)} sats) over Lightning?`;
  }
}

function detail(asking: Pending): string {
  switch (asking.kind) {
    case 'bulk':
      return `Awards are created and sent for all ${asking.reward.eligible} eligible players; pending ones are sent. This cannot be undone.`;
    case 'payAll':
      return "Each is paid to its winner's Lightning Address, one after the other, within today's budget. This cannot be undone.";
    default:
      return asking.what;
  }
}

function confirmLabel(asking: Pending): string {
  switch (asking.kind) {
    case 'prize':
      return asking.bitcoin ? 'Mark as Sent' : 'Distribute';
    case 'bulk':
      return 'Give to All';
    case 'pay':
      return asking.retry ? 'Retry' : 'Pay';
    case 'payAll':
      return 'Pay All';
  }
}

/** A prize's distribution status, one badge style for both: a sent prize shows SENT, one not sent yet PENDING. */
function Status({ sent, sentAt, sentBy }: { sent: boolean; sentAt: string | null; sentBy: string | null }) {
  return sent ? (
    <span
      className="badge font-pixel badge-sm text-[0.55rem] badge-success"
      title={sentAt ? `Sent ${sentAt.slice(0, 16).replace('T', ' ')} UTC${sentBy ? ` by ${sentBy}` : ''}` : undefined}
    >
      SENT
    </span>
  ) : (
    <span className="badge font-pixel badge-sm text-[0.55rem] badge-warning">PENDING</span>
  );
}

function WinnerCard({
  winner,
  working,
  payoutsOn,
  onDistribute,
  onPay,
  onSettle,
}: {
  winner: Winner;
  working: string | null;
  payoutsOn: boolean;
  /** `what`: the confirmation's detail; `bitcoin`: a sats prize, which Distribute only records as paid. */
  onDistribute: (prizeId: number, what: string, bitcoin: boolean) => void;
  onPay: (prizeId: number, what: string, retry: boolean) => void;
  /** Settle by hand a payment stuck paying. */
  onSettle: (prizeId: number, what: string) => void;
}) {
  return (
    <li className="panel p-5">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        {/* No rank: off the boards (banned or deleted) since the winners were processed. */}
        <span className="font-pixel text-sm text-primary">{winner.rank ? `#${winner.rank}` : 'UNRANKED'}</span>
        <a href={`/users/${winner.userId}`} className="link font-data text-lg font-bold break-all link-hover">
          {winner.username}
        </a>
        <span className="font-data text-base-content/80">
          {winner.score === null ? '-' : `${sats.format(winner.score)} points`}
        </span>
        {winner.withheld && (
          <span
            className="badge font-pixel badge-sm text-[0.55rem] badge-error"
            title={
              winner.username === DELETED_PLAYER_NAME
                ? 'The player deleted their account: their unsent prizes are withheld for good.'
                : 'The player is banned: their unsent prizes are withheld until the ban is lifted.'
            }
          >
            {winner.username === DELETED_PLAYER_NAME ? 'WITHHELD (deleted)' : 'WITHHELD (banned)'}
          </span>
        )}
      </div>
      <LightningAddress address={winner.lightningAddress} />
      <ul className="mt-4 space-y-2">
        {winner.bitcoinPrizes.map((prize) => {
          const { payout } = prize;
          const paying = payout.state === 'paying' || working === `pay-${prize.id}`;
          const amount = `${sats.format(prize.prizeValue)} sats`;
          const what = `${amount} to ${winner.username}${winner.lightningAddress ? ` at ${winner.lightningAddress}` : ''}`;
          return (
            <li key={prize.id} className="flex flex-wrap items-center gap-3">
              <span className="font-data font-bold text-primary">{amount}</span>
              <span className="text-sm text-base-content/70">{prize.awardReason}</span>
              {payout.state === 'paying' ? (
                <>
                  <span className="badge font-pixel badge-sm text-[0.55rem] badge-info" role="status">
                    PAYING...
                  </span>
                  {payoutsOn && working !== `pay-${prize.id}` && (
                    <button
                      type="button"
                      className="btn-arcade btn-ghost btn-xs"
                      disabled={working !== null}
                      onClick={() => onSettle(prize.id, what)}
                    >
                      Settle
                    </button>
                  )}
                </>
              ) : (
                <Status sent={prize.distributionStatus === 'sent'} sentAt={prize.sentAt} sentBy={prize.sentBy} />
              )}
              {payout.state === 'sent' && <PaidOverLightning hash={payout.paymentHash} />}
              {payout.state !== 'sent' && prize.paymentProof && (
                <span className="font-data text-xs break-all text-base-content/60">proof: {prize.paymentProof}</span>
              )}
              {payoutsOn && payout.payable && prize.prizeValue > 0 && !paying && (
                <button
                  type="button"
                  className="btn-arcade btn-primary btn-xs"
                  disabled={working !== null}
                  onClick={() => onPay(prize.id, what, payout.state === 'failed')}
                >
                  {payout.state === 'failed' ? 'RETRY' : `PAY ${amount.toUpperCase()}`}
                </button>
              )}
              {payoutsOn && winner.withheld && prize.distributionStatus === 'pending' && !paying && (
                <button type="button" className="btn-arcade btn-primary btn-xs" disabled>
                  {`PAY ${amount.toUpperCase()}`}
                </button>
              )}
              {working === `pay-${prize.id}` && (
                <span className="text-sm text-base-content/70" role="status">
                  Paying...
                </span>
              )}
              {prize.distributionStatus === 'pending' && !paying && (
                <button
                  type="button"
                  className={`btn-arcade btn-xs ${payoutsOn && payout.payable ? 'btn-ghost' : 'btn-primary'}`}
                  disabled={working === `prize-${prize.id}` || winner.withheld}
                  onClick={() =>
                    onDistribute(
                      prize.id,
                      // Distribute sends no sats: it records a payment made elsewhere (README, "Lightning payouts").
                      `${amount} to ${winner.username}. This records the prize as paid another way: it sends no sats.${
                        payoutsOn && payout.payable
                          ? ` To pay it from the connected wallet over Lightning, press PAY ${amount.toUpperCase()} instead.`
                          : ''
                      } Write where you sent it below.`,
                      true,
                    )
                  }
                >
                  {working === `prize-${prize.id}` ? 'Sending...' : 'Distribute'}
                </button>
              )}
              {payout.state === 'failed' && payout.error && (
                <p className="basis-full text-sm text-error" role="note">
                  Payment failed: {payout.error}
                </p>
              )}
            </li>
          );
        })}
        {winner.avatarPrizes.map((prize) => (
          <li key={prize.id} className="flex flex-wrap items-center gap-3">
            <AvatarImage src={prize.avatarImageUrl} alt={prize.avatarName} className="size-8" />
            <span className="font-bold">{prize.avatarName}</span>
            <span className="text-sm text-base-content/70">{prize.awardReason}</span>
            <Status sent={prize.distributionStatus === 'sent'} sentAt={prize.sentAt} sentBy={prize.sentBy} />
            {prize.distributionStatus === 'pending' && (
              <button
                type="button"
                className="btn-arcade btn-primary btn-xs"
                disabled={working === `prize-${prize.id}` || winner.withheld}
                onClick={() => onDistribute(prize.id, `${prize.avatarName} to ${winner.username}`, false)}
              >
                {working === `prize-${prize.id}` ? 'Sending...' : 'Distribute'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

function LightningAddress({ address }: { address: string | null }) {
  if (!address) return <p className="mt-2 text-sm text-base-content/60">No Lightning Address given.</p>;
  async function copy() {
    try {
      await navigator.clipboard.writeText(address!);
      toast({ title: 'Address Copied!', description: address!, variant: 'success' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Could not copy address to clipboard', variant: 'destructive' });
    }
  }
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-base-content/70">Lightning:</span>
      <span className="font-data break-all">{address}</span>
      <button type="button" className="btn btn-ghost btn-xs" onClick={() => void copy()} aria-label={`Copy ${address}`}>
        <PixelIcon icon={iconCopy} className="size-4" /> Copy
      </button>
    </p>
  );
}
