import type { PayAllResponse, PayPrizeResponse, Payout } from '~/lib/schemas/payouts';
import type { Db } from '../../db';
import type { Actor } from '../../shared/audit';
import { conflict, notFound } from '../../shared/errors';
import { ARCADE, payPrize, type PayoutServices } from './payouts';

// Paying many bitcoin prizes, one after the other, each as payouts.ts pays one (README, "Lightning
// payouts"): the admin's Pay all, and the automatic payouts once a tournament's winners are processed.

/**
 * `POST /api/admin/tournaments/{id}/pay-all`: every payable bitcoin prize of the tournament (pending
 * or failed, its winner with an address), one after the other. A prize the budget refuses stays
 * pending and the rest are still tried.
 */
export async function payAll(
  services: PayoutServices,
  actor: Actor,
  tournamentId: number,
  now = Date.now,
): Promise<PayAllResponse> {
  if (!services.wallet)
    throw conflict('Lightning payouts are off: no wallet is connected (NWC_URL). Pay by hand and press Distribute.');
  const tournament = await services.db
    .selectFrom('tournaments')
    .select('id')
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  if (!tournament) throw notFound(`There is no tournament ${tournamentId}.`);
  const prizes = await payablePrizes(services.db, { tournamentId, retryFailed: true });
  const results: PayPrizeResponse[] = [];
  let refused = 0;
  for (const { id } of prizes) {
    try {
      results.push(await payPrize(services, actor, id, now));
    } catch (error) {
      if (!(error instanceof Error) || !('status' in error) || error.status !== 409) throw error;
      // Taken by another request meanwhile, or over the budget: it stays as it is.
      if (/budget/.test(error.message)) refused += 1;
    }
  }
  const count = (state: Payout['state']) => results.filter((r) => r.payout.state === state).length;
  const sent = count('sent');
  const failed = count('failed');
  const paying = count('paying');
  const parts = [
    `${sent} paid`,
    failed ? `${failed} failed` : '',
    paying ? `${paying} waiting for the wallet` : '',
    refused ? `${refused} over today's budget` : '',
  ].filter(Boolean);
  return {
    message: prizes.length ? `${parts.join(', ')}.` : 'No prize of this tournament can be paid now.',
    sent,
    failed,
    paying,
    refused,
    results,
  };
}

/**
 * Pending bitcoin prizes whose winner has an address, is not banned (their prizes are withheld) and
 * no payout under way (failed ones only when asked).
 */
function payablePrizes(db: Db, { tournamentId, retryFailed }: { tournamentId?: number; retryFailed: boolean }) {
  let query = db
    .selectFrom('prize_awards as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('p.id')
    .where('p.prize_type', '=', 'bitcoin')
    .where('p.status', '=', 'pending')
    .where('p.prize_value', '>', 0)
    .where('u.lightning_address', 'is not', null)
    .where('u.banned_at', 'is', null)
    .where((eb) =>
      retryFailed
        ? eb.or([eb('p.payout_state', 'is', null), eb('p.payout_state', '=', 'failed')])
        : eb('p.payout_state', 'is', null),
    );
  if (tournamentId !== undefined) query = query.where('p.tournament_id', '=', tournamentId);
  return query.orderBy('p.id').execute();
}

/**
 * Automatic payment (PAYOUT_AUTOMATIC): every pending bitcoin prize never tried whose winner has an
 * address, of one tournament (right after its winners are processed) or of all (the sweep, so a
 * winner who adds an address later is paid too, and a crash between processing and paying loses
 * nothing). A failed payout waits for an administrator's RETRY. Returns how many were tried.
 */
export async function payAutomatically(services: PayoutServices, tournamentId?: number): Promise<number> {
  if (!services.wallet || !services.config.payouts.automatic) return 0;
  let tried = 0;
  for (const { id } of await payablePrizes(services.db, { tournamentId, retryFailed: false })) {
    try {
      await payPrize(services, ARCADE, id);
      tried += 1;
    } catch (error) {
      // Taken by another process meanwhile, or over today's budget: it stays pending for later.
      if (!(error instanceof Error) || !('status' in error) || error.status !== 409) throw error;
    }
  }
  return tried;
}
