import { iso } from '~/lib/dates';
import type { PayPrizeResponse, StuckPayment, WalletPaymentState } from '~/lib/schemas/payouts';
import type { Db } from '../../db';
import { recordAudit, type Actor } from '../../shared/audit';
import { conflict, notFound } from '../../shared/errors';
import { payouts as payoutCount } from '../../shared/metrics';
import type { PaymentLookup } from './wallet';
import { payAutomatically } from './pay-all';
import {
  ARCADE,
  completePayout,
  failPayout,
  INTERRUPTED_AFTER_MS,
  preimageMatches,
  readPayout,
  releaseBudget,
  settleFromLookup,
  timed,
  type PayoutServices,
} from './payouts';

// Payouts found under way (README, "Lightning payouts"): the settling sweep that asks the wallet about
// every prize left paying (at start and every minute, in every process), and an administrator's
// settling of a stuck payment by hand. Each settling is a conditional update (payouts.ts).

/**
 * Settle every prize left paying: asked of the wallet by its payment hash (settled: sent; failed:
 * failed; never tried and its invoice expired: failed, so it may be tried again), or, when no
 * invoice was ever stored after {@link INTERRUPTED_AFTER_MS}, failed (the wallet was never asked).
 * Runs at start and every minute, in every process; each settling is a conditional update.
 */
export async function settleOpenPayouts(services: PayoutServices, now = Date.now()): Promise<number> {
  const open = await services.db
    .selectFrom('prize_awards')
    .select(['id', 'payout_hash', 'payout_claim', 'payout_started_at', 'payout_expires_at'])
    .where('payout_state', '=', 'paying')
    .execute();
  let settled = 0;
  for (const prize of open) {
    if (!prize.payout_hash) {
      if (Number(prize.payout_started_at ?? 0) < now - INTERRUPTED_AFTER_MS) {
        await failPayout(
          services.db,
          ARCADE,
          prize.id,
          { claim: prize.payout_claim ?? '' },
          'Interrupted before the wallet was asked: nothing was paid.',
          now,
        );
        settled += 1;
      }
      continue;
    }
    const moved = await settleFromLookup(
      services,
      ARCADE,
      prize.id,
      prize.payout_hash,
      Number(prize.payout_expires_at ?? Number.POSITIVE_INFINITY),
    );
    if (moved) settled += 1;
  }
  return settled;
}

/** The settling sweep: at once, then every `intervalMs`. Returns its stop. */
export function scheduleSettling(services: PayoutServices, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = settleOpenPayouts(services)
      .then(() => payAutomatically(services))
      .catch((error: unknown) => console.error('[arcade] payout: settling open payouts failed:', error));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** What the wallet says of `paymentHash`, for an admin settling a stuck payment by hand. */
async function walletSays(
  services: PayoutServices,
  paymentHash: string | null,
): Promise<{ state: WalletPaymentState; preimage?: string }> {
  if (!paymentHash) return { state: 'unknown' }; // no invoice was stored: the wallet was never asked
  if (!services.wallet) return { state: 'silent' };
  let found: PaymentLookup;
  try {
    found = await timed('lookup_invoice', services.wallet.lookup(paymentHash));
  } catch {
    return { state: 'silent' };
  }
  if (found.state !== 'settled') return { state: found.state };
  // Settled without a proof that holds is not believed, nor settled by hand: it stays under way.
  return preimageMatches(found.preimage, paymentHash)
    ? { state: 'settled', preimage: found.preimage }
    : { state: 'pending' };
}

const NOT_PAYING = 'This prize is not being paid now: there is nothing to settle. Look at the prize again.';

async function payingRow(db: Db, prizeId: number) {
  const row = await db
    .selectFrom('prize_awards')
    .select([
      'id',
      'tournament_id',
      'user_id',
      'prize_value',
      'payout_state',
      'payout_hash',
      'payout_invoice',
      'payout_expires_at',
      'payout_claim',
      'payout_budget_day',
    ])
    .where('id', '=', prizeId)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no prize ${prizeId}.`);
  if (row.payout_state !== 'paying') throw conflict(NOT_PAYING);
  return row;
}

/**
 * `GET /api/admin/tournaments/prizes/{prizeId}/payment`: a payment stuck paying, and what the
 * wallet says of its hash now (`lookup_invoice`), for the admin's Settle dialog. 409 when the prize
 * is not paying.
 */
export async function findStuckPayment(services: PayoutServices, prizeId: number): Promise<StuckPayment> {
  const row = await payingRow(services.db, prizeId);
  const says = await walletSays(services, row.payout_hash);
  return {
    prizeId,
    paymentHash: row.payout_hash,
    invoice: row.payout_invoice,
    expiresAt: iso(row.payout_expires_at),
    wallet: says.state,
    settleable: says.state !== 'settled' && says.state !== 'pending',
  };
}

/**
 * `POST /api/admin/tournaments/prizes/{prizeId}/settle { outcome }`: settle by hand a payment stuck
 * paying (a wallet that never answers, a host's invoice the wallet forgot). The wallet is asked
 * first: settled, the prize is paid with its preimage, whatever was asked; pending, 409 (it settles
 * by itself). Otherwise the admin's word: `paid` sends the prize (paid outside the arcade's proof:
 * no preimage, its payout shown as sent by hand), `failed` fails the payout (its sats back in the
 * day's budget) so it may be paid again. One conditional update, so against a concurrent automatic
 * settle (the sweep, a late wallet answer) or a second admin exactly one of them moves the prize;
 * the other gets 409. Audited as `prize.pay.settle`, with what the wallet said.
 */
export async function settleStuckPayment(
  services: PayoutServices,
  actor: Actor,
  prizeId: number,
  outcome: 'paid' | 'failed',
  now = Date.now,
): Promise<PayPrizeResponse> {
  const { db } = services;
  const row = await payingRow(db, prizeId);
  const says = await walletSays(services, row.payout_hash);
  const answer = async (message: string) => ({ message, prizeId, payout: await readPayout(services, prizeId) });
  if (says.state === 'pending')
    throw conflict('The wallet reports this payment still under way: it settles by itself once the wallet answers.');
  if (says.state === 'settled') {
    await completePayout(db, actor, prizeId, row.payout_hash!, says.preimage!, null, now());
    return answer('The wallet reports this payment settled: the prize is paid, with its preimage.');
  }
  const said = {
    failed: 'reports the payment failed',
    unknown: row.payout_hash ? 'has no payment of this hash' : 'was never asked',
    silent: 'did not answer',
  }[says.state];
  const reason = `Settled as failed by ${actor.username}: the wallet ${said}.`;
  const moved = await db.transaction().execute(async (trx) => {
    let update =
      outcome === 'paid'
        ? trx.updateTable('prize_awards').set({
            payout_state: null,
            payout_error: null,
            status: 'sent',
            sent_at: now(),
            sent_by: actor.id,
            payment_proof: row.payout_hash ?? `settled by hand by ${actor.username}`,
          })
        : trx.updateTable('prize_awards').set({ payout_state: 'failed', payout_error: reason });
    update = update.where('id', '=', prizeId).where('payout_state', '=', 'paying');
    update = row.payout_hash
      ? update.where('payout_hash', '=', row.payout_hash)
      : update.where('payout_hash', 'is', null).where('payout_claim', '=', row.payout_claim);
    const done = await update.returning('id').executeTakeFirst();
    if (!done) return false;
    if (outcome === 'failed') await releaseBudget(trx, row);
    await recordAudit(
      trx,
      actor,
      {
        action: 'prize.pay.settle',
        targetType: 'prize',
        targetId: prizeId,
        tournamentId: row.tournament_id,
        details: {
          userId: row.user_id,
          sats: Number(row.prize_value),
          outcome,
          wallet: says.state,
          paymentHash: row.payout_hash,
        },
      },
      now(),
    );
    return true;
  });
  if (!moved)
    throw conflict(
      'This payment was settled meanwhile (by the wallet’s answer or another admin): look at the prize again.',
    );
  payoutCount.inc({ outcome: outcome === 'paid' ? 'sent' : 'failed' });
  return answer(
    outcome === 'paid'
      ? `Marked paid by hand (the wallet ${said}): the prize is sent, without a Lightning proof.`
      : `${reason} The prize may be paid again.`,
  );
}
