import { iso } from '~/lib/dates';
import type { PayoutProof, PayoutProofResponse } from '~/lib/schemas/payouts';
import type { Services } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../shared/errors';

/**
 * `GET /api/tournaments/{id}/payouts` and the `/tournament/{id}/payouts` page: every bitcoin prize of
 * the tournament by final rank, and for each one paid over Lightning its payment hash, preimage and
 * time, which anyone can check (SHA-256 of the preimage is the hash). The invoice names the node
 * where the winner receives their sats, so only the winner and administrators get it (README,
 * "Lightning payouts"); a prize sent by hand says so, without the admin's note.
 */
export async function payoutProof(
  services: Pick<Services, 'db' | 'rankings' | 'config'>,
  tournamentId: number,
  viewer: Pick<UserRow, 'id'> | null,
): Promise<PayoutProofResponse> {
  const { db } = services;
  const tournament = await db
    .selectFrom('tournaments')
    .select(['id', 'name'])
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  if (!tournament) throw notFound(`There is no tournament ${tournamentId}.`);
  const [rows, ranking] = await Promise.all([
    db
      .selectFrom('prize_awards as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.user_id',
        'p.prize_value',
        'p.status',
        'p.sent_at',
        'p.payout_state',
        'p.payout_hash',
        'p.payout_preimage',
        'p.payout_invoice',
        'p.payout_paid_at',
        'u.username',
      ])
      .where('p.tournament_id', '=', tournamentId)
      .where('p.prize_type', '=', 'bitcoin')
      .orderBy('p.id')
      .execute(),
    services.rankings.tournament(tournamentId),
  ]);
  const isAdmin = viewer !== null && services.config.adminUserIds.has(viewer.id);
  const prizes = rows.map((row): PayoutProof => {
    const player = ranking.players.get(row.user_id);
    const lightning = row.payout_state === 'sent';
    const seesInvoice = lightning && (isAdmin || viewer?.id === row.user_id);
    return {
      prizeId: row.id,
      username: row.username,
      rank: player ? ranking.global.rankOf(player) : null,
      sats: Number(row.prize_value),
      method: lightning ? 'lightning' : row.status === 'sent' ? 'manual' : 'pending',
      paymentHash: lightning ? row.payout_hash : null,
      preimage: lightning ? row.payout_preimage : null,
      invoice: seesInvoice ? row.payout_invoice : null,
      paidAt: iso(lightning ? row.payout_paid_at : row.sent_at),
    };
  });
  prizes.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.prizeId - b.prizeId);
  return { tournament: { id: tournament.id, name: tournament.name }, prizes };
}
