import { iso } from '~/lib/dates';
import type { BookIn, BookOut, Books } from '~/lib/schemas/donations';
import { formatOrdinal } from '~/lib/numbers';
import type { Services } from '../context';
import { recordAudit, type Actor } from '../shared/audit';
import { notFound } from '../shared/errors';

// The open books (README, "Donations and open books"): every donation credited (money in) and every
// bitcoin prize sent (money out), with totals per UTC month and per tournament pool. Each Lightning
// entry carries its payment hash and preimage, which a visitor's browser checks. A donor's name and
// message are theirs to choose and an administrator's to hide (audited); they are text, never markup.

/** What the books show for a donor who chose no name, or whose name an administrator hid. */
export const ANONYMOUS = 'anonymous';

const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);

function reasonOf(awardReason: string): string {
  if (awardReason === 'first_place') return '1st place';
  if (awardReason === 'random_participant') return 'Random participant';
  const place = /^place_(\d+)$/.exec(awardReason);
  return place ? `${formatOrdinal(Number(place[1]))} place` : awardReason;
}

/**
 * Where the sats of a donation to a pool went: decided at the processing of its winners (pools.ts);
 * credited after it, the general fund's.
 */
function poolOutcomeOf(row: {
  tournament_id: number | null;
  pool_outcome: 'prizes' | 'general' | null;
  processed_at: number | null;
}): BookIn['pool'] {
  if (row.tournament_id === null) return null;
  if (row.pool_outcome) return row.pool_outcome;
  return row.processed_at === null ? 'waiting' : 'general';
}

/** `GET /api/books` and the `/books` page. */
export async function openBooks(services: Pick<Services, 'db'>): Promise<Books> {
  const { db } = services;
  const [donations, prizes] = await Promise.all([
    db
      .selectFrom('donations as d')
      .leftJoin('tournaments as t', 't.id', 'd.tournament_id')
      .leftJoin('tournament_processing as tp', 'tp.tournament_id', 'd.tournament_id')
      .select([
        'd.pool_outcome',
        'tp.processed_at',
        'd.id',
        'd.paid_at',
        'd.received_msat',
        'd.name',
        'd.message',
        'd.hidden_at',
        'd.source',
        'd.payment_hash',
        'd.preimage',
        'd.invoice',
        'd.tournament_id',
        't.name as tournament_name',
      ])
      .where('d.state', '=', 'paid')
      .orderBy('d.paid_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute(),
    db
      .selectFrom('prize_awards as p')
      .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.prize_value',
        'p.award_reason',
        'p.sent_at',
        'p.payout_state',
        'p.payout_hash',
        'p.payout_preimage',
        'p.payout_paid_at',
        'p.tournament_id',
        't.name as tournament_name',
        'u.username',
      ])
      .where('p.prize_type', '=', 'bitcoin')
      .where('p.status', '=', 'sent')
      .where('p.prize_value', '>', 0)
      .execute(),
  ]);

  const moneyIn = donations.map((row): BookIn => {
    const hidden = row.hidden_at !== null;
    return {
      id: row.id,
      paidAt: iso(row.paid_at)!,
      sats: Math.floor(Number(row.received_msat) / 1000),
      name: hidden || !row.name ? ANONYMOUS : row.name,
      message: hidden ? null : row.message,
      hidden,
      source: row.source,
      tournament: row.tournament_id === null ? null : { id: row.tournament_id, name: row.tournament_name ?? '' },
      pool: poolOutcomeOf(row),
      paymentHash: row.payment_hash,
      preimage: row.preimage ?? '',
      invoice: row.invoice,
    };
  });
  const moneyOut = prizes
    .map((row): BookOut => {
      const lightning = row.payout_state === 'sent';
      return {
        prizeId: row.id,
        paidAt: iso(lightning ? row.payout_paid_at : row.sent_at) ?? iso(row.sent_at) ?? new Date(0).toISOString(),
        sats: Number(row.prize_value),
        username: row.username,
        reason: reasonOf(row.award_reason),
        tournament: { id: row.tournament_id, name: row.tournament_name },
        method: lightning ? 'lightning' : 'manual',
        paymentHash: lightning ? row.payout_hash : null,
        preimage: lightning ? row.payout_preimage : null,
      };
    })
    .sort((a, b) => b.paidAt.localeCompare(a.paidAt) || b.prizeId - a.prizeId);

  const months = new Map<string, { month: string; inSats: number; outSats: number }>();
  const monthOf = (key: string) => {
    let entry = months.get(key);
    if (!entry) months.set(key, (entry = { month: key, inSats: 0, outSats: 0 }));
    return entry;
  };
  for (const entry of moneyIn) monthOf(month(Date.parse(entry.paidAt))).inSats += entry.sats;
  for (const entry of moneyOut) monthOf(month(Date.parse(entry.paidAt))).outSats += entry.sats;

  const pools = new Map<number, Books['pools'][number]>();
  const poolOf = (tournament: { id: number; name: string }) => {
    let entry = pools.get(tournament.id);
    if (!entry)
      pools.set(
        tournament.id,
        (entry = { tournament, givenSats: 0, waitingSats: 0, toPrizesSats: 0, generalSats: 0, paidSats: 0 }),
      );
    return entry;
  };
  for (const entry of moneyIn)
    if (entry.tournament) {
      const pool = poolOf(entry.tournament);
      pool.givenSats += entry.sats;
      if (entry.pool === 'prizes') pool.toPrizesSats += entry.sats;
      else if (entry.pool === 'general') pool.generalSats += entry.sats;
      else pool.waitingSats += entry.sats;
    }
  for (const entry of moneyOut) poolOf(entry.tournament).paidSats += entry.sats;

  const sum = (entries: { sats: number }[]) => entries.reduce((total, entry) => total + entry.sats, 0);
  return {
    in: moneyIn,
    out: moneyOut,
    months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)),
    pools: [...pools.values()].sort((a, b) => b.tournament.id - a.tournament.id),
    totals: { inSats: sum(moneyIn), outSats: sum(moneyOut) },
  };
}

/** `POST /api/admin/donations/{id}/hide`: hide (or show again) a donor's name and message, audited. */
export async function hideDonation(
  services: Pick<Services, 'db'>,
  actor: Actor,
  donationId: number,
  hidden: boolean,
  now = Date.now(),
): Promise<{ message: string; id: number; hidden: boolean }> {
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('donations')
      .set({ hidden_at: hidden ? now : null })
      .where('id', '=', donationId)
      .where('state', '=', 'paid')
      .returning(['id', 'tournament_id', 'name', 'message'])
      .executeTakeFirst();
    if (!row) throw notFound(`There is no donation ${donationId} in the books.`);
    await recordAudit(
      trx,
      actor,
      {
        action: hidden ? 'donation.hide' : 'donation.show',
        targetType: 'donation',
        targetId: row.id,
        tournamentId: row.tournament_id,
        details: { name: row.name, message: row.message },
      },
      now,
    );
    return {
      message: hidden ? "The donor's name and message are hidden from the books." : 'Shown in the books again.',
      id: row.id,
      hidden,
    };
  });
}
