import type { WonPrize } from '~/lib/schemas/profile';
import type { Db } from '../db';

/** How many prizes a profile lists. */
export const PROFILE_PRIZES = 20;

/** The tournament prizes a player won, newest first: what their profile and dashboard show. */
export async function listWonPrizes(db: Db, userId: number): Promise<WonPrize[]> {
  const rows = await db
    .selectFrom('prize_awards as p')
    .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
    .leftJoin('avatars as a', 'a.avatar_id', 'p.avatar_id')
    .select([
      'p.tournament_id',
      't.name',
      'p.prize_type',
      'p.prize_value',
      'a.name as avatar_name',
      'a.image_url',
      'p.status',
      'p.payout_state',
      'p.created_at',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(PROFILE_PRIZES)
    .execute();
  return rows.map((r) => ({
    tournamentId: r.tournament_id,
    tournamentName: r.name,
    prizeType: r.prize_type,
    prizeValue: Number(r.prize_value),
    avatarName: r.avatar_name,
    avatarImage: r.image_url,
    status: r.status,
    awardedAt: new Date(Number(r.created_at)).toISOString(),
    paidOverLightning: r.payout_state === 'sent',
  }));
}

/**
 * Whether a player would get a prize paid by adding a Lightning Address: they have none, and a
 * bitcoin prize of theirs is still pending (Lightning payouts need an address to ask for an invoice).
 */
export async function waitsForAnAddress(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where('u.lightning_address', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('prize_awards as p')
          .select('p.id')
          .whereRef('p.user_id', '=', 'u.id')
          .where('p.prize_type', '=', 'bitcoin')
          .where('p.status', '=', 'pending')
          .where('p.prize_value', '>', 0),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}
