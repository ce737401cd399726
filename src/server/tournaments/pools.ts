import { sql, type Insertable } from 'kysely';
import { growPrizes, type PoolRule } from '~/lib/prize-pools';
import { prizePool } from '~/lib/tournament-prizes';
import { tournamentStatusAt } from '~/lib/tournament-status';
import type { Db } from '../db';
import type { PrizeAwardsTable, TournamentRow } from '../db/schema';
import { recordAudit, type Actor } from '../shared/audit';
import { conflict, notFound } from '../shared/errors';

// Prize pools the community fills (notes/pools.md). A donation may be earmarked for a tournament
// that is upcoming or running and offers bitcoin prizes. Its pool is what the administrator set plus
// the sats given to it (credited donations only). When the winners are processed (once: the first
// processing, in its transaction), every credited earmarked donation not yet decided is marked,
// 'prizes' when the winners' bitcoin prizes grew by its sats under the tournament's rule, 'general'
// when there was nobody to add them to (the arcade's general fund). A donation credited after that
// (an invoice paid late) is the general fund's too: its outcome stays null, which, once the winners
// are processed, the pages and the books read as the general fund.

/** The set prizes (sats) of a tournament row. */
export const setPoolOf = (
  row: Pick<TournamentRow, 'first_place_sats' | 'second_to_fifth_sats' | 'random_participant_sats'>,
) =>
  prizePool({
    firstPlaceSats: Number(row.first_place_sats),
    secondToFifthSats: Number(row.second_to_fifth_sats),
    randomParticipantSats: Number(row.random_participant_sats),
  });

/** Each tournament's sats given to its pool so far (credited; after processing, those that went to its prizes). */
export async function givenSatsOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('donations as d')
    .leftJoin('tournament_processing as p', 'p.tournament_id', 'd.tournament_id')
    .select(['d.tournament_id', sql<string | number>`sum(d.received_msat / 1000)`.as('sats')])
    .where('d.tournament_id', 'in', ids)
    .where('d.state', '=', 'paid')
    .where((eb) =>
      eb.or([
        eb('d.pool_outcome', '=', 'prizes'),
        eb.and([eb('d.pool_outcome', 'is', null), eb('p.tournament_id', 'is', null)]),
      ]),
    )
    .groupBy('d.tournament_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.tournament_id), Number(r.sats)]));
}

/** Whether visitors can add to a tournament's pool at `now`: upcoming or running, and offering bitcoin prizes. */
export function poolOpen(row: TournamentRow, now: number): boolean {
  return tournamentStatusAt(row.start_at, row.end_at, now) !== 'past' && setPoolOf(row) > 0;
}

/** The tournament a donation is earmarked for, checked open (404 unknown, 409 ended or no bitcoin prizes). */
export async function openPool(db: Db, tournamentId: number, now: number): Promise<TournamentRow> {
  const row = await db.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).executeTakeFirst();
  if (!row) throw notFound('There is no such tournament to add to.');
  if (tournamentStatusAt(row.start_at, row.end_at, now) === 'past')
    throw conflict(`"${row.name}" has ended: its pool takes no more sats. A donation to the arcade is still welcome.`);
  if (setPoolOf(row) === 0) throw conflict(`"${row.name}" offers no bitcoin prizes, so it has no pool to add to.`);
  return row;
}

/**
 * At the first processing of a tournament's winners (inside its transaction, the tournament row
 * locked): the given sats, decided once. Marks every credited earmarked donation not yet decided,
 * grows `prizes` (the bitcoin awards about to be created, set values in `prize_value`) by the
 * tournament's rule, and audits it. Returns the awards with their grown values.
 */
export async function growPoolOnce(
  trx: Db,
  actor: Actor,
  row: TournamentRow,
  prizes: Insertable<PrizeAwardsTable>[],
  now: number,
): Promise<Insertable<PrizeAwardsTable>[]> {
  const rule: PoolRule = row.pool_rule === 'first_place' ? 'first_place' : 'proportional';
  const set = prizes.map((p) => ({ reason: String(p.award_reason), setSats: Number(p.prize_value ?? 0) }));
  const undecided = trx
    .selectFrom('donations')
    .select(['id', 'received_msat'])
    .where('tournament_id', '=', row.id)
    .where('state', '=', 'paid')
    .where('pool_outcome', 'is', null);
  const waiting = await undecided.execute();
  if (waiting.length === 0) return prizes;
  const givenSats = waiting.reduce((sum, d) => sum + Math.floor(Number(d.received_msat) / 1000), 0);
  const added = growPrizes(rule, set, givenSats);
  const outcome = added ? 'prizes' : 'general';
  await trx
    .updateTable('donations')
    .set({ pool_outcome: outcome })
    .where(
      'id',
      'in',
      waiting.map((d) => d.id),
    )
    .where('pool_outcome', 'is', null)
    .execute();
  const grown = prizes.map((p, i) => ({ ...p, prize_value: Number(p.prize_value ?? 0) + (added?.[i] ?? 0) }));
  await recordAudit(
    trx,
    actor,
    {
      action: added ? 'tournament.pool_grown' : 'tournament.pool_to_general_fund',
      targetType: 'tournament',
      targetId: row.id,
      tournamentId: row.id,
      details: {
        rule,
        givenSats,
        donations: waiting.map((d) => d.id),
        prizes: grown.map((p, i) => ({
          userId: p.user_id,
          reason: p.award_reason,
          setSats: set[i]!.setSats,
          addedSats: added?.[i] ?? 0,
        })),
      },
    },
    now,
  );
  return grown;
}
