import { createHash, randomBytes } from 'node:crypto';
import { iso } from '~/lib/dates';
import { shortened } from '~/lib/format';
import type { PayPrizeResponse, Payout, PayoutSettings } from '~/lib/schemas/payouts';
import type { Services } from '../../context';
import { driverOf, type Db } from '../../db';
import { assertNotWithheld, WITHHELD_MESSAGE } from '../withheld';
import { isUniqueViolation } from '../../db/errors';
import type { Selectable, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, PrizeAwardsTable } from '../../db/schema';
import { recordAudit, type Actor } from '../../shared/audit';
import { conflict, notFound } from '../../shared/errors';
import { payoutSats, payouts as payoutCount, walletSeconds } from '../../shared/metrics';
import { AddressFailure, assertSameNetwork, invoiceForAddress } from './lightning-address';
import { REFUSED_BEFORE_PAYING, WalletRefusal, WalletSilence, type PaymentLookup } from './wallet';

// Paying a bitcoin prize over Lightning, exactly once (README, "Lightning payouts"). The payout is
// a state kept with the prize, and every move is a conditional update, so one request alone moves
// it, in any number of processes:
//
//   (none | failed) --claim--> paying --invoice stored, budget reserved--> wallet asked
//     --preimage matching the hash--> sent (the prize is sent, as Distribute sends it)
//     --proven unpaid--> failed (the reason kept; the budget given back; it may be tried again)
//
// A prize found paying (a crash, a timeout, another process) is never paid again with a new
// invoice: the wallet is asked about the stored payment hash, and only a payment that provably
// failed, or was never made and whose invoice has expired, may be tried again.
//
// Here: paying one prize (payPrize) and the moves of its payout. Paying many (Pay all, automatic
// payouts): pay-all.ts. Settling the payouts found under way (the sweep, a stuck payment): settling.ts.

/** What paying needs of the running arcade; `wallet` is absent when no NWC_URL is set. */
export type PayoutServices = Pick<Services, 'db' | 'config' | 'wallet'>;

/** Who pays when nobody clicked: automatic payment and the settling sweep. */
export const ARCADE: Actor = { id: null, username: 'arcade (automatic)' };

type PrizeUpdate = UpdateQueryBuilder<Database, 'prize_awards', 'prize_awards', UpdateResult>;

/** This request's claim on a prize was lost before its invoice was stored. */
class LostClaim extends Error {}

/** How long after its invoice's expiry a payment the wallet does not know may be tried again. */
export const EXPIRY_GRACE_MS = 10 * 60_000;

/** A prize paying without a stored invoice this long is an interrupted try: nothing was asked of the wallet. */
export const INTERRUPTED_AFTER_MS = 5 * 60_000;

type PrizeRow = Pick<
  Selectable<PrizeAwardsTable>,
  'status' | 'payout_state' | 'payout_hash' | 'payout_error' | 'payout_paid_at' | 'prize_type'
> & { lightning_address: string | null };

/** A bitcoin prize's payout for the winners screen. */
export function payoutOf(row: PrizeRow, enabled: boolean): Payout {
  const state = row.payout_state ?? 'none';
  return {
    state,
    paymentHash: row.payout_hash,
    error: state === 'failed' ? row.payout_error : null,
    paidAt: iso(row.payout_paid_at),
    payable:
      enabled &&
      row.prize_type === 'bitcoin' &&
      row.status === 'pending' &&
      state !== 'paying' &&
      Boolean(row.lightning_address),
  };
}

/** The UTC day a budget counts in. */
export const budgetDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Give a prize's sats back to the daily budget that reserved them (a payment that failed). */
export async function releaseBudget(
  db: Db,
  prize: { payout_budget_day: string | null; prize_value: number },
): Promise<void> {
  if (!prize.payout_budget_day) return;
  await db
    .updateTable('payout_budget')
    .set((eb) => ({ reserved_sats: eb('reserved_sats', '-', Number(prize.prize_value)) }))
    .where('day', '=', prize.payout_budget_day)
    .execute();
}

/** What the admin room shows of the payouts: on or off, automatic or not, today's budget. */
export async function payoutSettings(services: PayoutServices, now = Date.now()): Promise<PayoutSettings> {
  const { payouts } = services.config;
  const used = await services.db
    .selectFrom('payout_budget')
    .select('reserved_sats')
    .where('day', '=', budgetDay(now))
    .executeTakeFirst();
  return {
    enabled: Boolean(services.wallet),
    automatic: payouts.automatic && Boolean(services.wallet),
    dailyBudget: payouts.dailyBudgetSats,
    usedToday: Number(used?.reserved_sats ?? 0),
  };
}

const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** The preimage is 32 bytes whose SHA-256 is the payment hash: the receiver revealed it, so it was paid. */
export function preimageMatches(preimage: string, paymentHash: string): boolean {
  return /^[0-9a-f]{64}$/i.test(preimage) && sha256Hex(preimage) === paymentHash.toLowerCase();
}

export function timed<T>(method: string, work: Promise<T>): Promise<T> {
  const stop = walletSeconds.startTimer({ method });
  return work.finally(() => stop());
}

function formatSats(sats: number): string {
  return `${sats.toLocaleString('en-US')} sats`;
}

/**
 * `POST /api/admin/tournaments/prizes/{prizeId}/pay`: pay one pending bitcoin prize to its winner's
 * Lightning Address. Answers the payout after the try: sent, failed (with the reason), or paying
 * when the wallet has not answered within PAYOUT_WALLET_TIMEOUT_SECONDS (it settles by itself).
 * 409 when it cannot be tried now (no wallet, not pending, under way, no address, over budget).
 */
export async function payPrize(
  services: PayoutServices,
  actor: Actor,
  prizeId: number,
  now = Date.now,
): Promise<PayPrizeResponse> {
  const { db, wallet, config } = services;
  if (!wallet)
    throw conflict('Lightning payouts are off: no wallet is connected (NWC_URL). Pay by hand and press Distribute.');
  const prize = await db
    .selectFrom('prize_awards as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.tournament_id',
      'p.user_id',
      'p.prize_type',
      'p.prize_value',
      'p.status',
      'p.payout_state',
      'u.username',
      'u.lightning_address',
      'u.banned_at',
    ])
    .where('p.id', '=', prizeId)
    .executeTakeFirst();
  if (!prize) throw notFound(`There is no prize ${prizeId}.`);
  // A banned winner's prize is withheld (README, "Player management"); checked again, locked, below.
  if (prize.banned_at !== null && prize.status === 'pending') throw conflict(WITHHELD_MESSAGE);
  if (prize.prize_type !== 'bitcoin') throw conflict('Only bitcoin prizes are paid over Lightning.');
  if (prize.status === 'sent') throw conflict('This prize was already sent.');
  if (prize.payout_state === 'paying')
    throw conflict('A payment of this prize is under way: wait for the wallet to answer.');
  const address = prize.lightning_address;
  if (!address) throw conflict(`${prize.username} has no Lightning Address yet: they can add one in Account Settings.`);
  const sats = Number(prize.prize_value);
  if (!(sats > 0)) throw conflict('This prize is for 0 sats: there is nothing to pay.');
  const day = budgetDay(now());
  const budget = config.payouts.dailyBudgetSats;
  const used = await db.selectFrom('payout_budget').select('reserved_sats').where('day', '=', day).executeTakeFirst();
  if (sats > budget - Number(used?.reserved_sats ?? 0)) {
    payoutCount.inc({ outcome: 'refused' });
    throw conflict(budgetMessage(sats, budget, Number(used?.reserved_sats ?? 0)));
  }
  const tournamentId = prize.tournament_id;
  const audit = (trx: Db, action: string, details: Record<string, unknown>) =>
    recordAudit(
      trx,
      actor,
      {
        action,
        targetType: 'prize',
        targetId: prizeId,
        tournamentId,
        details: { userId: prize.user_id, sats, ...details },
      },
      now(),
    );

  // One request alone moves the prize to paying (the same guard as Distribute), with a claim of its
  // own: only this request may store an invoice or give the claim up, so a request that outlived its
  // claim (failed by the sweep, then retried) can never ask the wallet.
  const claim = randomBytes(16).toString('hex');
  const postgres = driverOf(db).dialect === 'postgres';
  const claimed = await db.transaction().execute(async (trx) => {
    await assertNotWithheld(trx, prize.user_id, postgres);
    const row = await trx
      .updateTable('prize_awards')
      .set({
        payout_state: 'paying',
        payout_claim: claim,
        payout_started_at: now(),
        payout_error: null,
        payout_invoice: null,
        payout_hash: null,
        payout_expires_at: null,
        payout_budget_day: null,
      })
      .where('id', '=', prizeId)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('payout_state', 'is', null), eb('payout_state', '=', 'failed')]))
      .returning('id')
      .executeTakeFirst();
    if (row) await audit(trx, 'prize.pay.start', { lightningAddress: address });
    return Boolean(row);
  });
  if (!claimed) throw conflict('This prize is already being paid or was sent.');
  /** An update of this prize while this request's claim holds and no invoice is stored yet. */
  const ownClaim = (update: PrizeUpdate) =>
    update
      .where('id', '=', prizeId)
      .where('payout_state', '=', 'paying')
      .where('payout_claim', '=', claim)
      .where('payout_hash', 'is', null);

  // The invoice, from the winner's address, checked against the prize.
  let checked: Awaited<ReturnType<typeof invoiceForAddress>>;
  try {
    checked = await invoiceForAddress(address, sats, config.payouts.addresses, now);
    assertSameNetwork(checked, address, await walletNetwork(wallet));
  } catch (error) {
    const reason = error instanceof AddressFailure ? error.message : `${address} could not be asked for an invoice.`;
    await failPayout(db, actor, prizeId, { claim }, reason, now());
    return { message: reason, prizeId, payout: await readPayout(services, prizeId) };
  }

  // Stored, with the budget reserved, before the wallet is asked.
  let stored: 'stored' | 'budget' | 'reused' | 'lost' | 'withheld';
  try {
    stored = await db.transaction().execute(async (trx) => {
      // Banned while the invoice was fetched: the claim is given up and the wallet never asked.
      // Once this commits the payment is under way: a later ban cannot call it back.
      try {
        await assertNotWithheld(trx, prize.user_id, postgres);
      } catch (error) {
        const given = await ownClaim(trx.updateTable('prize_awards').set({ payout_state: null, payout_claim: null }))
          .returning('id')
          .executeTakeFirst();
        if (given) await audit(trx, 'prize.pay.refused', { reason: 'withheld: the winner is banned' });
        if (given) return 'withheld';
        throw error;
      }
      const reserved = await trx
        .insertInto('payout_budget')
        .values({ day, reserved_sats: sats })
        .onConflict((oc) =>
          oc
            .column('day')
            .doUpdateSet((eb) => ({
              reserved_sats: eb('payout_budget.reserved_sats', '+', eb.ref('excluded.reserved_sats')),
            }))
            .where((eb) => eb(eb('payout_budget.reserved_sats', '+', eb.ref('excluded.reserved_sats')), '<=', budget)),
        )
        .returning('reserved_sats')
        .executeTakeFirst();
      if (!reserved) {
        const given = await ownClaim(trx.updateTable('prize_awards').set({ payout_state: null, payout_claim: null }))
          .returning('id')
          .executeTakeFirst();
        if (given) await audit(trx, 'prize.pay.refused', { reason: 'daily budget' });
        return given ? 'budget' : 'lost';
      }
      const kept = await ownClaim(
        trx.updateTable('prize_awards').set({
          payout_invoice: checked.invoice,
          payout_hash: checked.paymentHash,
          payout_expires_at: checked.expiresAt,
          payout_budget_day: day,
        }),
      )
        .returning('id')
        .executeTakeFirst();
      // The claim was lost meanwhile (failed by the sweep, perhaps retried): reserve nothing, pay nothing.
      if (!kept) throw new LostClaim();
      await audit(trx, 'prize.pay.invoice', { paymentHash: checked.paymentHash, invoice: checked.invoice });
      return 'stored';
    });
  } catch (error) {
    if (error instanceof LostClaim) stored = 'lost';
    else if (isUniqueViolation(error)) stored = 'reused';
    else throw error;
  }
  if (stored === 'withheld') throw conflict(WITHHELD_MESSAGE);
  if (stored === 'lost')
    throw conflict(
      'This payment was interrupted and taken over meanwhile: nothing was paid by it. Look at the prize again.',
    );
  if (stored === 'reused') {
    const reason = `${address} answered an invoice the arcade has already paid for another prize.`;
    await failPayout(db, actor, prizeId, { claim }, reason, now());
    return { message: reason, prizeId, payout: await readPayout(services, prizeId) };
  }
  if (stored === 'budget') {
    const after = await db
      .selectFrom('payout_budget')
      .select('reserved_sats')
      .where('day', '=', day)
      .executeTakeFirst();
    payoutCount.inc({ outcome: 'refused' });
    throw conflict(budgetMessage(sats, budget, Number(after?.reserved_sats ?? 0)));
  }

  // Ask the wallet; what it answers settles the payout, however late it comes.
  const asked = timed('pay_invoice', wallet.pay(checked.invoice));
  const settled = asked.then(
    (paid) => settleFromPayment(services, actor, prizeId, checked.paymentHash, paid.preimage, paid.feesPaidMsat),
    (error: unknown) => settleFromRefusal(services, actor, prizeId, checked.paymentHash, checked.expiresAt, error),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    settled.then(() => 'answered' as const),
    new Promise<'silent'>((resolve) => {
      timer = setTimeout(() => resolve('silent'), config.payouts.walletTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (waited === 'silent')
    settled.catch((error: unknown) => console.error('[arcade] payout: settling a late wallet answer failed:', error));
  const payout = await readPayout(services, prizeId);
  return { message: messageFor(payout, sats, prize.username), prizeId, payout };
}

/**
 * The network the wallet pays on, as its get_info names it (asked once per wallet and kept); none
 * named, or no answer, is taken as mainnet, where prizes are paid.
 */
async function walletNetwork(wallet: NonNullable<PayoutServices['wallet']>): Promise<string | undefined> {
  try {
    return (await wallet.info()).network;
  } catch {
    return undefined;
  }
}

function budgetMessage(sats: number, budget: number, used: number): string {
  return `Today's payout budget is ${formatSats(budget)} and ${formatSats(Math.min(used, budget))} of it is used, so ${formatSats(sats)} cannot be paid now. The prize stays pending: pay it tomorrow (UTC), raise PAYOUT_DAILY_BUDGET_SATS, or pay by hand.`;
}

function messageFor(payout: Payout, sats: number, username: string): string {
  if (payout.state === 'sent') return `${formatSats(sats)} paid to ${username} over Lightning.`;
  if (payout.state === 'failed') return payout.error ?? 'The payment failed.';
  return 'The wallet has not answered yet: the payment settles by itself once it does.';
}

export async function readPayout(services: PayoutServices, prizeId: number): Promise<Payout> {
  const row = await services.db
    .selectFrom('prize_awards as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.status',
      'p.prize_type',
      'p.payout_state',
      'p.payout_hash',
      'p.payout_error',
      'p.payout_paid_at',
      'u.lightning_address',
      'u.banned_at',
    ])
    .where('p.id', '=', prizeId)
    .executeTakeFirstOrThrow();
  return payoutOf(row, Boolean(services.wallet) && row.banned_at === null);
}

/** The wallet paid: keep the preimage (it must match the hash) and send the prize. */
async function settleFromPayment(
  services: PayoutServices,
  actor: Actor,
  prizeId: number,
  paymentHash: string,
  preimage: string,
  feesPaidMsat: number | null,
): Promise<void> {
  if (!preimageMatches(preimage, paymentHash)) {
    // A wallet that says paid without the proof: leave it paying; the sweep asks again.
    console.error(`[arcade] payout: the wallet's preimage for prize ${prizeId} does not match its payment hash`);
    return;
  }
  await completePayout(services.db, actor, prizeId, paymentHash, preimage, feesPaidMsat, Date.now());
}

/** The wallet refused or was silent: fail only what provably did not pay. */
async function settleFromRefusal(
  services: PayoutServices,
  actor: Actor,
  prizeId: number,
  paymentHash: string,
  expiresAt: number,
  error: unknown,
): Promise<void> {
  if (!(error instanceof WalletRefusal)) {
    if (!(error instanceof WalletSilence)) console.error('[arcade] payout: the wallet call failed:', error);
    payoutCount.inc({ outcome: 'unanswered' });
    return; // unknown: still paying; the sweep asks the wallet about the hash
  }
  if (REFUSED_BEFORE_PAYING.has(error.code)) {
    await failPayout(
      services.db,
      actor,
      prizeId,
      { hash: paymentHash },
      `The wallet refused: ${error.message}`,
      Date.now(),
    );
    return;
  }
  // Refused after trying, perhaps: what does the wallet know of this hash? A payment it reports
  // failed is failed; one it does not know (yet) waits for the invoice's expiry, as the sweep does.
  await settleFromLookup(services, actor, prizeId, paymentHash, expiresAt, error.message);
}

/** Settle a paying prize from what the wallet says of its payment hash; true when it moved (sent or failed). */
export async function settleFromLookup(
  services: PayoutServices,
  actor: Actor,
  prizeId: number,
  paymentHash: string,
  expiresAt: number,
  walletMessage?: string,
): Promise<boolean> {
  const { wallet, db } = services;
  if (!wallet) return false;
  let found: PaymentLookup;
  try {
    found = await timed('lookup_invoice', wallet.lookup(paymentHash));
  } catch {
    return false; // silent: asked again at the next sweep
  }
  const now = Date.now();
  if (found.state === 'settled') {
    if (!preimageMatches(found.preimage, paymentHash)) return false;
    await completePayout(db, actor, prizeId, paymentHash, found.preimage, null, now);
    return true;
  }
  if (found.state === 'failed') {
    const reason = `The wallet refused: ${walletMessage ?? 'the payment failed'}`;
    await failPayout(db, actor, prizeId, { hash: paymentHash }, reason, now);
    return true;
  }
  // The wallet answered pay_invoice with an error and has no payment of this hash: it refused
  // without trying, so the refusal, in its own words, is the outcome (it may be paid again).
  if (found.state === 'unknown' && walletMessage !== undefined) {
    await failPayout(db, actor, prizeId, { hash: paymentHash }, `The wallet refused: ${walletMessage}`, now);
    return true;
  }
  // Never tried by the wallet, as far as it says: safe to try again only once this invoice can no
  // longer be paid, with a grace for clocks that disagree and requests still on their way.
  if (found.state === 'unknown' && expiresAt + EXPIRY_GRACE_MS <= now) {
    await failPayout(
      db,
      actor,
      prizeId,
      { hash: paymentHash },
      'The invoice expired unpaid: the prize may be paid again.',
      now,
    );
    return true;
  }
  return false;
}

/** paying -> sent, once: the prize is sent as Distribute sends it, with the payment hash as its proof. */
export async function completePayout(
  db: Db,
  actor: Actor,
  prizeId: number,
  paymentHash: string,
  preimage: string,
  feesPaidMsat: number | null,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('prize_awards')
      .set({
        payout_state: 'sent',
        payout_preimage: preimage.toLowerCase(),
        payout_paid_at: now,
        payout_error: null,
        status: 'sent',
        sent_at: now,
        sent_by: actor.id,
        payment_proof: paymentHash,
      })
      .where('id', '=', prizeId)
      .where('payout_state', '=', 'paying')
      .where('payout_hash', '=', paymentHash)
      .returning(['tournament_id', 'user_id', 'prize_value'])
      .executeTakeFirst();
    if (!row) return;
    await recordAudit(
      trx,
      actor,
      {
        action: 'prize.pay.sent',
        targetType: 'prize',
        targetId: prizeId,
        tournamentId: row.tournament_id,
        details: { userId: row.user_id, sats: Number(row.prize_value), paymentHash, preimage, feesPaidMsat },
      },
      now,
    );
    payoutCount.inc({ outcome: 'sent' });
    payoutSats.inc(Number(row.prize_value));
  });
}

/** paying -> failed, once, with the reason; the day's budget gets the sats back. */
export async function failPayout(
  db: Db,
  actor: Actor,
  prizeId: number,
  /** Whose payout fails: the one of this payment hash, or the claim that stored no invoice yet. */
  owner: { hash: string } | { claim: string },
  reason: string,
  now: number,
): Promise<void> {
  const paymentHash = 'hash' in owner ? owner.hash : null;
  await db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('prize_awards')
      .set({ payout_state: 'failed', payout_error: shortened(reason, 300) })
      .where('id', '=', prizeId)
      .where('payout_state', '=', 'paying');
    update =
      'hash' in owner
        ? update.where('payout_hash', '=', owner.hash)
        : update.where('payout_claim', '=', owner.claim).where('payout_hash', 'is', null);
    const row = await update
      .returning(['tournament_id', 'user_id', 'prize_value', 'payout_budget_day'])
      .executeTakeFirst();
    if (!row) return;
    await releaseBudget(trx, row);
    await recordAudit(
      trx,
      actor,
      {
        action: 'prize.pay.failed',
        targetType: 'prize',
        targetId: prizeId,
        tournamentId: row.tournament_id,
        details: { userId: row.user_id, sats: Number(row.prize_value), paymentHash, reason },
      },
      now,
    );
    payoutCount.inc({ outcome: 'failed' });
  });
}
